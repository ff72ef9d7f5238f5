// Content blocks (spec 1): one block of a site by token and language, with its placeholders filled from the
// site's settings and company info, so a changed setting (refund_days, support e-mail) shows in every text at once.
import { and, eq, inArray } from 'drizzle-orm';
import { cleanPhone, legalTokens, legalVersionDate, type ContentBlock, type Language } from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { contentBlocks } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { serverText } from '../../texts.ts';
import type { Site } from '../types.ts';

/** Spec 4: days within which a deleted account can be restored through the mailed link. */
const REACTIVATION_DAYS = 14;

/**
 * The `{{name}}` values of a site's texts in `language`. Every name the seeded texts use is here
 * (server/seed/content.test.ts). The site's words for a fictional profile, when left empty, are the language's own.
 */
export function placeholderValues(site: Site, language: Language = 'en'): Record<string, string> {
  const s = site.settings;
  const c = site.company;
  return {
    site_name: s.name,
    domain: site.domain,
    support_email: s.support_email,
    support_phone: c.support_phone || s.support_phone,
    support_phone_link: cleanPhone(c.support_phone || s.support_phone),
    company_name: c.name,
    company_address: c.address,
    company_city: c.city,
    company_country: c.country,
    company_kvk: c.kvk,
    company_vat: c.vat_numbers.join(', '),
    refund_days: String(s.refund_days),
    message_credits: String(s.message_credits),
    signup_credits: String(s.signup_credits),
    free_photos: String(s.free_photos),
    premium_photos: String(s.premium_photos),
    free_conversations: String(s.free_conversations),
    fictional_singular: s.fictional_singular || serverText(language, 'members', 'fictional.singular'),
    fictional_plural: s.fictional_plural || serverText(language, 'members', 'fictional.plural'),
    reactivation_days: String(REACTIVATION_DAYS),
  };
}

/** Replaces each `{{name}}` in `text` by `values[name]`; unknown names stay as written. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * The block `token` of `site` in `language`, else in English (spec 1: en is the default language), placeholders
 * filled; legal documents carry the spec 9 version date. Throws ApiError 404 not_found when neither exists.
 */
export async function contentBlock(db: Db, site: Site, token: string, language: Language): Promise<ContentBlock> {
  const rows = await db
    .select()
    .from(contentBlocks)
    .where(
      and(eq(contentBlocks.siteId, site.id), eq(contentBlocks.token, token), inArray(contentBlocks.language, [language, 'en'])),
    );
  const row = rows.find((r) => r.language === language) ?? rows.find((r) => r.language === 'en');
  if (!row) throw new ApiError(404, 'not_found');
  const values = placeholderValues(site, row.language as Language);
  return {
    token: row.token,
    language: row.language as Language,
    title: fillPlaceholders(row.title, values),
    markdown: fillPlaceholders(row.markdown, values),
    version_date: legalTokens.includes(row.token) ? legalVersionDate(site.company.added) : null,
  };
}
