import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiscountCode } from '../../../contract/index.ts';
import { countdownOf, formatCountdown } from './countdown.ts';
import { seedFirstAnswers } from '../../api/first-answers.ts';
import {
  activeDiscount,
  adoptRenderedOffers,
  clearOffers,
  measureSkew,
  offers,
  setEnteredCode,
  setOffers,
} from './offer-store.ts';
import { OFFER_CALLS } from './offer-calls.ts';

const T0 = Date.parse('2026-11-23T10:00:00Z');
const code = (over: Partial<DiscountCode> = {}): DiscountCode => ({
  code: 'TIMEBONUS25',
  country: null,
  user_id: null,
  expires: new Date(T0 + 14400_000).toISOString(),
  value_percentage: 25,
  currency: null,
  minimum_order_value: 0,
  status: 'active',
  validity: 'once_per_user',
  expired: false,
  paymentmethods: null,
  ...over,
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  clearOffers();
  vi.useRealTimers();
});

describe('countdown (spec 9: hh:mm:ss zero padded)', () => {
  it('splits and pads', () => {
    expect(formatCountdown(countdownOf(14400_000))).toBe('04:00:00');
    expect(formatCountdown(countdownOf(3 * 3600_000 + 59 * 60_000 + 7_000))).toBe('03:59:07');
    expect(formatCountdown(countdownOf(999))).toBe('00:00:01');
    expect(formatCountdown(countdownOf(-5))).toBe('00:00:00');
  });
});

describe('the time bonus state (spec 4)', () => {
  it('ticks once a second down to zero, then clears itself and stops its timer', () => {
    setOffers(code({ expires: new Date(T0 + 3_000).toISOString() }), null, 0);
    expect(offers).toMatchObject({ isVisible: true, countdownTimer: { hours: 0, minutes: 0, seconds: 3 } });
    vi.advanceTimersByTime(1000);
    expect(offers.countdownTimer).toEqual({ hours: 0, minutes: 0, seconds: 2 });
    vi.advanceTimersByTime(2000);
    expect(offers).toMatchObject({ timeBonus: null, isVisible: false, countdownTimer: null });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("counts to the server's end on the server's clock: a device 10 minutes fast shows the same time", () => {
    const skew = measureSkew(new Date(T0 - 600_000).toISOString(), T0 - 100, T0 + 100);
    expect(skew).toBe(-600_000);
    setOffers(code(), null, skew);
    expect(formatCountdown(offers.countdownTimer!)).toBe('04:10:00');
  });

  it('runs one timer however often it is set, and none after logout or when the member became paid', () => {
    setOffers(code(), null, 0);
    setOffers(code(), code({ code: 'WELCOME25' }), 0);
    setEnteredCode(code({ code: 'SAVE10' }));
    expect(vi.getTimerCount()).toBe(1);
    clearOffers();
    expect(vi.getTimerCount()).toBe(0);
    expect(offers).toMatchObject({ timeBonus: null, isVisible: false, countdownTimer: null, welcome: null, entered: null });
  });

  it('keeps the welcome discount ticking after the time bonus ended', () => {
    setOffers(
      code({ expires: new Date(T0 + 1_000).toISOString() }),
      code({ code: 'WELCOME25', expires: new Date(T0 + 86400_000).toISOString() }),
      0,
    );
    vi.advanceTimersByTime(1000);
    expect(offers.timeBonus).toBeNull();
    expect(offers.welcomeLeft).toEqual({ hours: 23, minutes: 59, seconds: 59 });
    expect(vi.getTimerCount()).toBe(1);
  });

  it('chooses the active discount: a typed code, else the visible time bonus, else the welcome code', () => {
    const bonus = code();
    const welcome = code({ code: 'WELCOME25' });
    const typed = code({ code: 'SAVE10' });
    expect(activeDiscount({ entered: null, timeBonus: bonus, isVisible: true, welcome })).toBe(bonus);
    expect(activeDiscount({ entered: null, timeBonus: bonus, isVisible: false, welcome })).toBe(welcome);
    expect(activeDiscount({ entered: null, timeBonus: null, isVisible: false, welcome: null })).toBeNull();
    expect(activeDiscount({ entered: typed, timeBonus: bonus, isVisible: true, welcome })).toBe(typed);
  });
});

describe('offers drawn by the server (adoptRenderedOffers)', () => {
  it("shows the answers the page came with, counted down at the answer's server time, and starts no timer", () => {
    // The page is read 90 s after the server answered: its first render must still draw what the server drew.
    vi.setSystemTime(T0 + 90_000);
    const welcome = code({ code: 'WELCOME25', expires: new Date(T0 + 2 * 86_400_000).toISOString() });
    seedFirstAnswers({
      [OFFER_CALLS[0]]: { discount_code: code(), server_time: new Date(T0).toISOString() },
      [OFFER_CALLS[1]]: { discount_code: welcome, server_time: new Date(T0).toISOString() },
    });
    adoptRenderedOffers();
    expect(offers).toMatchObject({
      isVisible: true,
      countdownTimer: { hours: 4, minutes: 0, seconds: 0 },
      welcomeLeft: { hours: 48, minutes: 0, seconds: 0 },
    });
    expect(offers.welcome?.code).toBe('WELCOME25');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows none, and clears what was shown, when the page came without them', () => {
    setOffers(code(), null, 0);
    seedFirstAnswers({});
    adoptRenderedOffers();
    expect(offers).toMatchObject({ timeBonus: null, isVisible: false, countdownTimer: null, welcome: null });
    expect(vi.getTimerCount()).toBe(0);
  });
});
