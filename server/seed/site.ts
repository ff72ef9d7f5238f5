// The default sites (brands) seeded at first start: their public settings and company info (spec 3), and their texts.
import type { Db } from '../db/connect.ts';
import { sites } from '../db/schema.ts';
import { seedDiscountCodes } from '../domain/money/discounts.ts';
import { seedContentBlocks } from './content.ts';
import { countries, languages, type CompanyInfo } from '../../contract/index.ts';

type SiteSettings = (typeof sites.$inferInsert)['settings'];

const currencies: Record<string, string> = {
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  PL: 'PLN',
  CH: 'CHF',
  DK: 'DKK',
  NO: 'NOK',
  SE: 'SEK',
};

/** Spec 9: minimum credits a message costs per country, with the country's currency. */
const minimumMessageCosts = Object.fromEntries(
  countries.map((c) => [c, { costs: c === 'CH' || c === 'NO' ? 12 : 10, currency: currencies[c] ?? 'EUR' }]),
);

const company: CompanyInfo = {
  name: 'Heartline Media B.V.',
  address: 'Keizersgracht 123',
  kvk: '87654321',
  city: '1015 CJ Amsterdam',
  country: 'Netherlands',
  tradenames: ['Heartline', 'Heartline Dating'],
  vat_numbers: ['NL864512379B01'],
  support_phone: '+31 20 123 45 67',
  delete_discount: 50,
  added: '2024-03-01T12:00:00Z',
};

function settings(over: Partial<SiteSettings>): SiteSettings {
  return {
    countries: [...countries],
    name: 'Heartline',
    domain_language: 'en-US',
    index_title: 'Heartline – meet adults near you',
    description: 'Heartline is the dating site for adults: search members near you, like, match and chat.',
    cdn_prefix: '/media',
    niche: 0,
    signups: 'all',
    logged_out_search: true,
    logged_out_search_trafficsource: true,
    minimum_message_costs: minimumMessageCosts,
    message_credits: 10,
    photo_credits: 20,
    gift_credits: 25,
    signup_credits: 50,
    message_length: 1000,
    support_phone: '+31 20 123 45 67',
    support_email: 'support@heartline.example',
    enable_site_entry_popup: true,
    // Spec 2: the adult-cam tile; the general sites show it (see defaultSites), the niche sites do not.
    enable_cam_promotion: false,
    cam_promotion_url: 'https://cams.example/live?ref=heartline',
    fictional_icon: '/icons/fictional.svg',
    // Empty: each language's own wording (locales/<lng>/members.json fictional.*, common.json footer.fictional).
    fictional_warning: '',
    fictional_singular: '',
    fictional_plural: '',
    visible_profile_fields: [
      'sexuality',
      'hair_color',
      'eye_color',
      'body_type',
      'relationship_status',
      'tattoos',
      'interests',
      'about',
    ],
    visible_profile_notes: [],
    search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
    refund_days: 14,
    member_resell: false,
    company_id: 1,
    mail_name: 'Heartline',
    free_conversations: 2,
    free_photos: 3,
    premium_photos: 25,
    languages: [...languages],
    ...over,
  };
}

/**
 * The seeded sites: the default (any unknown host, niche general) first, then a German-language brand (milf)
 * and one site for each other niche of spec 1.
 */
export const defaultSites = [
  { domain: 'localhost', settings: settings({ enable_cam_promotion: true }), company },
  {
    domain: 'de.localhost',
    settings: settings({
      name: 'Herzklopfen',
      domain_language: 'de-DE',
      niche: 5,
      index_title: 'Herzklopfen – Dating für Erwachsene',
      countries: ['DE', 'AT', 'CH'],
      enable_cam_promotion: true,
    }),
    company,
  },
  // Spec 1: one site per remaining niche, chosen by Host like every site (e.g. http://gay.localhost:8080).
  {
    domain: 'she.localhost',
    settings: settings({ name: 'Heartline She', niche: 1, index_title: 'Heartline She – women dating women' }),
    company,
  },
  {
    domain: 'bdsm.localhost',
    settings: settings({ name: 'Heartline Kink', niche: 2, index_title: 'Heartline Kink – BDSM dating for adults' }),
    company,
  },
  {
    domain: 'bbw.localhost',
    settings: settings({ name: 'Heartline Curves', niche: 3, index_title: 'Heartline Curves – curvy singles' }),
    company,
  },
  {
    domain: 'gilf.localhost',
    settings: settings({ name: 'Heartline Silver', niche: 4, index_title: 'Heartline Silver – dating over 60' }),
    company,
  },
  {
    domain: 'gay.localhost',
    settings: settings({ name: 'Heartline Men', niche: 6, index_title: 'Heartline Men – gay dating' }),
    company,
  },
];

/**
 * Inserts the default sites whose domain is missing (in order, so the first stays the default), the discount codes
 * every site has and the English content blocks any site lacks. Safe to call at every start.
 */
export async function seedSites(db: Db): Promise<void> {
  for (const site of defaultSites) await db.insert(sites).values(site).onConflictDoNothing({ target: sites.domain });
  const all = await db.select({ id: sites.id }).from(sites);
  await seedContentBlocks(
    db,
    all.map((s) => s.id),
  );
  await seedDiscountCodes(db);
}
