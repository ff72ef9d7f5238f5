// Public site settings and company info (spec 3), chosen per site by domain.
import { z } from 'zod';
import { Country, Language, Text } from './common.ts';

/** Public settings of a site (spec 3: Settings). Credits are whole credits. */
export const Settings = z.object({
  countries: z.array(Country),
  name: z.string(),
  domain: z.string(),
  domain_language: z.string(),
  index_title: z.string(),
  description: z.string(),
  cdn_prefix: z.string(),
  /** Site flavour (spec 1): 0 general, 1 she, 2 bdsm, 3 bbw, 4 gilf, 5 milf, 6 gay. */
  niche: z.number().int().min(0).max(6),
  signups: z.enum(['all', 'with_trafficsource', 'none']),
  /** Spec 6: every visitor may search (see `visitorMaySearch`). */
  logged_out_search: z.boolean(),
  /** Spec 6: a visitor who came from a traffic source (tracking `network`) may search. */
  logged_out_search_trafficsource: z.boolean(),
  geoip_country: Country.nullable(),
  geoip_selected_country: Country.nullable(),
  /** Per country: the minimum credits a message costs there (`costs`) and the country's currency. */
  minimum_message_costs: z.record(z.string(), z.object({ costs: z.number().int(), currency: z.string() })),
  message_credits: z.number().int(),
  photo_credits: z.number().int(),
  gift_credits: z.number().int(),
  signup_credits: z.number().int(),
  /** Maximum characters in one message. */
  message_length: z.number().int(),
  support_phone: z.string(),
  support_email: z.string(),
  push_public_key: z.string().nullable(),
  enable_site_entry_popup: z.boolean(),
  /**
   * Spec 2: the adult-cam promotion tile, an advertisement in the search results (after the fifth member), leading to
   * `cam_promotion_url` (an external https address, opened in a new tab). Off, or without a URL, there is no tile.
   * Defaults keep sites stored before these settings existed valid.
   */
  enable_cam_promotion: z.boolean().default(false),
  cam_promotion_url: z
    .string()
    .regex(/^(https:\/\/[^\s"<>]+)?$/)
    .default(''),
  fictional_icon: z.string(),
  fictional_warning: z.string(),
  /** The site's words for a fictional profile (spec 1); empty: the reader's language's own (locales/<lng>/members.json). */
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  /** Profile details other members see (names of `optionalProfileFields`: sexuality, hair_color, ..., interests, about); the rest only the owner sees. */
  visible_profile_fields: z.array(z.string()),
  /** A note shown on /profile beside `visible_profile_fields[i]` (same index; '' or absent for none). */
  visible_profile_notes: z.array(z.string()),
  search_fields: z.array(z.string()),
  refund_days: z.number().int(),
  member_resell: z.boolean(),
  company_id: z.number().int(),
  mail_name: z.string(),
  /** Spec 9: conversations a free member may start, photos per free / premium member. */
  free_conversations: z.number().int(),
  free_photos: z.number().int(),
  premium_photos: z.number().int(),
  languages: z.array(Language),
});
export type Settings = z.infer<typeof Settings>;

/** GET /api/settings.php query: `domain` forces the site (the forced-domain parameter of spec 7). */
export const SettingsQuery = z.object({ domain: Text.max(253).optional() }).passthrough();
export const SettingsResponse = z.object({ settings: Settings });
export type SettingsResponse = z.infer<typeof SettingsResponse>;

/** GET /api/companyinfo.php (spec 3: Company info). `added` is an ISO date. */
export const CompanyInfo = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.number(),
  added: z.string(),
});
export type CompanyInfo = z.infer<typeof CompanyInfo>;
export const CompanyInfoResponse = z.object({ companyinfo: CompanyInfo });

/** Spec 9: the support phone cleaned of dashes and spaces, e.g. for a `tel:` link ("+31 20-123" -> "+3120123"). */
export function cleanPhone(phone: string): string {
  return phone.replace(/[-\s]/g, '');
}

/** GET /api/interests.php: the icon set of spec 3. */
export const InterestsResponse = z.object({ interests: z.array(z.object({ id: z.string(), icon: z.string() })) });
export type InterestsResponse = z.infer<typeof InterestsResponse>;

/**
 * GET /api/regions.php: without a query every country's regions at once (spec 7: no payload, fetched once and cached);
 * `?country=` one country's. Regions come from the maintained dataset; `label` names the kind (province, state, ...);
 * `land` is a German or Austrian Land, which languages name apart from a US or Australian state (pl "Kraj związkowy", not "Stan").
 */
export const RegionsQuery = z.object({ country: Country.optional() });
export const RegionsResponse = z.object({
  country: Country,
  label: z.enum(['region', 'province', 'state', 'land', 'canton', 'county', 'voivodeship']),
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type RegionsResponse = z.infer<typeof RegionsResponse>;
/** GET /api/regions.php without a query: the regions of every site country, in the order of `countries`. */
export const AllRegionsResponse = z.object({ countries: z.array(RegionsResponse) });
export type AllRegionsResponse = z.infer<typeof AllRegionsResponse>;
