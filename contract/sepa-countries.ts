// The countries whose IBANs a SEPA direct debit can draw on (spec 8 direct debit; docs/payments.md "SEPA direct debit").

/**
 * IBAN country codes (ISO 3166-1 alpha-2) of the geographical scope of the SEPA schemes.
 * Source: European Payments Council, "EPC409-09 EPC List of SEPA Scheme Countries" (scope as of 2026-11; AL and ME
 * joined in November 2024, MD and MK in March 2025, RS in May 2025). Territories that have their own IBAN country
 * code (Åland; Gibraltar; French Guiana, Guadeloupe, Martinique, Mayotte, Réunion, Saint Barthélemy, Saint Martin,
 * Saint Pierre and Miquelon) are listed too. Other territories in the scope use their country's code (Azores, Madeira,
 * Canary Islands, Ceuta, Melilla; Guernsey, Jersey and the Isle of Man bank with GB IBANs).
 */
const SEPA_IBAN_COUNTRIES: ReadonlySet<string> = new Set([
  // The 27 EU member states.
  ...['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV'],
  ...['MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'],
  // The rest of the EEA.
  ...['IS', 'LI', 'NO'],
  // The other states of the scope.
  ...['AD', 'CH', 'GB', 'MC', 'SM', 'VA', 'AL', 'ME', 'MD', 'MK', 'RS'],
  // Territories with their own IBAN country code.
  ...['AX', 'GI', 'GF', 'GP', 'MQ', 'YT', 'RE', 'BL', 'MF', 'PM'],
]);

/** True when `iban` (electronic format: no spaces, upper case) belongs to a SEPA-scheme country. */
export function isSepaIban(iban: string): boolean {
  return SEPA_IBAN_COUNTRIES.has(iban.slice(0, 2));
}
