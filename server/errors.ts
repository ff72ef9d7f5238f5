// The server's error type: a code from the contract, an HTTP status, and the spec's English message.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorMessages, type ErrorCode } from '../contract/index.ts';

/** Thrown by domain and route code; the app answers `{ error: { code, message, fields? } }` with `status`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly params: Record<string, string> = {},
    readonly fields?: Record<string, string>,
  ) {
    super(errorMessages[code].replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? ''));
  }
}

/** The `{ error }` body of an error code, with the spec's English message. */
export function errorBody(code: ErrorCode): { error: { code: ErrorCode; message: string } } {
  return { error: { code, message: errorMessages[code] } };
}

/** Status and code for errors of Fastify, its body parsers and the database that a client's input caused. */
const FRAMEWORK_ERRORS: Record<number, ErrorCode> = {
  413: 'request_too_large',
  414: 'request_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  431: 'request_too_large',
};

/** True when `e` or one of its causes is a PostgreSQL data exception (SQLSTATE class 22: a value the column cannot hold). */
function isDataException(e: unknown): boolean {
  for (let c: unknown = e; c; c = (c as { cause?: unknown }).cause) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/**
 * Maps any error thrown while answering to a status and an ErrorBody: ApiError as thrown; a framework 4xx (body too
 * large, bad JSON, bad content type) to its status with request_too_large, too_many_requests or bad_request; a
 * database data exception (a value out of a column's range that the contract let through) to 400 bad_request.
 * Anything else is a 500 server_error, and `serverFault` is true so the caller logs it.
 */
export function errorReply(err: unknown): { status: number; body: object; serverFault: boolean } {
  if (err instanceof ApiError) {
    const params = Object.keys(err.params).length ? { params: err.params } : {};
    return {
      status: err.status,
      serverFault: false,
      body: { error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}), ...params } },
    };
  }
  const { statusCode, code } = err as { statusCode?: number; code?: string };
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return { status: 415, serverFault: false, body: errorBody('unsupported_media_type') };
  if (statusCode && statusCode >= 400 && statusCode < 500)
    return { status: statusCode, serverFault: false, body: errorBody(FRAMEWORK_ERRORS[statusCode] ?? 'bad_request') };
  if (isDataException(err)) return { status: 400, serverFault: false, body: errorBody('bad_request') };
  return { status: 500, serverFault: true, body: errorBody('server_error') };
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request before routing (headers over 16 KiB, a
 * malformed request line or header, a broken chunk). Answers 431 request_too_large or 400 bad_request in the error
 * shape and closes the connection; a connection already gone is just destroyed.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, code]: [number, ErrorCode] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'request_too_large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'bad_request']
        : [400, 'bad_request'];
  const body = JSON.stringify(errorBody(code));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
