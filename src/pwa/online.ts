// Network status as a store (spec 2: "Offline and online status is tracked"), apart from the indicator so the
// sync engine can read it too. Starts listening when first imported.
import { proxy } from 'valtio';

/** `online` follows navigator.onLine and the window's online/offline events. */
export const network = proxy({ online: typeof navigator === 'undefined' ? true : navigator.onLine });

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => (network.online = true));
  window.addEventListener('offline', () => (network.online = false));
}
