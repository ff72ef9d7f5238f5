// The page's fetch client, typed by contract/: JSON in and out, retries, the client header, auth errors.
import type { z } from 'zod';
import { ErrorBody, type ErrorCode } from '../../contract/index.ts';
import { reportReachable } from '../pwa/online.ts';
import { apiInit, apiUrl } from './request.ts';

/** A failed API call: `status` 0 means the network failed after all retries. `code` maps to `errors:<code>`. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    readonly fields?: Record<string, string>,
    /** Values for the translated message, e.g. `name` of `blocked`. */
    readonly params: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Called on a 403 authentication_required answer (spec 4: the client logs the user out). */
let onAuthRequired: () => void = () => {};
export function setAuthRequiredHandler(handler: () => void): void {
  onAuthRequired = handler;
}

/** Spec 7: failed requests are retried up to 5 times with exponential delay. */
const MAX_RETRIES = 5;
/** The first retry's delay in ms; each next one doubles it. Tests set it to 0. */
export const retryPolicy = { baseDelayMs: 300 };

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Sent as JSON; a FormData is sent as multipart/form-data. */
  body?: unknown;
  /** Retries on network failure and 5xx; default true for GET, and for writes that carry an idempotency key. */
  retry?: boolean;
  signal?: AbortSignal;
  /**
   * The same GET, already sent (src/api/request.ts startGet, the boot calls): its answer stands for the first
   * attempt; a failure is retried as usual.
   */
  started?: Promise<Response>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends one request with retries and answers the Response of a 2xx or 304 answer.
 * Retries network errors and 5xx answers up to MAX_RETRIES times (delays 300 ms, 600 ms, 1.2 s, ...). Tells the
 * network store what it met (src/pwa/online.ts reportReachable).
 * Throws ApiCallError with the server's code for 4xx answers; on 403 authentication_required also calls
 * the handler set by setAuthRequiredHandler.
 */
async function send(path: string, opts: CallOptions, headers: Record<string, string> = {}): Promise<Response> {
  const method = opts.method ?? 'GET';
  const url = apiUrl(path, opts.query);
  const retries = (opts.retry ?? method === 'GET') ? MAX_RETRIES : 0;
  let lastError: ApiCallError = new ApiCallError(0, 'network', 'network');
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(retryPolicy.baseDelayMs * 2 ** (attempt - 1));
    let res: Response;
    try {
      res =
        attempt === 0 && opts.started
          ? await opts.started
          : await fetch(url, {
              // A FormData body (an upload) gets its multipart type with the boundary from fetch.
              ...apiInit(method, {
                ...(opts.body !== undefined && !(opts.body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
                ...headers,
              }),
              signal: opts.signal,
              body: opts.body instanceof FormData ? opts.body : opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
            });
    } catch (e) {
      if (opts.signal?.aborted) throw e;
      reportReachable(false);
      lastError = new ApiCallError(0, 'network', String(e));
      continue;
    }
    reportReachable(true);
    if (res.ok || res.status === 304) return res;
    const data: unknown = await res.json().catch(() => null);
    const parsed = ErrorBody.safeParse(data);
    const error = parsed.success
      ? new ApiCallError(
          res.status,
          parsed.data.error.code,
          parsed.data.error.message,
          parsed.data.error.fields,
          parsed.data.error.params,
        )
      : new ApiCallError(res.status, 'server_error', res.statusText);
    if (error.code === 'authentication_required') onAuthRequired();
    if (res.status < 500) throw error;
    lastError = error;
  }
  throw lastError;
}

/** Calls `path` (e.g. "/api/user.php") and parses the answer with `schema`. Errors: see send(). */
export async function api<S extends z.ZodType>(path: string, schema: S, opts: CallOptions = {}): Promise<z.infer<S>> {
  const res = await send(path, opts);
  return schema.parse(await res.json().catch(() => null));
}

/**
 * A conditional GET (DESIGN: sync protocol): sends `etag` as If-None-Match. Answers null on 304 (nothing
 * changed), else the parsed body and the answer's ETag. Errors: see send().
 */
export async function conditionalGet<S extends z.ZodType>(
  path: string,
  schema: S,
  etag: string | null,
  opts: Pick<CallOptions, 'query' | 'signal'> = {},
): Promise<{ data: z.infer<S>; etag: string | null } | null> {
  const res = await send(path, opts, etag ? { 'if-none-match': etag } : {});
  if (res.status === 304) return null;
  return { data: schema.parse(await res.json().catch(() => null)), etag: res.headers.get('etag') };
}
