// Spec 2: each alert's dismissal is stored with its timestamp under its own key (hide-push-notification-alert,
// hide-disabled-notifications-alert, ...). One home for reading and writing them, defensive because storage may
// be blocked (private mode, embedded views).

/** When the alert under `key` was dismissed (ms since epoch), or null when it never was or storage is blocked. */
export function dismissedAt(key: string): number | null {
  try {
    const value = localStorage.getItem(key);
    if (value === null) return null;
    const at = Number(value);
    // A value that is not a time still means "dismissed": treat it as dismissed long ago.
    return Number.isFinite(at) ? at : 0;
  } catch {
    return null;
  }
}

/** Stores the dismissal of the alert under `key` with the current time; answers that time (ms since epoch). */
export function storeDismissal(key: string): number {
  const at = Date.now();
  try {
    localStorage.setItem(key, String(at));
  } catch {
    // Storage blocked: the alert hides for this page only (the caller keeps it hidden in its state).
  }
  return at;
}
