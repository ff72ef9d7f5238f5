// The console's calls to /api/ops (docs/api.md "Back office"): JSON in and out, errors as OpsApiError, and a hook
// that loads a path's answer for a screen.
import { useCallback, useEffect, useState } from 'react';

/** A refused call: the HTTP `status`, the server's error `code` (e.g. `forbidden`) and its English `message`. */
export class OpsApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'OpsApiError';
  }
}

/** Dispatches `unauthorized` whenever a call answers 401 (session ended or timed out); src/ops/session.tsx listens. */
export const opsEvents = new EventTarget();

/**
 * Calls `/api/ops<path>` (e.g. `opsFetch('/complaints')`, `opsFetch('/staff', { method: 'POST', body: {...} })`)
 * with the staff session cookie, `body` sent as JSON, and answers the parsed JSON body. Throws OpsApiError on any
 * answer but 2xx (status 0, code `network` when the request did not get through); a 401 also dispatches
 * `unauthorized` on opsEvents.
 */
export async function opsFetch<T>(
  path: string,
  init: { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/ops${path}`, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new OpsApiError(0, 'network', 'The server could not be reached.');
  }
  const body = (await res.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
  if (!res.ok) {
    if (res.status === 401) opsEvents.dispatchEvent(new Event('unauthorized'));
    throw new OpsApiError(res.status, body.error?.code ?? 'error', body.error?.message ?? `Request failed (${res.status}).`);
  }
  return body as T;
}

/**
 * Loads `path` (GET through opsFetch) when the component mounts and whenever `path` changes; null loads nothing.
 * Answers the last answer `data`, the last `error`, whether a load is under way, and `reload()` to load again.
 */
export function useOpsData<T>(path: string | null): {
  data: T | undefined;
  error: OpsApiError | undefined;
  loading: boolean;
  reload(): void;
} {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<OpsApiError>();
  const [loading, setLoading] = useState(path !== null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (path === null) return;
    let current = true;
    setLoading(true);
    opsFetch<T>(path).then(
      (answer) => {
        if (!current) return;
        setData(answer);
        setError(undefined);
        setLoading(false);
      },
      (e: unknown) => {
        if (!current) return;
        setError(e instanceof OpsApiError ? e : new OpsApiError(0, 'error', String(e)));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [path, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data, error, loading, reload };
}
