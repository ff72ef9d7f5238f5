// Money calls (docs/payments.md, docs/api.md): bundles and methods, starting and following a payment, the provider's
// webhook, the member's transactions; and, without a real provider, the embedded test payment service.
import type { FastifyInstance } from 'fastify';
import {
  CreatePaymentRequest,
  CreditsQuery,
  RefundRequest,
  RepeatOrderRequest,
  type Payment,
  type RepeatOrderResponse,
  DirectDebitConfirmRequest,
  DirectDebitRequest,
  type DirectDebitMandateResponse,
  type DirectDebitResponse,
  type SmsOutboxResponse,
  PaymentQuery,
  PaymentWebhookRequest,
  TransactionsQuery,
  type CreatePaymentResponse,
  type CreditsResponse,
  type PaymentResponse,
  type TransactionsResponse,
} from '../../contract/index.ts';
import type { ServerContext } from '../context.ts';
import { confirmDirectDebit, lastMandate, orderDirectDebit } from '../domain/money/direct-debit.ts';
import {
  applyNotifications,
  createPayment,
  creditsOffer,
  paymentOf,
  refundPayment,
  repeatOrder,
  repeatOrderOf,
  transactionsOf,
} from '../domain/money/payments.ts';
import { ApiError } from '../errors.ts';
import { devToolsAllowed, PAYMENT_WEBHOOK_PATH } from '../security.ts';
import { testPspRoutes } from '../services/test-psp.ts';
import { parse } from '../validate.ts';

export default async function paymentRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const { db, config, payments, sms } = ctx;
  /** *public*. The bundles and payment methods of the member's payment country (a visitor's: ?country=). */
  app.get('/api/credits.php', async (req): Promise<CreditsResponse> => {
    const { country } = parse(CreditsQuery, req.query);
    const user = await req.viewer.user();
    return creditsOffer(db, user?.id ?? null, req.site.settings, country);
  });

  /** *member*. Starts a payment (idempotent by `id`) and answers the hosted checkout's URL. */
  app.post('/api/payment.php', async (req): Promise<CreatePaymentResponse> => {
    const user = await req.viewer.requireUser();
    const body = parse(CreatePaymentRequest, req.body);
    return createPayment(ctx, user, req.site.settings.message_credits, body);
  });

  /** *member*. A payment's state; asks the provider when the member is back from the checkout and nothing settled it yet. */
  app.get('/api/payment.php', async (req): Promise<PaymentResponse> => {
    const user = await req.viewer.requireUser();
    const { id, sessionId, sessionResult } = parse(PaymentQuery, req.query);
    return paymentOf(ctx, payments.provider, user, { id, sessionId, sessionResult });
  });

  /** *member*. The mandate of the member's last confirmed direct debit, to prefill the form; null when none. */
  app.get('/api/directdebit.php', async (req): Promise<DirectDebitMandateResponse> => {
    const user = await req.viewer.requireUser();
    return lastMandate(db, user.id);
  });

  /**
   * *member*. Orders a bundle by SEPA direct debit; the code goes by SMS (spec 4 "Direct-debit flow"). `req.ip` (the
   * client behind TRUST_PROXY's proxies) counts toward the SMS limit per address.
   */
  app.post('/api/directdebit.php', async (req): Promise<DirectDebitResponse> => {
    const user = await req.viewer.requireUser();
    const body = parse(DirectDebitRequest, req.body);
    const { settings } = req.site;
    return orderDirectDebit(ctx, user, { name: settings.name, messageCredits: settings.message_credits }, body, req.ip);
  });

  /** *member*. The SMS code confirms a direct-debit order, which then goes to the provider. */
  app.post('/api/directdebit-confirm.php', async (req): Promise<PaymentResponse> => {
    const user = await req.viewer.requireUser();
    return confirmDirectDebit(ctx, user, parse(DirectDebitConfirmRequest, req.body));
  });

  /** The dev SMS outbox: the embedded SMS service's messages (newest 50); as the dev mailbox, devToolsAllowed only. */
  app.get('/api/dev-sms.php', async (req): Promise<SmsOutboxResponse> => {
    if (!sms.embedded || !devToolsAllowed(req, config)) throw new ApiError(404, 'not_found');
    return {
      messages: (await sms.list(50)).map((m) => ({ id: m.id, to: m.to, text: m.text, created_at: m.createdAt.toISOString() })),
    };
  });

  /** *member*. The last completed order and the stored card (/credits/repeat-order). */
  app.get('/api/repeat-order.php', async (req): Promise<RepeatOrderResponse> =>
    repeatOrderOf(db, (await req.viewer.requireUser()).id),
  );

  /** *member*. Buys the last order again, charged to the stored card in one step. */
  app.post('/api/repeat-order.php', async (req): Promise<PaymentResponse> => {
    const user = await req.viewer.requireUser();
    const { id } = parse(RepeatOrderRequest, req.body);
    return repeatOrder(ctx, user, req.site.settings.message_credits, id);
  });

  /** *member*. Refunds the unused credits of a purchase within the site's refund_days. */
  app.post('/api/refund.php', async (req): Promise<Payment> => {
    const user = await req.viewer.requireUser();
    const { payment } = parse(RefundRequest, req.body);
    return refundPayment(ctx, user, { id: payment, refundDays: req.site.settings.refund_days });
  });

  /** *member*. Payments and credit movements, newest first. */
  app.get('/api/transactions.php', async (req): Promise<TransactionsResponse> => {
    const user = await req.viewer.requireUser();
    return transactionsOf(db, user.id, parse(TransactionsQuery, req.query).limit ?? 100);
  });

  /**
   * The provider's webhook (Adyen standard notifications): answered `[accepted]` as Adyen expects once the verified
   * notifications are applied; notifications with a wrong HMAC signature are dropped (and logged), never applied;
   * 400 bad_request for a body that is not a notification list.
   * A body that cannot be applied now (database down) answers 5xx, so the provider sends it again.
   */
  app.post(PAYMENT_WEBHOOK_PATH, async (req, reply) => {
    const { notifications, rejected } = payments.provider.verify(parse(PaymentWebhookRequest, req.body));
    if (rejected) req.log.warn({ rejected }, 'payment webhook: notifications with a bad signature dropped');
    await applyNotifications(ctx, notifications, (message, detail) => req.log.warn(detail, message));
    return reply.type('text/plain').send('[accepted]');
  });

  if (payments.testKeys)
    await app.register(testPspRoutes, { ...payments.testKeys, config, log: (message, detail) => app.log.warn(detail, message) });
}
