// Network status as a store (spec 2: "Offline and online status is tracked"), apart from the indicator so the
// sync engine can read it too. Starts listening when first imported.
import { proxy } from 'valtio';
import { PROBE_INTERVAL_MS, serverAnswers } from './server-probe.ts';

/** `online` follows navigator.onLine and the window's online/offline events, and what the app's calls meet. */
export const network = proxy({ online: typeof navigator === 'undefined' ? true : navigator.onLine });

let probe: ReturnType<typeof setInterval> | null = null;

function setOnline(online: boolean): void {
  network.online = online;
  if (online && probe !== null) {
    clearInterval(probe);
    probe = null;
  }
}

/**
 * What a call of the app met: `true` for any answer of the server (an error status too), `false` when the request
 * failed for the network. navigator.onLine stays true on a network that reaches nothing (and under some browsers'
 * offline emulation), so a failed call marks the app offline; while it is, a HEAD of the settings call every
 * PROBE_INTERVAL_MS finds the way back when no other call does.
 */
export function reportReachable(reachable: boolean): void {
  if (reachable) {
    if (!network.online) setOnline(true);
    return;
  }
  network.online = false;
  probe ??= setInterval(() => {
    void serverAnswers().then((answers) => {
      if (answers) setOnline(true);
    });
  }, PROBE_INTERVAL_MS);
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => setOnline(true));
  window.addEventListener('offline', () => (network.online = false));
}
