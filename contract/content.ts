// Content blocks (spec 1: legal pages, FAQ, pricing text, landing content): the content call's query and answer,
// and the legal version-date rule of spec 9, shared by the server (which fills it in) and the tests.
import { z } from 'zod';
import { Language } from './common.ts';

/** A block's token: lower-case letters, digits and dashes, as in `/pages/return-policy` or `/{token}`. */
export const ContentToken = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/);

/** GET /api/content.php?token=terms&lang=de. `lang` defaults to en; a language without the block answers English. */
export const ContentQuery = z.object({ token: ContentToken, lang: Language.optional() });
export type ContentQuery = z.infer<typeof ContentQuery>;

/**
 * One content block, placeholders filled. `markdown` is CommonMark text to be rendered without raw HTML;
 * `language` is the block's own language (en when the asked one has none); `version_date` (ISO 8601) is set on the
 * legal documents only (spec 9), else null.
 */
export const ContentBlock = z.object({
  token: ContentToken,
  language: Language,
  title: z.string(),
  markdown: z.string(),
  version_date: z.string().nullable(),
});
export type ContentBlock = z.infer<typeof ContentBlock>;
export const ContentResponse = z.object({ content: ContentBlock });
export type ContentResponse = z.infer<typeof ContentResponse>;

/** The blocks that are legal documents and carry a version date (spec 9 "legal terms version date"). */
export const legalTokens: readonly string[] = ['terms', 'privacy', 'cookies', 'return-policy'];

/** Spec 9: the earliest legal terms version date. */
const LEGAL_VERSION_FLOOR = '2023-12-01T12:00:00Z';

/**
 * Spec 9: the legal terms version date is never earlier than 2023-12-01T12:00:00Z, or the company's `added` date
 * (ISO 8601) when that is later. Returns an ISO 8601 string (UTC); an unreadable `added` counts as absent.
 */
export function legalVersionDate(companyAdded: string | null | undefined): string {
  const floor = Date.parse(LEGAL_VERSION_FLOOR);
  const added = companyAdded ? Date.parse(companyAdded) : Number.NaN;
  return new Date(Number.isNaN(added) ? floor : Math.max(floor, added)).toISOString();
}
