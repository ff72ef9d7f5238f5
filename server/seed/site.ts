// The default sites (brands) seeded at first start: their public settings and company info (spec 3), and their texts.
import type { Db } from '../db/connect.ts';
import { sites } from '../db/schema.ts';
import { seedDiscountCodes } from '../domain/discounts.ts';
import { seedContentBlocks } from './content.ts';
import { countries, languages, type CompanyInfo } from '../../contract/index.ts';

type SiteSettings = (typeof sites.$inferInsert)['settings'];

const currencies: Record<string, string> = { US: 'USD', GB: 'GBP', CA: 'CAD', AU: 'AUD', NZ: 'NZD', PL: 'PLN', CH: 'CHF', DK: 'DKK', NO: 'NOK', SE: 'SEK' };

/** Spec 9: minimum credits a message costs per country, with the country's currency. */
const minimumMessageCosts = Object.fromEntries(countries.map((c) => [c, { costs: c === 'CH' || c === 'NO' ? 12 : 10, currency: currencies[c] ?? 'EUR' }]));

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
    fictional_icon: '/icons/fictional.svg',
    fictional_warning: 'Profiles marked with this icon are fictional profiles operated by the site. Physical meetings with them are not possible.',
    fictional_singular: 'fictional profile',
    fictional_plural: 'fictional profiles',
    visible_profile_fields: ['sexuality', 'hair_color', 'eye_color', 'body_type', 'relationship_status', 'tattoos', 'interests', 'about'],
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

/** The sites created on an empty database: the default (any unknown host) first, then a German-language brand. */
export const defaultSites = [
  { domain: 'localhost', settings: settings({}), company },
  {
    domain: 'de.localhost',
    settings: settings({ name: 'Herzklopfen', domain_language: 'de-DE', niche: 5, index_title: 'Herzklopfen – Dating für Erwachsene', countries: ['DE', 'AT', 'CH'] }),
    company,
  },
];

/**
 * Inserts the default sites when none exist, the discount codes every site has and the English content blocks any
 * site lacks. Safe to call at every start.
 */
export async function seedSites(db: Db): Promise<void> {
  const existing = await db.select({ id: sites.id }).from(sites).limit(1);
  if (existing.length === 0) await db.insert(sites).values(defaultSites);
  const all = await db.select({ id: sites.id }).from(sites);
  await seedContentBlocks(db, all.map((s) => s.id));
  await seedDiscountCodes(db);
}
