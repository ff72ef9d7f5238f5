// The countdown of an offer (spec 3 "Time bonus state", 9): time left as hours, minutes and seconds, shown hh:mm:ss.

/** Time left, whole units (spec 3: countdownTimer). `hours` may exceed 23 (a welcome campaign of days). */
export interface Countdown {
  hours: number;
  minutes: number;
  seconds: number;
}

/** The countdown of `ms` milliseconds left, rounded up to the second (0 ms and less: all zero). */
export function countdownOf(ms: number): Countdown {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

/** Spec 9: hh:mm:ss, each part zero padded to 2 digits ("03:59:07"; 100 hours: "100:00:00"). */
export function formatCountdown({ hours, minutes, seconds }: Countdown): string {
  return [hours, minutes, seconds].map((n) => String(n).padStart(2, '0')).join(':');
}
