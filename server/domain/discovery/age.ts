// Ages from birth dates (spec 3: ages on cards, the search's age filters; spec 5: the minimum age at signup), one
// rule for the cards, the searches and the account checks.

/** Age in whole years on `now` of a YYYY-MM-DD birth date. */
export function ageOn(dateOfBirth: string, now = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
}

/** The YYYY-MM-DD birth date bounds for ages min..max on `now`: born on or after `from`, on or before `to`. */
export function birthDateRange(minAge: number, maxAge: number, now = new Date()): { from: string; to: string } {
  const day = (years: number, extraDays: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + extraDays));
    return d.toISOString().slice(0, 10);
  };
  return { from: day(maxAge + 1, 1), to: day(minAge, 0) };
}
