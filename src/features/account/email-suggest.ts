// "Did you mean ...?" for likely e-mail domain typos (spec 5), over @zootools/email-spell-checker with
// the big mail providers of the site's countries added to its list.
import { POPULAR_DOMAINS, run } from '@zootools/email-spell-checker';

const EUROPEAN_DOMAINS = [
  'outlook.com',
  'hotmail.com',
  'live.com',
  'yahoo.com',
  'gmx.de',
  'gmx.net',
  'gmx.at',
  'gmx.ch',
  't-online.de',
  'freenet.de',
  'outlook.de',
  'hotmail.de',
  'yahoo.de',
  'hotmail.nl',
  'live.nl',
  'ziggo.nl',
  'kpnmail.nl',
  'planet.nl',
  'home.nl',
  'telenet.be',
  'skynet.be',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'sfr.fr',
  'wanadoo.fr',
  'hotmail.fr',
  'yahoo.fr',
  'libero.it',
  'virgilio.it',
  'alice.it',
  'tiscali.it',
  'hotmail.it',
  'yahoo.it',
  'hotmail.es',
  'yahoo.es',
  'telefonica.net',
  'wp.pl',
  'o2.pl',
  'onet.pl',
  'interia.pl',
  'gazeta.pl',
  'hotmail.co.uk',
  'yahoo.co.uk',
  'bigpond.com',
  'bluewin.ch',
  'live.dk',
  'mail.dk',
  'jubii.dk',
  'online.no',
  'telia.com',
  'hotmail.se',
  'elisa.fi',
];

const DOMAINS = [...new Set([...POPULAR_DOMAINS, ...EUROPEAN_DOMAINS])];

const KNOWN = new Set(DOMAINS);

/**
 * The corrected address for a likely typo of a well-known mail domain ("ann@gmial.com" -> "ann@gmail.com"), or
 * null. Only a correction TO a domain of the list counts: the checker also guesses second-level and top-level
 * domains on their own, which would turn a valid address on any other domain ("sanne@demo.test") into a wrong
 * "Did you mean" ("demo.de").
 */
export function suggestEmail(email: string): string | null {
  const trimmed = email.trim();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(trimmed)) return null;
  const suggestion = run({ email: trimmed, domains: DOMAINS });
  if (!suggestion || !KNOWN.has(suggestion.domain.toLowerCase())) return null;
  return suggestion.full.toLowerCase() !== trimmed.toLowerCase() ? suggestion.full : null;
}
