// The back office's support calls under /api/ops/ (docs/operations.md "Support", "Dead jobs", "Dashboard";
// docs/api.md "Back office"). Not exported from contract/index.ts: the member app never loads them.
import { z } from 'zod';
import { Text } from './common.ts';

/** The most goodwill credits one grant may give (docs/operations.md "Support"). */
const GOODWILL_MAX = 500;

/**
 * GET /api/ops/members?q=&page=: `q` an e-mail address (exact, or a prefix when it has no `@` domain part complete),
 * a member id (digits), or a profile name's start; `page` from 0, PAGE_SIZE rows a page.
 */
export const OpsMemberSearchQuery = z.object({
  q: Text.trim().min(1).max(254),
  page: z.coerce.number().int().min(0).max(1000).default(0),
});
export type OpsMemberSearchQuery = z.infer<typeof OpsMemberSearchQuery>;

/** A member in the search's results. Times are ISO strings. */
export const OpsMemberHit = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  site: z.string(),
  status: z.enum(['not_confirmed', 'confirmed']),
  fictional: z.boolean(),
  signup_date: z.string(),
  deleted_at: z.string().nullable(),
});
export type OpsMemberHit = z.infer<typeof OpsMemberHit>;
/** The page of hits, ordered by id; `more`: a next page exists. */
export const OpsMemberSearchResponse = z.object({ members: z.array(OpsMemberHit), more: z.boolean() });
export type OpsMemberSearchResponse = z.infer<typeof OpsMemberSearchResponse>;

/** A credit ledger row: `delta` credits (negative: a debit), the balance after, its reason and idempotency key. */
export const OpsLedgerRow = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string(),
  key: z.string(),
  created_at: z.string(),
});
export type OpsLedgerRow = z.infer<typeof OpsLedgerRow>;

/** A payment with the provider's state: amounts in minor units of `currency`; refund fields set once refunded. */
export const OpsPayment = z.object({
  id: z.string(),
  status: z.string(),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  method: z.string(),
  psp_reference: z.string().nullable(),
  created_at: z.string(),
  refunded_credits: z.number().int().nullable(),
  refunded_amount: z.number().int().nullable(),
  refunded_at: z.string().nullable(),
  /** The provider's reference of the refund, once it accepted it (null while the refund job has not run). */
  refund_psp_reference: z.string().nullable(),
  /**
   * What a refund would take back and return now (refundShare: the member's unused bought credits, at most the
   * purchase's, and their floor share of the amount); null when the payment cannot be refunded (not completed, or
   * past the site's refund_days).
   */
  refundable: z.object({ credits: z.number().int(), amount: z.number().int() }).nullable(),
});
export type OpsPayment = z.infer<typeof OpsPayment>;

/** GET /api/ops/members/:id: everything support sees of one member. No card token, password or push key. */
export const OpsMemberResponse = z.object({
  member: OpsMemberHit.extend({
    language: z.string(),
    credits: z.number().int(),
    bought_credits: z.number().int(),
    premium: z.boolean(),
    last_seen_at: z.string().nullable(),
    /** Until when a deleted account can still be restored (deleted_at + 14 days); null when not deleted. */
    restorable_until: z.string().nullable(),
  }),
  /** Restrictions by moderation, newest first (read only here). */
  restrictions: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      ground: z.string(),
      created_at: z.string(),
      ends_at: z.string().nullable(),
      lifted_at: z.string().nullable(),
    }),
  ),
  /** The newest ledger rows (more: GET .../ledger). */
  ledger: z.array(OpsLedgerRow),
  payments: z.array(OpsPayment),
  cards: z.array(
    z.object({
      id: z.number().int(),
      method: z.string(),
      last4: z.string(),
      expiry_month: z.number().int().nullable(),
      expiry_year: z.number().int().nullable(),
    }),
  ),
  /** Push subscriptions: the push service's host only (never the endpoint's path or keys). */
  devices: z.array(
    z.object({ id: z.number().int(), host: z.string(), created_at: z.string(), last_success_at: z.string().nullable() }),
  ),
  sessions: z.array(z.object({ created_at: z.string(), expires_at: z.string() })),
  /** Login throttles that hold the member now: the counter's kind, attempts in its window, blocked until (ISO) or null. */
  throttles: z.array(z.object({ kind: z.string(), count: z.number().int(), blocked_until: z.string().nullable() })),
});
export type OpsMemberResponse = z.infer<typeof OpsMemberResponse>;

/** GET /api/ops/members/:id/ledger?before=&limit=: older ledger rows (ids below `before`), newest first. */
export const OpsLedgerQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type OpsLedgerQuery = z.infer<typeof OpsLedgerQuery>;
export const OpsLedgerResponse = z.object({ ledger: z.array(OpsLedgerRow) });
export type OpsLedgerResponse = z.infer<typeof OpsLedgerResponse>;

/** The answer of a member action: what it did (`done` false: nothing was left to do, e.g. no session to end). */
export const OpsActionResponse = z.object({ done: z.boolean(), count: z.number().int().optional() });
export type OpsActionResponse = z.infer<typeof OpsActionResponse>;

/** POST /api/ops/members/:id/payments/:payment/refund: the payment after it; `repeated`: it was refunded already. */
export const OpsRefundResponse = z.object({ payment: OpsPayment, repeated: z.boolean() });
export type OpsRefundResponse = z.infer<typeof OpsRefundResponse>;

/**
 * POST /api/ops/members/:id/goodwill: `credits` (1..GOODWILL_MAX) with a `reason` kept in the audit log, and `key`
 * (the console's UUID for this grant): a repeat with the same key grants nothing more.
 */
export const OpsGoodwillRequest = z.object({
  credits: z.number().int().min(1).max(GOODWILL_MAX),
  reason: Text.trim().min(3).max(500),
  key: z.uuid(),
});
export type OpsGoodwillRequest = z.infer<typeof OpsGoodwillRequest>;
/** The balance after the grant; `repeated`: the key was granted already. */
export const OpsGoodwillResponse = z.object({ credits: z.number().int(), repeated: z.boolean() });
export type OpsGoodwillResponse = z.infer<typeof OpsGoodwillResponse>;

/**
 * A job that gave up (a `<name>-dead` queue): `queue` is its original queue; `data` keeps only ids and numbers of
 * what it carried (`fields` names the rest, never shown: addresses, texts, links with tokens).
 */
export const OpsDeadJob = z.object({
  id: z.string(),
  queue: z.string(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  fields: z.array(z.string()),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type OpsDeadJob = z.infer<typeof OpsDeadJob>;
/** GET /api/ops/dead-jobs: every dead letter, oldest first. */
export const OpsDeadJobsResponse = z.object({ jobs: z.array(OpsDeadJob) });
export type OpsDeadJobsResponse = z.infer<typeof OpsDeadJobsResponse>;

/** Money of one day and currency: completed payments and refunds taken, counts and minor units. */
const DayMoney = z.object({
  currency: z.string(),
  payments: z.number().int(),
  paid: z.number().int(),
  refunds: z.number().int(),
  refunded: z.number().int(),
});

/**
 * GET /api/ops/dashboard: today (UTC) and the 14 days before it, oldest first (`day` YYYY-MM-DD): signups, activations
 * (of that day's signups, those activated since), paying members, money by currency, messages; and now: open
 * complaints, the oldest waiting fictional conversation, dead jobs.
 */
export const OpsDashboardResponse = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      signups: z.number().int(),
      activations: z.number().int(),
      paying_members: z.number().int(),
      messages: z.number().int(),
      money: z.array(DayMoney),
    }),
  ),
  open_complaints: z.number().int(),
  /** The conversation a member has waited longest in for a fictional profile's answer: since when, seconds. */
  oldest_waiting: z.object({ conversation_id: z.number().int(), since: z.string(), seconds: z.number().int() }).nullable(),
  dead_jobs: z.number().int(),
});
export type OpsDashboardResponse = z.infer<typeof OpsDashboardResponse>;
