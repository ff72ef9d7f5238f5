// What every API call sends, in a module of its own (no zod, no contract): the entry starts the boot calls with it
// before the API client (src/api/client.ts) has loaded, and the client sends every other call the same way.

/** The address of `path` (e.g. "/api/settings.php") with `query`; empty and absent values are left out. */
export function apiUrl(path: string, query: Record<string, string | number | boolean | undefined | null> = {}): URL {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  return url;
}

/** The fetch options of a call: the session cookie, never the HTTP cache, the client header (spec 7) and JSON. */
export function apiInit(method: string, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { 'x-client': 'pwa', accept: 'application/json', ...headers },
  };
}

/**
 * Sends GET `path` at once, as the API client would (docs/perf.md, "Lighthouse": the boot calls start while the
 * entry's other chunks load). Answers the pending Response; hand it to `api()` as `started`, which parses it and
 * retries on failure. A network failure is not reported here (the caller's `api()` sees it).
 */
export function startGet(path: string, query: Record<string, string> = {}): Promise<Response> {
  const pending = fetch(apiUrl(path, query), apiInit('GET'));
  pending.catch(() => {});
  return pending;
}
