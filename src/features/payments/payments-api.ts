// The money calls of contract/payments.ts, typed (docs/api.md: credits, payment, transactions).
import {
  CreatePaymentResponse,
  CreditsResponse,
  DirectDebitMandateResponse,
  DirectDebitResponse,
  Payment,
  PaymentResponse,
  RepeatOrderResponse,
  TransactionsResponse,
  type Country,
  type DirectDebitRequest,
  type PaymentMethod,
} from '../../../contract/index.ts';
import { api } from '../../api/client.ts';
import { REPEAT_ORDER_CALL, TRANSACTIONS_CALL } from './payment-calls.ts';

/** GET /api/credits.php: bundles and methods of the member's payment country (a visitor's: `country`). */
export const fetchOffer = (country?: Country | null) => api('/api/credits.php', CreditsResponse, { query: { country } });

/**
 * POST /api/payment.php: starts paying `bundle` with `method`, `discount_code` off the price when given. `id` is the
 * attempt's idempotency key: a retry with the same id answers the same checkout, so the call is retried like a GET.
 */
export const startPayment = (id: string, bundle: number, method: PaymentMethod, discount_code?: string) =>
  api('/api/payment.php', CreatePaymentResponse, { method: 'POST', body: { id, bundle, method, discount_code }, retry: true });

/** GET /api/payment.php: the payment's state; `sessionId`/`sessionResult` from the return URL let the server ask the provider. */
export const fetchPayment = (id: string, sessionId?: string | null, sessionResult?: string | null) =>
  api('/api/payment.php', PaymentResponse, { query: { id, sessionId, sessionResult } });

/** POST /api/refund.php: refunds the unused credits of a completed purchase within refund_days. */
export const requestRefund = (payment: string) => api('/api/refund.php', Payment, { method: 'POST', body: { payment } });

/** GET /api/repeat-order.php: the last completed order and the stored card. */
export const fetchRepeatOrder = () => api(REPEAT_ORDER_CALL, RepeatOrderResponse);

/** POST /api/repeat-order.php: the last order again, charged to the stored card in one step. Idempotent by `id`. */
export const repeatWithStoredCard = (id: string) =>
  api(REPEAT_ORDER_CALL, PaymentResponse, { method: 'POST', body: { id }, retry: true });

/** GET /api/transactions.php: the member's payments and credit movements, newest first. */
export const fetchTransactions = () => api(TRANSACTIONS_CALL, TransactionsResponse);

/** POST /api/directdebit.php: orders a bundle by direct debit; the code goes by SMS. Idempotent by `id`. */
export const orderDirectDebit = (req: DirectDebitRequest) =>
  api('/api/directdebit.php', DirectDebitResponse, { method: 'POST', body: req, retry: true });

/** GET /api/directdebit.php: the mandate of the member's last confirmed direct debit (to prefill the form), or null. */
export const fetchLastMandate = () => api('/api/directdebit.php', DirectDebitMandateResponse);

/** POST /api/directdebit-confirm.php: confirms the order with the SMS code. */
export const confirmDirectDebit = (id: string, code: string) =>
  api('/api/directdebit-confirm.php', PaymentResponse, { method: 'POST', body: { id, code } });
