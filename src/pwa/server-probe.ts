// Whether the server can be reached, asked the one way the app asks it: a HEAD of the settings call. Apart from
// online.ts (whose import starts listening to the window) so the entry's lazy loader (src/app/lazy-screen.ts) can ask
// too without it.

/** While the server cannot be reached, how often it is asked again (ms). */
export const PROBE_INTERVAL_MS = 5_000;

/** Whether the server answers now (any status); false when the request fails for the network. */
export async function serverAnswers(): Promise<boolean> {
  try {
    await fetch('/api/settings.php', { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}
