// The member's offers (spec 3 "Time bonus state", 4 "Time bonus", "Welcome discount", 9; docs/payments.md
// "Discounts"): the time bonus with its countdown, the welcome discount and a code the member typed, and which of them
// applies. One timer at most ticks for all of them; the end of each comes from the server and is read against the
// server's clock (the skew measured on load), so every tab and device counts down to the same moment.
import { proxy } from 'valtio';
import { DiscountCodeResponse, type DiscountCode } from '../../../contract/index.ts';
import { firstAnswer } from '../../api/first-answers.ts';
import { countdownOf, type Countdown } from './countdown.ts';
import { OFFER_CALLS } from './offer-calls.ts';

/** Spec 9: the countdown ticks once a second. */
const TICK_MS = 1000;

export interface OfferState {
  /** The time bonus (TIMEBONUS25) while it runs; `isVisible` and `countdownTimer` are spec 3's state. */
  timeBonus: DiscountCode | null;
  isVisible: boolean;
  countdownTimer: Countdown | null;
  /** The welcome discount while the member may have it, and the time left of it. */
  welcome: DiscountCode | null;
  welcomeLeft: Countdown | null;
  /** A code the member typed on /credits and the server accepted. */
  entered: DiscountCode | null;
  /** The server's clock minus this device's (ms), measured when an offer was loaded. */
  skewMs: number;
}

const initial = (): OfferState => ({
  timeBonus: null,
  isVisible: false,
  countdownTimer: null,
  welcome: null,
  welcomeLeft: null,
  entered: null,
  skewMs: 0,
});

export const offers = proxy<OfferState>(initial());

let timer: ReturnType<typeof setInterval> | null = null;

/** The server's time now, by this device's clock corrected for the measured skew (ms since epoch). */
export const serverNow = () => Date.now() + offers.skewMs;

/**
 * The skew of this device's clock against `serverTime` (ISO 8601), answered to a call sent at `sentAt` and received at
 * `receivedAt` (ms, this device's clock): the server wrote it about halfway.
 */
export function measureSkew(serverTime: string, sentAt: number, receivedAt: number): number {
  return Date.parse(serverTime) - (sentAt + receivedAt) / 2;
}

/**
 * Recomputes the countdowns at `now` (ms since epoch, the server's clock); an offer whose time is up is cleared, and
 * the timer stops when none is left.
 */
function tick(now = serverNow()): void {
  const msLeft = (code: DiscountCode | null) => (code?.expires ? Date.parse(code.expires) - now : Infinity);
  if (offers.timeBonus) {
    const left = msLeft(offers.timeBonus);
    if (left <= 0) clearTimeBonus();
    else offers.countdownTimer = countdownOf(left);
  }
  if (offers.welcome) {
    const left = msLeft(offers.welcome);
    if (left <= 0) {
      offers.welcome = null;
      offers.welcomeLeft = null;
    } else offers.welcomeLeft = left === Infinity ? null : countdownOf(left);
  }
  if (offers.entered && msLeft(offers.entered) <= 0) offers.entered = null;
  if (!offers.timeBonus && !offers.welcome && !offers.entered) stopTimer();
}

function stopTimer(): void {
  if (timer !== null) clearInterval(timer);
  timer = null;
}

/** Starts the one timer unless it runs, and ticks once now. */
function ensureTimer(): void {
  tick();
  if (timer === null && (offers.timeBonus || offers.welcome || offers.entered)) timer = setInterval(tick, TICK_MS);
}

/**
 * Sets the offers loaded from the server: the time bonus and the welcome discount (null: none), with the clock skew
 * measured on that load. An offer already over is not shown.
 */
export function setOffers(timeBonus: DiscountCode | null, welcome: DiscountCode | null, skewMs: number): void {
  offers.skewMs = skewMs;
  offers.timeBonus = timeBonus;
  offers.isVisible = timeBonus !== null;
  offers.countdownTimer = null;
  offers.welcome = welcome;
  offers.welcomeLeft = null;
  ensureTimer();
}

/**
 * Shows the offers a server render came with (OFFER_CALLS' first answers, src/api/first-answers.ts), with their
 * countdowns at the answer's server time, so the server's render and the page's first render draw the same; none
 * without them. No timer: the offers service loads them again once the page is live and starts it (spec 9's tick).
 */
export function adoptRenderedOffers(): void {
  clearOffers();
  const bonus = firstAnswer(OFFER_CALLS[0], DiscountCodeResponse);
  if (!bonus) return;
  offers.timeBonus = bonus.discount_code;
  offers.isVisible = bonus.discount_code !== null;
  offers.welcome = firstAnswer(OFFER_CALLS[1], DiscountCodeResponse)?.discount_code ?? null;
  tick(Date.parse(bonus.server_time));
}

/** Keeps `code`, a code the member typed and the server accepted, as the discount of the orders to come (null: none). */
export function setEnteredCode(code: DiscountCode | null): void {
  offers.entered = code;
  ensureTimer();
}

/** Spec 4: the time bonus ends (at zero, on logout, when the member is paid or has no signup). */
function clearTimeBonus(): void {
  offers.timeBonus = null;
  offers.isVisible = false;
  offers.countdownTimer = null;
  if (!offers.welcome && !offers.entered) stopTimer();
}

/** Clears every offer and stops the timer (logout, or the member became paid). */
export function clearOffers(): void {
  stopTimer();
  Object.assign(offers, initial());
}

/**
 * The discount the orders get (spec 4): a code the member typed, else the time bonus while it is visible, else the
 * welcome discount code.
 */
export function activeDiscount<C>(state: {
  entered: C | null;
  timeBonus: C | null;
  isVisible: boolean;
  welcome: C | null;
}): C | null {
  return state.entered ?? (state.isVisible ? state.timeBonus : null) ?? state.welcome;
}
