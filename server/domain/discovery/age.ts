// The search's age filters as birth-date bounds (spec 3: search state); the age itself is the contract's ageOn.

/** The YYYY-MM-DD birth date bounds for ages min..max on `now`: born on or after `from`, on or before `to`. */
export function birthDateRange(minAge: number, maxAge: number, now = new Date()): { from: string; to: string } {
  const day = (years: number, extraDays: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + extraDays));
    return d.toISOString().slice(0, 10);
  };
  return { from: day(maxAge + 1, 1), to: day(minAge, 0) };
}
