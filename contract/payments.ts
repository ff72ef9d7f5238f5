// Credits, bundles and payments (spec 1, 3 "Payment", 4 "Payment", 8, 9; docs/payments.md). Amounts are integer
// minor units of their currency everywhere (cents, øre, grosze).
import { z } from 'zod';
import { isValidIBAN, electronicFormatIBAN } from 'ibantools';
import { Country, Id, QueryId, Text } from './common.ts';
import { isSepaIban } from './sepa-countries.ts';

/** The spec's payment methods (spec 1), as URL slugs: /credits/{id}/{paymentmethod}. */
const paymentMethods = [
  'ideal',
  'bancontact',
  'przelewy24',
  'blik',
  'eps',
  'giropay',
  'sofort',
  'twint',
  'satispay',
  'vipps',
  'mobilepay',
  'swish',
  'dankort',
  'cartebancaire',
  'nexi',
  'maestro',
  'mastercard',
  'visa',
  'creditcard',
  'applepay',
  'paypal',
  'paysafecard',
  'sepadirectdebit',
  'banktransfer',
] as const;
export const PaymentMethod = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** The currencies bundles are sold in (ISO 4217), by payment country (server/domain/money/payment-catalog.ts). */
export const Currency = z.enum(['EUR', 'GBP', 'USD', 'CHF', 'DKK', 'NOK', 'SEK', 'PLN', 'CAD', 'AUD', 'NZD']);
export type Currency = z.infer<typeof Currency>;

/** A credit bundle as the member's payment country sells it. `amount` is the price before any method fee. */
export const Bundle = z.object({
  id: Id,
  credits: z.number().int().positive(),
  amount: z.number().int().positive(),
  currency: Currency,
  /** What one message costs in money at this bundle's price (minor units, rounded): "1 message = N credits ≈ €0.xx". */
  message_amount: z.number().int().nonnegative(),
  /** The bundle most members take, shown highlighted. */
  popular: z.boolean(),
});
export type Bundle = z.infer<typeof Bundle>;

/** The fee of a method charging `feePercent` on `amount` (minor units, rounded up: the provider's share is never short). */
export function methodFee(amount: number, feePercent: number): number {
  return Math.ceil((amount * feePercent) / 100);
}

/** The card methods: a card paid with may be stored for one-step repeat orders (card on file). */
export const cardMethods: readonly PaymentMethod[] = [
  'visa',
  'mastercard',
  'creditcard',
  'maestro',
  'cartebancaire',
  'nexi',
  'dankort',
];

/** A payment method offered in the member's payment country, with its transaction fee in percent of the price. */
export const MethodOffer = z.object({ id: PaymentMethod, fee_percent: z.number().nonnegative() });
export type MethodOffer = z.infer<typeof MethodOffer>;

/**
 * GET /api/credits.php?country= (*public*): the bundles and methods of the payment country (a member's: the profile's
 * country; a visitor's: `country`, else NL) and `message_credits`, the credits one text message costs a sender from
 * that country (messageCost: at least the country's minimum_message_costs, so CH and NO read 12 where the site says
 * 10); each bundle's message_amount is taken at it. Errors: 400 bad_request (country).
 */
export const CreditsQuery = z.object({ country: Country.optional() });
export const CreditsResponse = z.object({
  country: z.string(),
  currency: Currency,
  message_credits: z.number().int().nonnegative(),
  bundles: z.array(Bundle),
  methods: z.array(MethodOffer),
});
export type CreditsResponse = z.infer<typeof CreditsResponse>;

export const PaymentStatus = z.enum(['pending', 'completed', 'failed', 'cancelled', 'expired', 'refunded']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/**
 * What the member transfers to pay a bank-transfer payment (docs/payments.md "Bank transfer"), as the provider gave it
 * (Adyen's `bankTransfer` action): `amount` in minor units of `currency`, to `iban`/`bic` of `beneficiary`, with
 * `reference` as the transfer's description (the bank matches the money by it).
 */
export const TransferInstructions = z.object({
  iban: z.string(),
  bic: z.string(),
  beneficiary: z.string(),
  reference: z.string(),
  amount: z.number().int().positive(),
  currency: Currency,
});
export type TransferInstructions = z.infer<typeof TransferInstructions>;

/** A payment as its member sees it. `amount` is what was charged (fee included); `fee` the method's share of it. */
export const Payment = z.object({
  id: z.uuid(),
  bundle_id: Id,
  credits: z.number().int().positive(),
  amount: z.number().int().positive(),
  fee: z.number().int().nonnegative(),
  currency: Currency,
  method: PaymentMethod,
  status: PaymentStatus,
  /** A refund (status refunded): the unused credits taken back and the money returned (minor units). */
  refunded_credits: z.number().int().nullable(),
  refunded_amount: z.number().int().nullable(),
  /** What a discount code took off the bundle's price (minor units, 0: none) and the code. */
  discount: z.number().int().nonnegative(),
  discount_code: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** A bank transfer: what to transfer where (TransferInstructions), while the provider waits for the money. */
  transfer_instructions: TransferInstructions.optional(),
});
export type Payment = z.infer<typeof Payment>;

/**
 * POST /api/refund.php (*member*, docs/payments.md): refunds the unused credits of a completed purchase within the
 * site's refund_days: the credits still on the balance, at most the purchase's, are taken back through the ledger and
 * their share of the price goes back through the provider. Errors: 404 not_found, 409 conflict (not completed),
 * 409 refund_expired, 409 nothing_to_refund.
 */
export const RefundRequest = z.object({ payment: z.uuid() });
export type RefundRequest = z.infer<typeof RefundRequest>;

/**
 * Spec 3 settings refund_days: whether a purchase made at `createdAt` (ms since epoch) may still be refunded at `now`
 * (ms): until `refundDays` days of 24 hours after it, that moment included. The payment page offers the refund by it;
 * the refund call answers 409 refund_expired by it.
 */
export function refundWindowOpen(createdAt: number, refundDays: number, now: number): boolean {
  return now <= createdAt + refundDays * 86_400_000;
}

/** A discount code as typed with an order (contract/discounts.ts). */
const OrderDiscountCode = Text.trim().min(1).max(40);

/**
 * POST /api/payment.php (*member*): starts paying bundle `bundle` with `method`, with `discount_code` off the price
 * when given (docs/payments.md "Discounts"). `id` is a new UUID per attempt, the idempotency key: the same id again
 * answers the same payment and checkout. Answers the pending payment and `redirect_url`, the provider's hosted
 * checkout page. Errors: 400 bad_request (fields: bundle, method: not sold in the member's payment country;
 * discount_code: does not apply to this order), 404 code_not_found, 409 code_used, 409 conflict (the id belongs to
 * another payment), 502 payment_unavailable.
 */
export const CreatePaymentRequest = z.object({
  id: z.uuid(),
  bundle: Id,
  method: PaymentMethod,
  discount_code: OrderDiscountCode.optional(),
});
export type CreatePaymentRequest = z.infer<typeof CreatePaymentRequest>;
export const CreatePaymentResponse = z.object({ payment: Payment, redirect_url: z.string() });
export type CreatePaymentResponse = z.infer<typeof CreatePaymentResponse>;

/**
 * GET /api/payment.php?id=&sessionId=&sessionResult= (*member*): the payment's state. The return page passes the
 * checkout's `sessionId` and `sessionResult` from its URL; while no webhook has settled the payment, the server asks
 * the provider with them. Errors: 404 not_found (not the member's).
 */
export const PaymentQuery = z.object({
  id: z.uuid(),
  sessionId: Text.max(200).optional(),
  sessionResult: Text.max(4000).optional(),
});
export type PaymentQuery = z.infer<typeof PaymentQuery>;
export const PaymentResponse = z.object({ payment: Payment, credits: z.number().int(), paid_user: z.boolean() });
export type PaymentResponse = z.infer<typeof PaymentResponse>;

/** One credit movement of the ledger: `delta` credits (negative: spent), the balance after it. */
export const CreditMovement = z.object({
  id: Id,
  reason: z.string(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  created_at: z.string(),
  /** The payment of a purchase or refund. */
  payment_id: z.uuid().nullable(),
});
export type CreditMovement = z.infer<typeof CreditMovement>;

/**
 * GET /api/transactions.php (*member*): the member's payments (every state) and credit movements, newest first,
 * at most `limit` (default 100) each. Errors: 403 authentication_required.
 */
export const TransactionsQuery = z.object({ limit: QueryId.max(500).optional() });
export const TransactionsResponse = z.object({ payments: z.array(Payment), movements: z.array(CreditMovement) });
export type TransactionsResponse = z.infer<typeof TransactionsResponse>;

/** One notification of the provider's webhook (Adyen NotificationRequestItem: the fields the site reads and signs). */
const NotificationRequestItem = z.object({
  additionalData: z.record(z.string(), z.string().max(4000)).optional(),
  amount: z.object({ value: z.number().int(), currency: z.string().max(3) }),
  eventCode: z.string().max(100),
  eventDate: z.string().max(100).optional(),
  merchantAccountCode: z.string().max(200),
  merchantReference: z.string().max(200),
  originalReference: z.string().max(200).optional(),
  paymentMethod: z.string().max(100).optional(),
  pspReference: z.string().max(200),
  reason: z.string().max(4000).optional(),
  success: z.enum(['true', 'false']),
});

/**
 * POST /api/payment-webhook.php: the provider's notifications (Adyen standard webhook), each signed with the HMAC key
 * in `additionalData.hmacSignature`. Answers `[accepted]` (text/plain) once applied; 400 bad_request for a body that
 * is not a notification list. Authenticated by the signatures, not by a session or origin.
 */
export const PaymentWebhookRequest = z.object({
  live: z.string().max(10).optional(),
  notificationItems: z.array(z.object({ NotificationRequestItem })).min(1).max(100),
});
export type PaymentWebhookRequest = z.infer<typeof PaymentWebhookRequest>;

/** Wrong SMS codes a direct-debit order takes before it is cancelled. */
export const DIRECT_DEBIT_CODE_TRIES = 5;

/** The field message of an IBAN outside the SEPA scheme's countries (the form shows its own text for it). */
export const IBAN_NOT_SEPA = 'not a SEPA country';

/**
 * An IBAN as typed (spaces and lower case allowed), checked with its country's length and check digits (ibantools),
 * then for a country of the SEPA scheme (contract/sepa-countries.ts): a direct debit cannot draw on other IBANs.
 */
const Iban = z
  .string()
  .max(42)
  .refine((v) => isValidIBAN(electronicFormatIBAN(v) ?? ''), { message: 'not a valid IBAN', abort: true })
  .refine((v) => isSepaIban(electronicFormatIBAN(v) ?? ''), IBAN_NOT_SEPA);

/**
 * POST /api/directdebit.php (*member*, spec 4 "Direct-debit flow", spec 8): orders bundle `bundle` by SEPA direct debit.
 * Every field of spec 8 is required, `mandate` (the authorisation checkbox) must be true. `iban`: of a SEPA-scheme
 * country. `phone`: a mobile number, international or national to the member's country; the server keeps it in
 * E.164 and a 6-digit code goes to it by SMS. `id` is the idempotency key as for POST /api/payment.php. Errors: 400
 * bad_request (fields; `phone`: not a mobile number), 403 direct_debit_blocked, 429 direct_debit_limit (the amount
 * limit; with `params.limit` `codes`: the daily limit of code messages, docs/security.md), 409 conflict.
 */
export const DirectDebitRequest = z.object({
  id: z.uuid(),
  bundle: Id,
  mandate: z.literal(true),
  holder: Text.trim().min(2).max(70),
  iban: Iban,
  street: Text.trim().min(1).max(100),
  house_number: Text.trim().min(1).max(10),
  postal_code: Text.trim().min(2).max(12),
  city: Text.trim().min(1).max(60),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{6,18}[0-9]$/, 'not a mobile number'),
  /** A discount code off the price, as for POST /api/payment.php. */
  discount_code: OrderDiscountCode.optional(),
});
export type DirectDebitRequest = z.infer<typeof DirectDebitRequest>;
export const DirectDebitResponse = z.object({
  payment: Payment,
  /** The number the code went to, all but the last 2 digits hidden. */
  phone_hint: z.string(),
});
export type DirectDebitResponse = z.infer<typeof DirectDebitResponse>;

/** `params.limit` of a 429 direct_debit_limit refused by the daily limit of code messages (not by the amount). */
export const DIRECT_DEBIT_CODES_LIMIT = 'codes';

/**
 * GET /api/directdebit.php (*member*): the mandate of the member's last confirmed direct debit, to prefill the form
 * (the authorisation is given anew each time), or null. `phone` in E.164. Errors: 403 authentication_required.
 */
const DirectDebitMandate = z.object({
  holder: z.string(),
  iban: z.string(),
  street: z.string(),
  house_number: z.string(),
  postal_code: z.string(),
  city: z.string(),
  phone: z.string(),
});
export const DirectDebitMandateResponse = z.object({ mandate: DirectDebitMandate.nullable() });
export type DirectDebitMandateResponse = z.infer<typeof DirectDebitMandateResponse>;

/**
 * POST /api/directdebit-confirm.php (*member*): the SMS code confirms the order; the debit then goes to the provider
 * and the payment stays pending until the bank confirms it. Errors: 400 code_invalid ("Code invalid", spec 8; after
 * DIRECT_DEBIT_CODE_TRIES wrong ones the order is cancelled), 404 not_found.
 */
export const DirectDebitConfirmRequest = z.object({
  id: z.uuid(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'six digits'),
});
export type DirectDebitConfirmRequest = z.infer<typeof DirectDebitConfirmRequest>;

/** GET /api/dev-sms.php: the text messages the embedded SMS service kept, newest first (a dev tool like the mailbox). */
export const SmsOutboxResponse = z.object({
  messages: z.array(z.object({ id: Id, to: z.string(), text: z.string(), created_at: z.string() })),
});
export type SmsOutboxResponse = z.infer<typeof SmsOutboxResponse>;

/**
 * GET /api/repeat-order.php (*member*, /credits/repeat-order): the member's last completed order (bundle and method)
 * and the card stored at the provider, if any (brand and last 4 digits).
 */
export const RepeatOrderResponse = z.object({
  last: z.object({ bundle_id: Id, method: PaymentMethod }).nullable(),
  card: z.object({ method: PaymentMethod, last4: z.string() }).nullable(),
});
export type RepeatOrderResponse = z.infer<typeof RepeatOrderResponse>;

/**
 * POST /api/repeat-order.php (*member*): buys the last completed order's bundle again, charged in one step to the
 * stored card (card on file); `id` is the idempotency key. Answers the payment: completed, or failed when the card was
 * refused ("Credit card payment failed on the stored card", spec 8). Errors: 409 conflict (no earlier order or no
 * stored card), 502 payment_unavailable.
 */
export const RepeatOrderRequest = z.object({ id: z.uuid() });
export type RepeatOrderRequest = z.infer<typeof RepeatOrderRequest>;

/**
 * A stored card as its member sees it (GET /api/stored-cards.php): the brand (a card method), the last 4 digits, the
 * expiry (month 1-12 and 4-digit year; null when the provider did not say). `id` names it for removal; the provider's
 * token never leaves the server.
 */
export const StoredCard = z.object({
  id: Id,
  method: PaymentMethod,
  last4: z.string(),
  expiry_month: z.number().int().min(1).max(12).nullable(),
  expiry_year: z.number().int().nullable(),
  created_at: z.string(),
});
export type StoredCard = z.infer<typeof StoredCard>;

/** GET /api/stored-cards.php (*member*): the member's stored cards, newest first (the repeat order charges the first). */
export const StoredCardsResponse = z.object({ cards: z.array(StoredCard) });
export type StoredCardsResponse = z.infer<typeof StoredCardsResponse>;

/**
 * POST /api/stored-card-remove.php (*member*): removes stored card `id` at the provider, then here; answers the cards
 * left. Errors: 404 not_found (not the member's card), 502 payment_unavailable (the provider could not be reached:
 * the card stays).
 */
export const StoredCardRemoveRequest = z.object({ id: Id });
export type StoredCardRemoveRequest = z.infer<typeof StoredCardRemoveRequest>;
