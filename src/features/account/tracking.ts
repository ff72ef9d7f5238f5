// Tracking data of spec 3 (network, ref, sub1-3): taken from the landing URL, kept for this visit and
// sent with the signup. Its `network` is the traffic source that spec 5's signup rule asks about.
import type { SignupRequest } from '../../../contract/index.ts';

export type Tracking = NonNullable<SignupRequest['tracking']>;

const KEY = 'tracking';
const FIELDS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

/** Stores the tracking parameters of the current URL, if any (called once at boot). */
export function captureTracking(): void {
  const params = new URLSearchParams(location.search);
  const found: Tracking = {};
  for (const field of FIELDS) {
    const value = params.get(field);
    if (value) found[field] = value.slice(0, 64);
  }
  if (Object.keys(found).length === 0) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(found));
  } catch {
    // Storage blocked: signup then goes without tracking.
  }
}

/** The tracking data of this visit, or undefined. */
export function getTracking(): Tracking | undefined {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const out: Tracking = {};
    for (const field of FIELDS) if (typeof parsed[field] === 'string') out[field] = parsed[field];
    return out;
  } catch {
    return undefined;
  }
}
