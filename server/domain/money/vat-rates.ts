// The VAT (or GST) rate of each payment country on credits, electronically supplied services sold to consumers
// (docs/payments.md "Invoices and receipts"): the one table of it, apart from the catalog because it changes with the
// law, not with the offer.
//
// EU: the standard rates of the European Commission's "VAT rates applied in the Member States of the European
// Union" (taxation-customs.ec.europa.eu, situation at 1 January 2025; FI 25.5 % since 1 September 2024), charged at
// the buyer's country's rate under the one-stop shop (OSS, Directive 2006/112/EC art. 58).
// Outside the EU, the national rate that a foreign seller of digital services to consumers must charge there:
// GB 20 % (HMRC), CH 8.1 % (Swiss VAT since 1 January 2024), NO 25 % (VOEC), AU 10 % GST, NZ 15 % GST, CA 5 % (the
// federal GST of the simplified regime; provincial HST/QST are not charged by this table), US 0 % (no federal VAT;
// state sales taxes are out of its scope). Checked 27 November 2026.
import type { Country } from '../../../contract/index.ts';

/** The rate in percent of the net price, per payment country. */
const VAT_PERCENT: Record<Country, number> = {
  AT: 20,
  BE: 21,
  DE: 19,
  DK: 25,
  ES: 21,
  FI: 25.5,
  FR: 20,
  IE: 23,
  IT: 22,
  NL: 21,
  PL: 23,
  SE: 25,
  GB: 20,
  CH: 8.1,
  NO: 25,
  AU: 10,
  NZ: 15,
  CA: 5,
  US: 0,
};

/** The VAT rate (percent of the net price, e.g. 21 or 25.5) of a buyer in payment country `country`. */
export function vatPercent(country: Country): number {
  return VAT_PERCENT[country];
}

/**
 * Splits `gross` (minor units, VAT included, as every price here) at `percent`: net = round(gross / (1 + percent/100)),
 * vat = gross − net, both integers in minor units, so net + vat is always the amount paid.
 */
export function splitGross(gross: number, percent: number): { net: number; vat: number } {
  // Computed in tenths of a percent so 25.5 % or 8.1 % stay exact integers.
  const net = Math.round((gross * 1000) / (1000 + Math.round(percent * 10)));
  return { net, vat: gross - net };
}
