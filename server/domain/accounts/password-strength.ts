// Password strength (ASVS V6.2): zxcvbn's guess estimate with the site's and the member's own words as a dictionary.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { once } from '../../memo.ts';
import { profiles, sites, users } from '../../db/schema.ts';
import type { Site } from '../types.ts';

/**
 * Lowest zxcvbn score a new password needs: 3 is an estimate of at least 10^8 guesses, zxcvbn's "moderate protection
 * from an offline slow-hash attack". The login throttle stops online guessing far below that; offline, against a
 * stolen argon2id hash (tens of guesses a second per CPU core), it costs about a CPU-month per account. Score 4
 * (10^10) refuses many passwords people can remember, which they then write down or reuse.
 */
const MIN_SCORE = 3;

/**
 * zxcvbn scores only this many leading characters (64 characters that are strong make the whole password strong):
 * its repeat and sequence matchers grow with length.
 */
const SCORED_LENGTH = 64;

/**
 * Built once, at the first password check: ranking the dictionaries (breach passwords, English words and names,
 * keyboard rows) takes ~150 ms and ~50 MB, which an instance that never sees a new password (a worker, a quiet web
 * instance) should not hold (docs/perf.md "Memory"). At most 5 l33t substitutions per word (zxcvbn's 100 cost up to a
 * second for "a1a1…" patterns; people substitute a few letters) and no Levenshtein matching (seconds per check); a
 * check then takes a few ms, at worst ~100 ms.
 */
const zxcvbn = once(
  () =>
    new ZxcvbnFactory({
      dictionary: { ...commonDictionary, ...englishDictionary },
      graphs: adjacencyGraphs,
      maxLength: SCORED_LENGTH,
      l33tMaxSubstitutions: 5,
    }),
);

/** Words of `text` (letters and digits runs of 3 or more), lower case: "Heartline Media B.V." gives heartline, media. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
}

/**
 * The words zxcvbn treats as guessed first (user inputs): the site's name, mail name, company name and trade names
 * (brand), its domain, and the member's name and e-mail address with its local part, each whole and word by word,
 * lower case and without duplicates. `member` fields may be missing (e.g. a reset link that matches no account).
 */
export function passwordUserInputs(
  site: Pick<Site, 'domain' | 'settings' | 'company'>,
  member: { name?: string | null; email?: string | null },
): string[] {
  const email = member.email?.trim() ?? '';
  const texts = [
    site.settings.name,
    site.settings.mail_name,
    site.company.name,
    ...site.company.tradenames,
    site.domain,
    member.name ?? '',
    email,
    email.split('@')[0],
  ].filter((t) => t.trim() !== '');
  return [...new Set(texts.flatMap((t) => [t.toLowerCase(), ...wordsOf(t)]))];
}

/**
 * The user inputs (passwordUserInputs) of member `userId`: its site, profile name and e-mail address. An unknown id
 * gives none.
 */
export async function memberPasswordInputs(db: Db, userId: number): Promise<string[]> {
  const [row] = await db
    .select({ site: sites, email: users.email, name: profiles.name })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ? passwordUserInputs(row.site, row) : [];
}

/**
 * True when zxcvbn scores `password` (its first SCORED_LENGTH characters) below MIN_SCORE, with `userInputs`
 * (passwordUserInputs) as the words an attacker tries first. Takes a few ms, up to ~100 ms for long repeated patterns
 * (on the event loop: callers check the length first and, for a reset, the token).
 */
export function isWeakPassword(password: string, userInputs: readonly string[]): boolean {
  return zxcvbn().check(password, [...userInputs]).score < MIN_SCORE;
}
