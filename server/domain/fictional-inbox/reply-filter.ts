// The reply filter of the fictional profiles' inbox (docs/operations.md "Fictional profiles' inbox"): the site's
// fictional profiles are "operated by the site for entertainment and cannot be met in person" (spec 1), so an
// operator's reply may carry no way to reach anyone off the site and no proposal to meet. Pure functions.
import type { Language } from '../../../contract/common.ts';
import type { InboxReplyRule } from '../../../contract/ops-inbox.ts';

/** What a refused reply carried: a phone number, an e-mail address, a link (URL or domain) or a proposal to meet. */
export type ReplyRule = InboxReplyRule;

/** Why a reply was refused: the rule and the text that matched it. */
export interface ReplyRefusal {
  rule: ReplyRule;
  match: string;
}

/**
 * Seven or more digits in a row, allowing the separators people write numbers with (spaces, dashes, dots, slashes,
 * brackets) and a leading + or 00: long enough to skip ages, years and prices.
 */
const PHONE = /(?:\+|\b00)?\d(?:[\s\-./()]{0,3}\d){6,}/u;

/**
 * An address, also written out to slip past a filter: `name@host.tld`, `name (at) host (dot) tld`, `name at host dot
 * com`. A plain dot has no spaces around it (a sentence's full stop is no address).
 */
const DOT = String.raw`(?:\.|\s*[([{]\s*(?:dot|punkt|punt|point|punto)\s*[)\]}]\s*|\s+dot\s+)`;
const EMAIL = new RegExp(
  String.raw`[\p{L}\d._%+-]+\s*(?:@|[([{]\s*at\s*[)\]}]|\s+at\s+)\s*[\p{L}\d-]+(?:${DOT}[\p{L}\d-]+)*${DOT}\p{L}{2,}(?![\p{L}\d])`,
  'iu',
);

/** Top-level domains a link is likely to end in (a bare `word.tld` counts as a link; `e.g.` and `etc.` do not). */
const TLDS =
  'com|net|org|info|biz|io|me|co|app|ly|gl|to|tv|xyz|online|site|link|club|chat|live|page|eu|uk|de|nl|dk|se|no|fi|fr|es|it|pl|ch|at|be|ru|us';

/** A URL with a scheme, anything starting www., or a domain name of a common top-level domain (`site.com`, `site dot com`). */
const LINK = new RegExp(
  String.raw`\b(?:https?|ftp)://\S+|\bwww\.\S+|(?<![\p{L}\d])[\p{L}\d-]+(?:\.[\p{L}\d-]+)*(?:\.|\s+dot\s+)(?:${TLDS})(?![\p{L}\d])(?:/\S*)?`,
  'iu',
);

/**
 * Words and phrases proposing to meet, per site language: meeting, a date, an address, someone's place, a hotel,
 * tonight. A trailing `*` matches any ending (inflected languages); otherwise whole words. Every reply is checked
 * against English and the member's language.
 */
export const MEETING_WORDS: Record<Language, readonly string[]> = {
  en: [
    'meet*',
    'date',
    'dating',
    'address',
    'my place',
    'your place',
    'my flat',
    'hotel*',
    'tonight',
    'come over',
    'in person',
    'pick you up',
  ],
  da: [
    'mødes',
    'møde*',
    'mødte',
    'date',
    'stævnemøde*',
    'adresse*',
    'hos mig',
    'hos dig',
    'hotel*',
    'i aften',
    'i nat',
    'komme forbi',
  ],
  de: [
    'treffen',
    'treff*',
    'trifft',
    'date',
    'adresse*',
    'bei mir',
    'zu mir',
    'bei dir',
    'zu dir',
    'hotel*',
    'heute abend',
    'heute nacht',
    'vorbeikommen',
  ],
  es: [
    'quedar',
    'quedamos',
    'quedemos',
    'vernos',
    'conocernos',
    'cita*',
    'dirección',
    'direccion',
    'mi casa',
    'tu casa',
    'hotel*',
    'esta noche',
  ],
  fi: [
    'tavata',
    'tavataan*',
    'tapaamaan',
    'tapaisimme',
    'tapaami*',
    'treff*',
    'osoit*',
    'luonani',
    'luoksesi',
    'luokseni',
    'hotelli*',
    'tänä iltana',
    'tänään illalla',
  ],
  fr: [
    'rencontr*',
    'se voir',
    'nous voir',
    'se retrouver',
    'rendez-vous',
    'rdv',
    'adresse*',
    'chez moi',
    'chez toi',
    'hôtel*',
    'hotel*',
    'ce soir',
    'cette nuit',
  ],
  it: [
    'incontr*',
    'vederci',
    'vedersi',
    'appuntament*',
    'indirizzo',
    'casa mia',
    'da me',
    'da te',
    'albergo',
    'hotel*',
    'stasera',
    'stanotte',
  ],
  nb: [
    'møtes',
    'møte*',
    'treffes',
    'treffe*',
    'date',
    'adresse*',
    'hos meg',
    'hos deg',
    'hotell*',
    'i kveld',
    'i natt',
    'komme innom',
  ],
  nl: [
    'afspreken',
    'afspraak*',
    'ontmoet*',
    'date',
    'daten',
    'adres*',
    'bij mij',
    'bij jou',
    'naar mij',
    'hotel*',
    'vanavond',
    'vannacht',
    'langskomen',
  ],
  pl: [
    'spotka*',
    'spotkani*',
    'randk*',
    'adres*',
    'u mnie',
    'u ciebie',
    'do mnie',
    'hotel*',
    'dziś wieczorem',
    'dzisiaj wieczorem',
    'dziś w nocy',
  ],
  sv: ['träffa*', 'ses', 'dejt*', 'date', 'adress*', 'hos mig', 'hos dig', 'hotell*', 'i kväll', 'i natt', 'komma över'],
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern of `words` (MEETING_WORDS' notation): whole words, or word starts for a trailing `*`; any spacing. */
function wordsPattern(words: readonly string[]): RegExp {
  const alternatives = words.map((w) => {
    const prefix = w.endsWith('*');
    const body = escape(prefix ? w.slice(0, -1) : w).replace(/ /g, String.raw`\s+`);
    return prefix ? `${body}\\p{L}*` : body;
  });
  return new RegExp(String.raw`(?<![\p{L}\d])(?:${alternatives.join('|')})(?![\p{L}\d])`, 'iu');
}

const MEETING: Record<Language, RegExp> = Object.fromEntries(
  Object.entries(MEETING_WORDS).map(([language, words]) => [language, wordsPattern(words)]),
) as Record<Language, RegExp>;

/**
 * The first rule `text` breaks as a reply to a member who reads `language`, or null when it may be sent. Checked in
 * this order: e-mail address, link, phone number, proposal to meet (English and `language`'s words).
 */
export function checkReply(text: string, language: Language): ReplyRefusal | null {
  const checks: [ReplyRule, RegExp][] = [
    ['email', EMAIL],
    ['link', LINK],
    ['phone', PHONE],
    ['meeting', MEETING.en],
    ['meeting', MEETING[language]],
  ];
  for (const [rule, pattern] of checks) {
    const found = pattern.exec(text);
    if (found) return { rule, match: found[0].trim() };
  }
  return null;
}
