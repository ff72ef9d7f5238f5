// The page's fetch client, typed by contract/: JSON in and out, retries, the client header, auth errors.
import type { z } from 'zod';
import { ErrorBody, type ErrorCode } from '../../contract/index.ts';

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
export const MAX_RETRIES = 5;
const BASE_DELAY_MS = 300;

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Retries on network failure and 5xx; default true for GET, and for writes that carry an idempotency key. */
  retry?: boolean;
  signal?: AbortSignal;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Calls `path` (e.g. "/api/user.php") and parses the answer with `schema`.
 * Retries network errors and 5xx answers up to MAX_RETRIES times (delays 300 ms, 600 ms, 1.2 s, ...).
 * Throws ApiCallError with the server's code for 4xx answers; on 403 authentication_required also calls
 * the handler set by setAuthRequiredHandler.
 */
export async function api<S extends z.ZodType>(path: string, schema: S, opts: CallOptions = {}): Promise<z.infer<S>> {
  const method = opts.method ?? 'GET';
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  const retries = (opts.retry ?? method === 'GET') ? MAX_RETRIES : 0;
  let lastError: ApiCallError = new ApiCallError(0, 'network', 'network');
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(BASE_DELAY_MS * 2 ** (attempt - 1));
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        credentials: 'same-origin',
        signal: opts.signal,
        headers: { 'x-client': 'pwa', accept: 'application/json', ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      });
    } catch (e) {
      if (opts.signal?.aborted) throw e;
      lastError = new ApiCallError(0, 'network', String(e));
      continue;
    }
    const data: unknown = await res.json().catch(() => null);
    if (res.ok) return schema.parse(data);
    const parsed = ErrorBody.safeParse(data);
    const error = parsed.success
      ? new ApiCallError(res.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.fields, parsed.data.error.params)
      : new ApiCallError(res.status, 'server_error', res.statusText);
    if (error.code === 'authentication_required') onAuthRequired();
    if (res.status < 500) throw error;
    lastError = error;
  }
  throw lastError;
}
