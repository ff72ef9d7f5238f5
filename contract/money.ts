// Money as people read it: integer minor units of a currency in a language, through Intl (pages, SMS texts, the
// test payment service's checkout).

/** `amount` minor units of `currency` as the language `lng` writes it ("€14.99", "14,99 €", "169,00 kr."). */
export function formatMoney(amount: number, currency: string, lng: string): string {
  const format = new Intl.NumberFormat(lng, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
