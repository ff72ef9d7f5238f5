// What is sold where (spec 1, 9; docs/payments.md): the currency of each payment country, the credit bundles and
// their prices per currency, and the payment methods each country is offered, with their fees. The one table of it.
import {
  methodFee,
  type Bundle,
  type Country,
  type Currency,
  type MethodOffer,
  type PaymentMethod,
} from '../../../contract/index.ts';

/** The currency each payment country pays in. */
const CURRENCY_OF: Record<Country, Currency> = {
  US: 'USD',
  NL: 'EUR',
  BE: 'EUR',
  FR: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  IE: 'EUR',
  FI: 'EUR',
  GB: 'GBP',
  CA: 'CAD',
  PL: 'PLN',
  AU: 'AUD',
  NZ: 'NZD',
  CH: 'CHF',
  DK: 'DKK',
  NO: 'NOK',
  SE: 'SEK',
};

/** The bundles: id, credits, whether it is the one shown as popular. Prices per currency in BUNDLE_PRICES. */
const BUNDLES = [
  { id: 1, credits: 100, popular: false },
  { id: 2, credits: 250, popular: false },
  { id: 3, credits: 600, popular: true },
  { id: 4, credits: 1500, popular: false },
] as const;

/** Each bundle's price (minor units), in BUNDLES order, per currency. */
const BUNDLE_PRICES: Record<Currency, readonly [number, number, number, number]> = {
  EUR: [1499, 2999, 5999, 11999],
  GBP: [1299, 2599, 4999, 9999],
  USD: [1599, 3199, 6399, 12999],
  CHF: [1499, 2999, 5999, 11999],
  DKK: [10900, 21900, 43900, 87900],
  NOK: [16900, 33900, 67900, 135900],
  SEK: [16900, 33900, 67900, 135900],
  PLN: [6499, 12999, 25999, 51999],
  CAD: [2199, 4399, 8799, 17599],
  AUD: [2399, 4799, 9599, 19199],
  NZD: [2599, 5199, 10399, 20799],
};

/** Methods every country is offered, after its own ones. */
const EVERYWHERE: readonly PaymentMethod[] = ['visa', 'mastercard', 'paypal', 'applepay', 'paysafecard'];
/** SEPA: direct debit and wire transfer in euro countries and the others of the SEPA area that pay in their own currency. */
const SEPA: readonly PaymentMethod[] = ['sepadirectdebit', 'banktransfer'];

/** The local methods of each payment country, first in the list (the table). */
const LOCAL: Record<Country, readonly PaymentMethod[]> = {
  NL: ['ideal', ...SEPA],
  BE: ['bancontact', 'maestro', ...SEPA],
  PL: ['blik', 'przelewy24', 'banktransfer'],
  AT: ['eps', 'sofort', ...SEPA],
  DE: ['sofort', 'giropay', ...SEPA],
  CH: ['twint', 'banktransfer'],
  DK: ['mobilepay', 'dankort', 'banktransfer'],
  SE: ['swish', 'banktransfer'],
  NO: ['vipps', 'banktransfer'],
  IT: ['satispay', 'nexi', ...SEPA],
  FR: ['cartebancaire', ...SEPA],
  ES: [...SEPA],
  FI: ['mobilepay', ...SEPA],
  IE: [...SEPA],
  GB: ['maestro', 'banktransfer'],
  US: [],
  CA: [],
  AU: [],
  NZ: [],
};

/**
 * The most a member may pay by SEPA direct debit within DIRECT_DEBIT_DAYS (minor units, pending and completed debits
 * together; about 100 euros): past it, "Direct-debit limit reached (try later, a cheaper package or another method)".
 */
export const DIRECT_DEBIT_LIMIT: Record<Currency, number> = {
  EUR: 10000,
  GBP: 8500,
  USD: 11000,
  CHF: 10000,
  DKK: 75000,
  NOK: 115000,
  SEK: 115000,
  PLN: 43000,
  CAD: 15000,
  AUD: 16000,
  NZD: 17000,
};
/** The window of DIRECT_DEBIT_LIMIT, in days. */
export const DIRECT_DEBIT_DAYS = 30;

/** Transaction fee in percent of the price, for methods that have one (the rest: 0). */
const FEE_PERCENT: Partial<Record<PaymentMethod, number>> = { paysafecard: 10, paypal: 3 };

/** The payment country of a profile country: unknown ones pay as NL (the site's home market). */
export function paymentCountry(country: string): Country {
  return (country in CURRENCY_OF ? country : 'NL') as Country;
}

/**
 * The bundles of `country` in its currency; `messageCredits` (settings.message_credits) gives each one's
 * message_amount, the money one message costs at that bundle's price (rounded to a minor unit).
 */
export function bundlesFor(country: Country, messageCredits: number): Bundle[] {
  const currency = CURRENCY_OF[country];
  return BUNDLES.map((b, i) => {
    const amount = BUNDLE_PRICES[currency][i];
    return {
      id: b.id,
      credits: b.credits,
      amount,
      currency,
      message_amount: Math.round((amount * messageCredits) / b.credits),
      popular: b.popular,
    };
  });
}

/** The methods offered in `country`: its local ones first, then the international ones, each once, with its fee. */
export function methodsFor(country: Country): MethodOffer[] {
  return [...new Set([...LOCAL[country], ...EVERYWHERE])].map((id) => ({ id, fee_percent: FEE_PERCENT[id] ?? 0 }));
}

/** The fee of `method` on `amount` (minor units; contract methodFee). */
export function feeOf(method: PaymentMethod, amount: number): number {
  return methodFee(amount, FEE_PERCENT[method] ?? 0);
}
