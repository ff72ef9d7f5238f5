// The install prompt, apart from its button because Chromium's `beforeinstallprompt` fires early, before any
// layout has loaded: the entry (src/app/main.tsx) calls captureInstallPrompt() while it runs, and the button reads the store.
import { proxy } from 'valtio';
import { isStandalone } from './standalone.ts';

/** Chromium's event (not in TypeScript's DOM lib). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** `canInstall` while the browser offers installation (the "Install app" button shows); `installed` after appinstalled. */
export const installState = proxy({ canInstall: false, installed: false });

let deferred: BeforeInstallPromptEvent | null = null;
let capturing = false;

/** Keeps the browser's install prompt for our own button (instead of the browser's mini-infobar). Idempotent. */
export function captureInstallPrompt(): void {
  if (capturing || typeof window === 'undefined') return;
  capturing = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    installState.canInstall = true;
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installState.canInstall = false;
    installState.installed = true;
  });
}

/** Shows the browser's install dialog. Resolves with the user's choice, or 'unavailable' when there is no prompt. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  // A prompt can be shown once; the browser fires beforeinstallprompt again if installation is still possible.
  deferred = null;
  installState.canInstall = false;
  try {
    await event.prompt();
    return (await event.userChoice).outcome;
  } catch {
    return 'unavailable';
  }
}

/** Where the dismissal of the iOS hint is stored, with its time (like the spec 2 alerts' hide-* keys). */
const IOS_HINT_KEY = 'hide-ios-install-hint';

/** iPhone, iPod or iPad (iPadOS reports itself as a Mac with touch). */
export function isIos(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
}

/** iOS has no install prompt: the "Add to Home Screen" hint shows in the browser until dismissed. */
export function shouldShowIosHint(): boolean {
  if (!isIos() || isStandalone()) return false;
  try {
    return localStorage.getItem(IOS_HINT_KEY) === null;
  } catch {
    return false;
  }
}

/** Remembers the dismissal of the iOS hint (its value is the time, ms since epoch). */
export function dismissIosHint(): void {
  try {
    localStorage.setItem(IOS_HINT_KEY, String(Date.now()));
  } catch {
    // Storage blocked: the hint hides for this page only.
  }
}
