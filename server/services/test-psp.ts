// The embedded test payment service (the default of `npm start`, tests and CI): the subset of Adyen's Checkout API
// that server/services/payment-provider.ts calls (POST /v72/sessions, GET /v72/sessions/{id}, POST /v72/payments,
// POST /v72/payments/{pspReference}/refunds), a hosted checkout page where the person paying picks the outcome, and
// webhooks signed with the HMAC key exactly as Adyen signs them. GET /dev/psp/refunds lists the refunds it accepted.
// A dev tool like the dev mailbox: only when no real provider is configured, only on this server's own Host names and
// only to loopback unless DEV_TOOLS=on (security.ts devToolsAllowed).
// Sessions live in memory: a restart forgets open checkouts (their payments stay pending until they expire).
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { formatMoney } from '../../contract/index.ts';
import { escapeHtml } from '../domain/notifications/notice-mail.ts';
import { errorBody } from '../errors.ts';
import { devToolsAllowed } from '../security.ts';
import { HmacValidator } from './adyen-parts.ts';
import type { SessionStatus } from './payment-provider.ts';

/** Where the embedded service's API and pages live on this server. */
export const TEST_PSP_PATH = '/dev/psp';

/** How long a checkout session stays payable, in ms (Adyen's default is one hour). */
const SESSION_MS = 3600_000;
/** The webhook goes out this long after the outcome, so the member is usually back first (both orders are tested). */
const WEBHOOK_DELAY_MS = 300;
/** A direct debit is settled by the (test) bank this long after it was received, in ms. */
const DEBIT_SETTLE_MS = 1500;

/** The expiry the test service reports for every stored card (Adyen additionalData expiryDate, "MM/YYYY"). */
const TEST_CARD_EXPIRY = '03/2030';
/** The account the test service tells members to transfer to (Adyen's documentation's example IBAN). */
const TRANSFER_ACCOUNT = { beneficiary: 'Heartline Test Merchant', iban: 'NL13TEST0123456789', bic: 'TESTNL2A' };

/** What the person paying may pick on the hosted page. */
const OUTCOMES = ['authorised', 'refused', 'cancelled', 'expired', 'pending'] as const;
type Outcome = (typeof OUTCOMES)[number];

interface Session {
  id: string;
  request: {
    merchantAccount: string;
    amount: { value: number; currency: string };
    reference: string;
    returnUrl: string;
    allowedPaymentMethods?: string[];
    shopperReference?: string;
    storePaymentMethodMode?: string;
  };
  status: SessionStatus;
  /** The opaque result handed to the return URL; GET /sessions/{id} answers only with it. */
  result: string;
  pspReference: string;
  expiresAt: Date;
}

/**
 * A refund the service accepted (Adyen PaymentRefundResponse, and when): GET /dev/psp/refunds answers
 * `{ refunds: AcceptedRefund[] }` (docs/payments.md "Refunds").
 */
export interface AcceptedRefund {
  merchantAccount: string;
  /** The refunded payment's pspReference. */
  paymentPspReference: string;
  /** The refund's own reference at the provider (what payments.refund_psp_reference stores). */
  pspReference: string;
  /** Our reference of the refund: `refund-<payment id>`. */
  reference: string;
  /** Minor units. */
  amount: { value: number; currency: string };
  status: 'received';
  /** ISO 8601. */
  receivedAt: string;
}

/** Settings of the embedded service: its API key and HMAC key (hex) as the adapter uses them. */
export interface TestPspOptions {
  apiKey: string;
  hmacKey: string;
  config: Pick<Config, 'publicUrl' | 'devTools'>;
  log: (message: string, detail: Record<string, unknown>) => void;
}

/** Registers the embedded test payment service under TEST_PSP_PATH. */
export async function testPspRoutes(app: FastifyInstance, opts: TestPspOptions): Promise<void> {
  const sessions = new Map<string, Session>();
  const byIdempotencyKey = new Map<string, string>();
  const validator = new HmacValidator();

  const guard = (req: FastifyRequest, reply: FastifyReply): boolean => {
    if (devToolsAllowed(req, opts.config)) return true;
    void reply.status(404).send(errorBody('not_found'));
    return false;
  };
  const apiGuard = (req: FastifyRequest, reply: FastifyReply): boolean => {
    if (!guard(req, reply)) return false;
    if (req.headers['x-api-key'] === opts.apiKey) return true;
    void reply
      .status(401)
      .send({ status: 401, errorCode: '000', message: 'HTTP Status Response - Unauthorized', errorType: 'security' });
    return false;
  };
  const current = (id: string): Session | undefined => {
    const s = sessions.get(id);
    if (s && s.status === 'active' && s.expiresAt.getTime() < Date.now()) s.status = 'expired';
    return s;
  };

  /**
   * Sends one AUTHORISATION notification for `s` to the site's webhook, signed, `delay` ms from now; retried as Adyen
   * does until accepted.
   */
  const notify = (
    s: Pick<Session, 'request' | 'pspReference'>,
    success: boolean,
    delay = WEBHOOK_DELAY_MS,
    additionalData: Record<string, string> = {},
  ) => {
    const item = {
      additionalData: { ...additionalData },
      amount: s.request.amount,
      eventCode: 'AUTHORISATION',
      eventDate: new Date().toISOString(),
      merchantAccountCode: s.request.merchantAccount,
      merchantReference: s.request.reference,
      paymentMethod: s.request.allowedPaymentMethods?.[0] ?? 'scheme',
      pspReference: s.pspReference,
      reason: success ? '' : 'Refused',
      success: String(success),
    };
    item.additionalData.hmacSignature = validator.calculateHmac(item as never, opts.hmacKey);
    const body = JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: item }] });
    const send = async (attempt: number): Promise<void> => {
      const ok = await fetch(`${opts.config.publicUrl}/api/payment-webhook.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
        .then(async (r) => r.ok && (await r.text()) === '[accepted]')
        .catch(() => false);
      if (!ok && attempt < 5) setTimeout(() => void send(attempt + 1), 1000 * 2 ** attempt).unref();
      else if (!ok) opts.log('test payment service: webhook not accepted', { reference: s.request.reference });
    };
    setTimeout(() => void send(0), delay).unref();
  };

  app.post(`${TEST_PSP_PATH}/v72/sessions`, async (req, reply) => {
    if (!apiGuard(req, reply)) return reply;
    const request = req.body as Session['request'];
    const key = req.headers['idempotency-key'];
    const known = typeof key === 'string' ? sessions.get(byIdempotencyKey.get(key) ?? '') : undefined;
    const s: Session = known ?? {
      id: `CS${randomBytes(8).toString('hex').toUpperCase()}`,
      request,
      status: 'active',
      result: '',
      pspReference: randomBytes(8).toString('hex').toUpperCase(),
      expiresAt: new Date(Date.now() + SESSION_MS),
    };
    sessions.set(s.id, s);
    if (typeof key === 'string') byIdempotencyKey.set(key, s.id);
    return {
      id: s.id,
      url: `${opts.config.publicUrl}${TEST_PSP_PATH}/checkout/${s.id}`,
      expiresAt: s.expiresAt.toISOString(),
      amount: request.amount,
      reference: request.reference,
      merchantAccount: request.merchantAccount,
      returnUrl: request.returnUrl,
      mode: 'hosted',
    };
  });

  // A direct payment: here only SEPA direct debit, which the bank settles later: 'Received' now, the webhook after
  // DEBIT_SETTLE_MS. The same idempotency key answers the first result again.
  const directResults = new Map<string, { pspReference: string; resultCode: string; refusalReason?: string; action?: object }>();
  /** Bank transfers waiting for the money, by our reference (the payment id); "Transfer received" settles one. */
  const transfers = new Map<string, Pick<Session, 'request' | 'pspReference'>>();
  /** Stored cards: token -> its shopper, and whether its later charges are declined (picked on the checkout page). */
  const tokens = new Map<string, { shopperReference: string; declining: boolean }>();
  app.post(`${TEST_PSP_PATH}/v72/payments`, async (req, reply) => {
    if (!apiGuard(req, reply)) return reply;
    const body = req.body as Session['request'] & {
      paymentMethod?: { type?: string; iban?: string; ownerName?: string; storedPaymentMethodId?: string };
    };
    const key = String(req.headers['idempotency-key'] ?? randomUUID());
    const known = directResults.get(key);
    if (known) return known;
    const stored = body.paymentMethod?.storedPaymentMethodId;
    if (body.paymentMethod?.type === 'scheme' && stored) {
      const card = tokens.get(stored);
      if (!card || card.shopperReference !== body.shopperReference) {
        return reply
          .status(422)
          .send({ status: 422, errorCode: '14_0413', message: 'Stored payment method not found', errorType: 'validation' });
      }
      const charged = {
        pspReference: randomBytes(8).toString('hex').toUpperCase(),
        resultCode: card.declining ? 'Refused' : 'Authorised',
        ...(card.declining ? { refusalReason: 'Declined' } : {}),
      };
      directResults.set(key, charged);
      notify({ request: { ...body, allowedPaymentMethods: ['scheme'] }, pspReference: charged.pspReference }, !card.declining);
      return charged;
    }
    if (body.paymentMethod?.type === 'bankTransfer_IBAN') {
      const pspReference = randomBytes(8).toString('hex').toUpperCase();
      const answer = {
        pspReference,
        resultCode: 'PresentToShopper',
        action: {
          type: 'bankTransfer',
          paymentMethodType: 'bankTransfer_IBAN',
          totalAmount: body.amount,
          beneficiary: TRANSFER_ACCOUNT.beneficiary,
          iban: TRANSFER_ACCOUNT.iban,
          bic: TRANSFER_ACCOUNT.bic,
          reference: `TR-${pspReference.slice(0, 10)}`,
        },
      };
      directResults.set(key, answer);
      transfers.set(body.reference, { request: { ...body, allowedPaymentMethods: ['bankTransfer_IBAN'] }, pspReference });
      return answer;
    }
    if (body.paymentMethod?.type !== 'sepadirectdebit' || !body.paymentMethod.iban || !body.paymentMethod.ownerName) {
      return reply.status(422).send({
        status: 422,
        errorCode: '14_0011',
        message: 'The test payment service takes sepadirectdebit and bankTransfer_IBAN payments only',
        errorType: 'validation',
      });
    }
    const result = { pspReference: randomBytes(8).toString('hex').toUpperCase(), resultCode: 'Received' };
    directResults.set(key, result);
    notify(
      { request: { ...body, allowedPaymentMethods: ['sepadirectdebit'] }, pspReference: result.pspReference },
      true,
      DEBIT_SETTLE_MS,
    );
    return result;
  });

  // A refund of a captured payment: received at once (Adyen then sends a REFUND webhook, which the site only logs).
  // Kept in memory like the sessions, by idempotency key: GET /dev/psp/refunds lists them.
  const refunds = new Map<string, AcceptedRefund>();
  app.post<{ Params: { psp: string } }>(`${TEST_PSP_PATH}/v72/payments/:psp/refunds`, async (req, reply) => {
    if (!apiGuard(req, reply)) return reply;
    const body = req.body as { merchantAccount: string; amount: { value: number; currency: string }; reference?: string };
    const key = String(req.headers['idempotency-key'] ?? randomUUID());
    const answer: AcceptedRefund = refunds.get(key) ?? {
      merchantAccount: body.merchantAccount,
      paymentPspReference: req.params.psp,
      pspReference: randomBytes(8).toString('hex').toUpperCase(),
      reference: body.reference ?? '',
      amount: body.amount,
      status: 'received',
      receivedAt: new Date().toISOString(),
    };
    refunds.set(key, answer);
    const { receivedAt: _, ...adyenAnswer } = answer;
    return reply.status(201).send(adyenAnswer);
  });

  // The refunds accepted since the start, oldest first (a dev tool: tests and e2e see the provider's side).
  app.get(`${TEST_PSP_PATH}/refunds`, async (req, reply) => {
    if (!guard(req, reply)) return reply;
    return { refunds: [...refunds.values()] };
  });

  // Deleting a stored card (Checkout API DELETE /storedPaymentMethods/{id}?shopperReference=&merchantAccount=): 204, or
  // 422 for a token this shopper does not hold; a deleted token is refused by later charges.
  app.delete<{ Params: { id: string }; Querystring: { shopperReference?: string; merchantAccount?: string } }>(
    `${TEST_PSP_PATH}/v72/storedPaymentMethods/:id`,
    async (req, reply) => {
      if (!apiGuard(req, reply)) return reply;
      const card = tokens.get(req.params.id);
      if (!card || !req.query.shopperReference || card.shopperReference !== req.query.shopperReference)
        return reply
          .status(422)
          .send({ status: 422, errorCode: '14_0413', message: 'Stored payment method not found', errorType: 'validation' });
      tokens.delete(req.params.id);
      return reply.status(204).send();
    },
  );

  // The dev page of bank transfers waiting for their money: "Transfer received" plays the bank and sends the
  // AUTHORISATION webhook. POST .../transfers/{reference}/received does the same from a test.
  app.get(`${TEST_PSP_PATH}/transfers`, async (req, reply) => {
    if (!guard(req, reply)) return reply;
    const rows = [...transfers.entries()]
      .map(
        ([reference, t]) =>
          `<li><form method="post" action="${TEST_PSP_PATH}/transfers/${encodeURIComponent(reference)}/received"><span>${escapeHtml(
            formatMoney(t.request.amount.value, t.request.amount.currency, 'en'),
          )} · ${escapeHtml(reference)}</span> <button type="submit" class="primary">Transfer received</button></form></li>`,
      )
      .join('');
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .send(
        page(
          'Bank transfers',
          `<p class="muted">Test payment service: bank transfers waiting for their money.</p>${rows ? `<ul>${rows}</ul>` : '<p>None waiting.</p>'}`,
        ),
      );
  });

  app.get<{ Params: { id: string }; Querystring: { sessionResult?: string } }>(
    `${TEST_PSP_PATH}/v72/sessions/:id`,
    async (req, reply) => {
      if (!apiGuard(req, reply)) return reply;
      const s = current(req.params.id);
      if (!s || !s.result || req.query.sessionResult !== s.result)
        return reply
          .status(422)
          .send({ status: 422, errorCode: '14_0417', message: 'Invalid sessionResult', errorType: 'validation' });
      // Adyen's SessionResultResponse: the payment of a paid or refused session, with its reference.
      const resultCode = s.status === 'completed' ? 'Authorised' : s.status === 'refused' ? 'Refused' : null;
      return {
        id: s.id,
        status: s.status,
        reference: s.request.reference,
        payments: resultCode ? [{ pspReference: s.pspReference, resultCode, amount: s.request.amount }] : [],
      };
    },
  );

  app.get<{ Params: { id: string } }>(`${TEST_PSP_PATH}/checkout/:id`, async (req, reply) => {
    if (!guard(req, reply)) return reply;
    const s = current(req.params.id);
    reply.header('content-type', 'text/html; charset=utf-8');
    if (!s)
      return reply
        .status(404)
        .send(
          page(
            'Checkout not found',
            '<p>This checkout does not exist (the test payment service forgets open checkouts when the server restarts).</p>',
          ),
        );
    const price = formatMoney(s.request.amount.value, s.request.amount.currency, 'en');
    const open = s.status === 'active' || s.status === 'paymentPending';
    const labels: Record<Outcome, string> = {
      authorised: 'Pay (authorised)',
      refused: 'Refuse the payment',
      cancelled: 'Cancel and go back',
      expired: 'Let the checkout expire',
      pending: 'Leave it pending at the bank',
    };
    const choices = (s.status === 'paymentPending' ? (['authorised', 'refused'] as const) : OUTCOMES)
      .map(
        (o) =>
          `<button type="submit" name="outcome" value="${o}" class="${o === 'authorised' ? 'primary' : ''}">${labels[o]}</button>`,
      )
      .join('');
    // A card checkout asks whether to store the card (Adyen's askForConsent); the test adds a card that declines later.
    const consent =
      s.request.storePaymentMethodMode === 'askForConsent' && s.status === 'active'
        ? `<fieldset><legend>Store this card?</legend>${[
            ['no', "Don't store the card"],
            ['yes', 'Store the card for next time'],
            ['declining', 'Store the card; its later charges are declined (test)'],
          ]
            .map(
              ([v, label]) =>
                `<label><input type="radio" name="store" value="${v}"${v === 'no' ? ' checked' : ''}> ${label}</label>`,
            )
            .join('')}</fieldset>`
        : '';
    return page(
      `Pay ${price}`,
      `<p class="muted">Test payment service: no money moves. Pick what the payment does.</p>
      <dl><dt>Amount</dt><dd>${escapeHtml(price)}</dd><dt>Method</dt><dd>${escapeHtml(s.request.allowedPaymentMethods?.join(', ') ?? 'any')}</dd><dt>Reference</dt><dd>${escapeHtml(s.request.reference)}</dd><dt>Status</dt><dd>${escapeHtml(s.status)}</dd></dl>
      ${open ? `<form method="post">${consent}${choices}</form>` : `<p>This checkout is ${escapeHtml(s.status)}.</p>`}`,
    );
  });

  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post<{ Params: { reference: string } }>(`${TEST_PSP_PATH}/transfers/:reference/received`, async (req, reply) => {
      if (!guard(req, reply)) return reply;
      const t = transfers.get(req.params.reference);
      if (!t) return reply.status(404).send(errorBody('not_found'));
      transfers.delete(req.params.reference);
      notify(t, true, 0);
      return reply.redirect(`${TEST_PSP_PATH}/transfers`, 303);
    });
    scope.post<{ Params: { id: string }; Body: { outcome?: string; store?: string } }>(
      `${TEST_PSP_PATH}/checkout/:id`,
      async (req, reply) => {
        if (!guard(req, reply)) return reply;
        const s = current(req.params.id);
        const outcome = req.body?.outcome as Outcome | undefined;
        if (!s || !outcome || !OUTCOMES.includes(outcome) || (s.status !== 'active' && s.status !== 'paymentPending'))
          return reply.status(400).send('This checkout cannot take that outcome.');
        const pending = s.status === 'paymentPending';
        s.status = (
          {
            authorised: 'completed',
            refused: 'refused',
            cancelled: 'canceled',
            expired: 'expired',
            pending: 'paymentPending',
          } as const
        )[outcome];
        s.result = `${s.id}.${randomUUID()}`;
        const store =
          outcome === 'authorised' &&
          s.request.storePaymentMethodMode === 'askForConsent' &&
          (req.body.store === 'yes' || req.body.store === 'declining');
        let additionalData: Record<string, string> = {};
        if (store) {
          const token = `TK${randomBytes(8).toString('hex').toUpperCase()}`;
          tokens.set(token, { shopperReference: s.request.shopperReference ?? '', declining: req.body.store === 'declining' });
          additionalData = { 'tokenization.storedPaymentMethodId': token, cardSummary: '1111', expiryDate: TEST_CARD_EXPIRY };
        }
        if (outcome === 'authorised' || outcome === 'refused')
          notify(s, outcome === 'authorised', WEBHOOK_DELAY_MS, additionalData);
        // A pending payment settled later (at the bank) sends its webhook; the member is not sent back again.
        if (pending)
          return reply
            .header('content-type', 'text/html; charset=utf-8')
            .send(page('Done', `<p>The pending payment is now ${escapeHtml(s.status)}.</p>`));
        const back = new URL(s.request.returnUrl);
        back.searchParams.set('sessionId', s.id);
        back.searchParams.set('sessionResult', s.result);
        return reply.redirect(back.toString(), 303);
      },
    );
  });
}

/** The hosted page's HTML around `body`. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Test payment service</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}h1{font-size:1.5rem}.muted{color:#555}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0}form{display:grid;gap:.5rem;margin-top:1.5rem}fieldset{border:1px solid #ccc;border-radius:.5rem;display:grid;gap:.35rem;padding:.75rem}legend{font-weight:600}button{font:inherit;padding:.75rem;border:1px solid #888;border-radius:.5rem;background:#fff;cursor:pointer}button.primary{background:#14753e;border-color:#14753e;color:#fff;font-weight:600}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
