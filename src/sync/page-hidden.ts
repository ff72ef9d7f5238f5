// Spec 7: "POST /api/page-hidden.php, empty JSON, sent as a beacon when the page becomes hidden". The server ends
// the member's reading marks then, so what arrives while they are away comes as a push.

const PATH = '/api/page-hidden.php';

/** Sends the page-hidden beacon each time the page becomes hidden, until the returned function is called. */
export function watchPageHidden(): () => void {
  const onChange = () => {
    if (document.visibilityState !== 'hidden') return;
    // A beacon still leaves when the page is being closed; the Blob gives it the JSON content type.
    navigator.sendBeacon?.(PATH, new Blob(['{}'], { type: 'application/json' }));
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
