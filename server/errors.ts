// The server's error type: a code from the contract, an HTTP status, and the spec's English message.
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
