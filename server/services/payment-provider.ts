// The payment provider: Adyen's Checkout API (hosted checkout sessions, session results, HMAC-signed webhooks) through
// its official Node client. The same adapter talks to Adyen (PAYMENT_PROVIDER=adyen) or to the embedded test
// service that speaks the same protocol on this server (server/services/test-psp.ts); only the endpoint differs.
import { randomBytes } from 'node:crypto';
import type { CheckoutBankTransferAction } from '@adyen/api-library/lib/src/typings/checkout/models';
import type { PaymentMethod, PaymentWebhookRequest } from '../../contract/index.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { storedOnce } from '../db/meta-value.ts';
import { Client, EnvironmentEnum, HmacValidator, ModificationsApi, PaymentsApi, RecurringApi } from './adyen-parts.ts';
import { TEST_PSP_PATH } from './test-psp.ts';

/** The base of Adyen's test Checkout API in the client's URLs, replaced by `endpoint` for the embedded service. */
const ADYEN_TEST_BASE = 'https://checkout-test.adyen.com';

/** Adyen's payment method type of each of the spec's methods (allowedPaymentMethods of a session). */
const ADYEN_TYPE: Record<PaymentMethod, string> = {
  ideal: 'ideal',
  bancontact: 'bcmc',
  przelewy24: 'onlineBanking_PL',
  blik: 'blik',
  eps: 'eps',
  giropay: 'giropay',
  sofort: 'directEbanking',
  twint: 'twint',
  satispay: 'satispay',
  vipps: 'vipps',
  mobilepay: 'mobilepay',
  swish: 'swish',
  dankort: 'dankort',
  cartebancaire: 'cartebancaire',
  nexi: 'scheme',
  maestro: 'maestro',
  mastercard: 'mc',
  visa: 'visa',
  creditcard: 'scheme',
  applepay: 'applepay',
  paypal: 'paypal',
  paysafecard: 'paysafecard',
  sepadirectdebit: 'sepadirectdebit',
  banktransfer: 'bankTransfer_IBAN',
};

/** A hosted checkout: the provider's session id and the page the member pays on. */
interface CheckoutSession {
  id: string;
  url: string;
}

/** A session's result as the provider reports it (Adyen SessionResultResponse.status). */
export type SessionStatus = 'active' | 'canceled' | 'completed' | 'expired' | 'paymentPending' | 'refused';

/**
 * A session's result (Adyen SessionResultResponse): its status, and the provider's reference of its payment (the
 * pspReference of `payments[]`, the authorised one first), null while it has none.
 */
interface SessionResult {
  status: SessionStatus;
  pspReference: string | null;
}

/** One verified webhook notification (Adyen NotificationRequestItem), reduced to what the payments use. */
export interface PaymentNotification {
  eventCode: string;
  success: boolean;
  /** Our payment id (the session's `reference`). */
  merchantReference: string;
  pspReference: string;
  amount: { value: number; currency: string };
  /** The token of a card the member chose to store with this payment (Adyen tokenization.storedPaymentMethodId). */
  storedPaymentMethodId?: string;
  /** The stored card's last 4 digits (Adyen cardSummary). */
  cardSummary?: string;
  /** The stored card's expiry, "M/YYYY" or "MM/YYYY" (Adyen additionalData expiryDate). */
  expiryDate?: string;
  /** The stored card's brand as Adyen names it (the item's paymentMethod: visa, mc, maestro, ...). */
  cardBrand?: string;
}

/** What the member transfers to pay a bank transfer (Adyen's `bankTransfer` action); `amount` in minor units. */
interface BankTransferAction {
  iban: string;
  bic: string;
  beneficiary: string;
  reference: string;
  amount: number;
  currency: string;
}

/** What the payments domain needs from a provider. Every call throws on a network or provider error. */
export interface PaymentProvider {
  /** True for the embedded test service (its pages are dev tools). */
  readonly embedded: boolean;
  /**
   * Opens a hosted checkout for `amount` minor units of `currency`, payable with `method` only; the member comes back
   * to `returnUrl` with `sessionId` and `sessionResult` added. `reference` is the idempotency key too: the same
   * reference answers the same session.
   */
  createSession(req: {
    reference: string;
    amount: number;
    currency: string;
    country: string;
    method: PaymentMethod;
    returnUrl: string;
    shopperReference: string;
    locale: string;
    /** A card method: the checkout asks whether to store the card for later charges (card on file). */
    offerToStore: boolean;
  }): Promise<CheckoutSession>;
  /**
   * Charges a SEPA direct debit of `amount` minor units of `currency` from `iban` (the mandate the member confirmed),
   * `reference` as reference and idempotency key. Answers Adyen's resultCode: 'Received' (the bank settles it later,
   * a webhook tells), 'Authorised' or 'Refused'.
   */
  directDebit(req: {
    reference: string;
    amount: number;
    currency: string;
    holder: string;
    iban: string;
    shopperReference: string;
    country: string;
    returnUrl: string;
  }): Promise<string>;
  /**
   * Charges `amount` minor units of `currency` to the stored card `token` of `shopperReference`, without the member
   * (card on file); `reference` is the reference and idempotency key. Answers Adyen's resultCode ('Authorised',
   * 'Refused', ...) and the pspReference.
   */
  chargeStored(req: {
    reference: string;
    amount: number;
    currency: string;
    token: string;
    shopperReference: string;
    returnUrl: string;
  }): Promise<{ resultCode: string; pspReference: string | null }>;
  /**
   * Pays `amount` minor units of `currency` by bank transfer (Adyen `POST /payments`, `bankTransfer_IBAN`), `reference`
   * as reference and idempotency key. Answers the instructions the member transfers by (resultCode PresentToShopper);
   * the AUTHORISATION webhook settles the payment once the money arrived. Throws when the provider gives none.
   */
  bankTransfer(req: {
    reference: string;
    amount: number;
    currency: string;
    country: string;
    shopperReference: string;
    returnUrl: string;
  }): Promise<{ pspReference: string | null; instructions: BankTransferAction }>;
  /**
   * Deletes the stored card `token` of `shopperReference` at the provider (Adyen `DELETE /storedPaymentMethods/{id}`),
   * so it can never be charged again. Answers false when the provider does not know it (already gone); throws when
   * the provider cannot be reached or fails.
   */
  deleteStoredCard(req: { token: string; shopperReference: string }): Promise<boolean>;
  /**
   * Refunds `amount` minor units of the payment `pspReference`; `reference` is the refund's reference and idempotency
   * key. Answers the provider's reference of the refund (Adyen PaymentRefundResponse.pspReference).
   */
  refund(req: { pspReference: string; amount: number; currency: string; reference: string }): Promise<{ pspReference: string }>;
  /** The result of session `sessionId`, given the `sessionResult` the checkout returned with. */
  sessionStatus(sessionId: string, sessionResult: string): Promise<SessionResult>;
  /**
   * The notifications of a webhook body whose HMAC signature is valid; `rejected` counts those whose signature
   * is not (dropped, never applied).
   */
  verify(body: PaymentWebhookRequest): { notifications: PaymentNotification[]; rejected: number };
}

/** Adyen (or the embedded service) settings. `endpoint`: the base URL that replaces Adyen's test host, or null. */
interface ProviderOptions {
  apiKey: string;
  merchantAccount: string;
  /** The webhook HMAC key, hex (Adyen's Customer Area: webhook settings). */
  hmacKey: string;
  live: boolean;
  /** The live URL prefix of the merchant (Adyen: Developers > API URLs), with `live`. */
  livePrefix?: string;
  endpoint: (() => string) | null;
  embedded: boolean;
}

/**
 * The client's HTTP layer over fetch (Adyen's HttpClient interface, whose `request` takes these five parameters):
 * Adyen's own uses an https Agent for every URL, and the embedded service is plain http on loopback. Sends the API key, the idempotency key and query parameters as the client asks; answers
 * the body, throws on a non-2xx answer with its status.
 */
function fetchClient(endpoint: (() => string) | null) {
  return {
    async request(
      url: string,
      json: string | Buffer,
      config: { apiKey?: string },
      _keyRequired: boolean,
      options: { method?: string; params?: Record<string, string>; idempotencyKey?: string } = {},
    ) {
      const target = new URL(endpoint ? url.replace(ADYEN_TEST_BASE, endpoint()) : url);
      for (const [k, v] of Object.entries(options.params ?? {})) target.searchParams.set(k, v);
      const method = options.method ?? 'POST';
      const res = await fetch(target, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(config.apiKey ? { 'x-api-key': config.apiKey } : {}),
          ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
        },
        body: method === 'GET' ? undefined : String(json),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      if (!res.ok)
        throw Object.assign(new Error(`payment provider answered ${res.status}: ${text.slice(0, 200)}`), { status: res.status });
      return text;
    },
  };
}

/** The Adyen adapter: sessions and results through @adyen/api-library's PaymentsApi, webhooks through its hmacValidator. */
function createPaymentProvider(opts: ProviderOptions): PaymentProvider {
  const client = new Client({
    apiKey: opts.apiKey,
    environment: opts.live ? EnvironmentEnum.LIVE : EnvironmentEnum.TEST,
    ...(opts.livePrefix ? { liveEndpointUrlPrefix: opts.livePrefix } : {}),
  });
  client.httpClient = fetchClient(opts.endpoint) as unknown as typeof client.httpClient;
  const payments = new PaymentsApi(client);
  const modifications = new ModificationsApi(client);
  const recurring = new RecurringApi(client);
  const validator = new HmacValidator();
  /** The fields every order sends: merchant, amount, our reference, where to return, and the member. */
  const order = (req: { reference: string; amount: number; currency: string; returnUrl: string; shopperReference: string }) => ({
    merchantAccount: opts.merchantAccount,
    amount: { value: req.amount, currency: req.currency },
    reference: req.reference,
    returnUrl: req.returnUrl,
    shopperReference: req.shopperReference,
  });
  return {
    embedded: opts.embedded,
    async createSession(req) {
      const session = await payments.sessions(
        {
          ...order(req),
          countryCode: req.country,
          shopperLocale: req.locale,
          allowedPaymentMethods: [ADYEN_TYPE[req.method]],
          mode: 'hosted' as never,
          ...(req.offerToStore
            ? { storePaymentMethodMode: 'askForConsent' as never, recurringProcessingModel: 'CardOnFile' as never }
            : {}),
        },
        { idempotencyKey: req.reference },
      );
      if (!session.url) throw new Error('payment provider answered a session without a url');
      return { id: session.id, url: session.url };
    },
    async directDebit(req) {
      const result = await payments.payments(
        {
          ...order(req),
          countryCode: req.country,
          paymentMethod: { type: 'sepadirectdebit' as never, ownerName: req.holder, iban: req.iban },
          shopperInteraction: 'Ecommerce' as never,
          storePaymentMethod: true,
          recurringProcessingModel: 'CardOnFile' as never,
        },
        { idempotencyKey: req.reference },
      );
      return String(result.resultCode ?? 'Received');
    },
    async chargeStored(req) {
      const result = await payments.payments(
        {
          ...order(req),
          paymentMethod: { type: 'scheme' as never, storedPaymentMethodId: req.token },
          shopperInteraction: 'ContAuth' as never,
          recurringProcessingModel: 'CardOnFile' as never,
        },
        { idempotencyKey: req.reference },
      );
      return { resultCode: String(result.resultCode ?? 'Error'), pspReference: result.pspReference ?? null };
    },
    async bankTransfer(req) {
      const result = await payments.payments(
        { ...order(req), countryCode: req.country, paymentMethod: { type: 'bankTransfer_IBAN' as never } },
        { idempotencyKey: req.reference },
      );
      const action = result.action as Partial<CheckoutBankTransferAction> | undefined;
      const { iban, bic, beneficiary, reference, totalAmount } = action ?? {};
      if (result.resultCode !== 'PresentToShopper' || !iban || !reference || !totalAmount)
        throw new Error(`payment provider answered no bank transfer instructions (${String(result.resultCode)})`);
      return {
        pspReference: result.pspReference ?? null,
        instructions: {
          iban,
          bic: bic ?? '',
          beneficiary: beneficiary ?? '',
          reference,
          amount: totalAmount.value,
          currency: totalAmount.currency,
        },
      };
    },
    async deleteStoredCard(req) {
      try {
        await recurring.deleteTokenForStoredPaymentDetails(req.token, req.shopperReference, opts.merchantAccount);
        return true;
      } catch (e) {
        // Adyen answers 422 (or 404) for a token it does not hold for this shopper: nothing left to delete there.
        const status = (e as { status?: number }).status;
        if (status === 404 || status === 422) return false;
        throw e;
      }
    },
    async refund(req) {
      const answer = await modifications.refundCapturedPayment(
        req.pspReference,
        {
          merchantAccount: opts.merchantAccount,
          amount: { value: req.amount, currency: req.currency },
          reference: req.reference,
        },
        { idempotencyKey: req.reference },
      );
      return { pspReference: answer.pspReference };
    },
    async sessionStatus(sessionId, sessionResult) {
      const result = await payments.getResultOfPaymentSession(sessionId, sessionResult);
      const paid = result.payments ?? [];
      const payment = paid.find((p) => p.resultCode === 'Authorised' && p.pspReference) ?? paid.find((p) => p.pspReference);
      return { status: (result.status ?? 'active') as SessionStatus, pspReference: payment?.pspReference ?? null };
    },
    verify(body) {
      const notifications: PaymentNotification[] = [];
      let rejected = 0;
      for (const { NotificationRequestItem: item } of body.notificationItems) {
        let valid = false;
        try {
          valid = typeof item.additionalData?.hmacSignature === 'string' && validator.validateHMAC(item as never, opts.hmacKey);
        } catch {
          valid = false;
        }
        if (!valid) {
          rejected++;
          continue;
        }
        notifications.push({
          eventCode: item.eventCode,
          success: item.success === 'true',
          merchantReference: item.merchantReference,
          pspReference: item.pspReference,
          amount: item.amount,
          ...(item.additionalData?.['tokenization.storedPaymentMethodId']
            ? {
                storedPaymentMethodId: item.additionalData['tokenization.storedPaymentMethodId'],
                cardSummary: item.additionalData.cardSummary,
                expiryDate: item.additionalData.expiryDate,
                cardBrand: item.paymentMethod,
              }
            : {}),
        });
      }
      return { notifications, rejected };
    },
  };
}

/** The embedded test service's merchant account name. */
const TEST_MERCHANT = 'HeartlineTestMerchant';

/**
 * The provider of `config`: Adyen with its settings, else the embedded test payment service at
 * `<PUBLIC_URL>/dev/psp` with an API key and HMAC key made once and kept in the database (`keys` answers them, for
 * the service's routes). Both go through the same adapter.
 */
export async function paymentProviderFor(
  config: Pick<Config, 'adyen' | 'publicUrl'>,
  db: Db,
): Promise<{ provider: PaymentProvider; testKeys: { apiKey: string; hmacKey: string } | null }> {
  if (config.adyen)
    return { provider: createPaymentProvider({ ...config.adyen, endpoint: null, embedded: false }), testKeys: null };
  const testKeys = await storedOnce(db, 'test-psp-keys', () => ({
    apiKey: randomBytes(24).toString('base64url'),
    hmacKey: randomBytes(32).toString('hex'),
  }));
  const provider = createPaymentProvider({
    ...testKeys,
    merchantAccount: TEST_MERCHANT,
    live: false,
    endpoint: () => `${config.publicUrl}${TEST_PSP_PATH}`,
    embedded: true,
  });
  return { provider, testKeys };
}
