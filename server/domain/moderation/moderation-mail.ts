// The mails of moderation (docs/operations.md "Moderation"), from locales/<lng>/mail.json `moderation.*`: the
// statement of reasons a restricted member gets (EU DSA Art. 17: what was restricted, the ground, that a person
// decided, a suspension's end, how to object) and the note to a complainant that their report was handled.
import type { ModerationGround } from '../../../contract/ops-moderation.ts';
import type { RestrictionKind } from '../../db/schema.ts';
import type { OutgoingMail } from '../../services/mail.ts';
import { serverText } from '../../texts.ts';
import { accountMail } from '../accounts/account-mail.ts';
import type { Site } from '../types.ts';

/** The mail.json key of a ground's text: the clause without its `terms:` prefix (i18next keys hold no colon). */
const groundKey = (ground: ModerationGround) => `moderation.grounds.${ground.slice('terms:'.length)}`;

/** A moment as a member reads it in `language`: date and time, in UTC (said so). */
function readableTime(at: Date, language: string): string {
  const f = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  return `${f.format(at)} UTC`;
}

/** The reference a member quotes when objecting to restriction `id`. */
const decisionReference = (id: number) => `M-${id}`;

/**
 * The statement of reasons for restriction `r` (kind, ground, the moderator's note `detail`, `endsAt` of a
 * suspension, its id as the reference) to member `to` (address, language, profile name) of `site`; links under
 * `publicUrl`. Every text in the member's language, English where a locale lacks one.
 */
export function statementOfReasons(
  r: { id: number; kind: RestrictionKind; ground: ModerationGround; detail: string; endsAt: Date | null },
  to: { email: string; language: string; name: string },
  site: Site,
  publicUrl: string,
): OutgoingMail {
  const lng = to.language;
  const values = {
    site: site.settings.name,
    support: site.settings.support_email,
    reference: decisionReference(r.id),
    until: r.endsAt ? readableTime(r.endsAt, lng) : '',
    ground: serverText(lng, 'mail', groundKey(r.ground)),
    terms: `${publicUrl}/pages/terms`,
    banPage: `${publicUrl}/pages/ban`,
    complaints: `${publicUrl}/complaints`,
    detail: r.detail,
  };
  const t = (key: string) => serverText(lng, 'mail', `moderation.${key}`, values);
  return accountMail({
    to: to.email,
    language: lng,
    section: `moderation.${r.kind}`,
    name: to.name,
    values,
    extra: [t('ground'), ...(r.detail ? [t('note')] : []), t('person'), t('object')],
  });
}

/**
 * The note that complaint `reference` was handled, to its complainant `to` in `language` (theirs, or the site's for
 * a visitor). It says no more than that: what happened to another member is not the complainant's to know.
 */
export function handledMail(reference: string, to: { email: string; language: string; name: string }, site: Site): OutgoingMail {
  return accountMail({
    to: to.email,
    language: to.language,
    section: 'moderation.handled',
    name: to.name,
    values: { reference, site: site.settings.name, support: site.settings.support_email },
  });
}
