// Support's view of members (docs/operations.md "Support"): the search by address, id or name, and one member's page
// with money, devices, sessions and the throttles that hold them. Read only; never a card token, push key or password.
import { and, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { OpsLedgerRow, OpsMemberHit, OpsMemberResponse, OpsPayment } from '../../../contract/ops-support.ts';
import { REACTIVATION_DAYS, refundShare, refundWindowOpen } from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import {
  creditLedger,
  loginFailures,
  memberRestrictions,
  payments,
  profiles,
  pushSubscriptions,
  sessions,
  sites,
  storedCards,
  users,
} from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import type { Site, UserRow } from '../types.ts';

/** Hits per search page. */
const SEARCH_PAGE_SIZE = 25;
/** Ledger rows on the member's page (more through ledgerPage). */
const LEDGER_ROWS = 50;
const DAY_MS = 86400_000;

/** `text` as a LIKE pattern matching it at the start (its own % _ \ taken literally). */
const startsWith = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The members matching `q` (docs/operations.md "Support"): digits, the member of that id; with an `@`, the address
 * exactly or as a prefix; else addresses and profile names starting with it. Case-insensitive; page `page` (from 0) of
 * SEARCH_PAGE_SIZE by id; `more` when another page follows.
 */
export async function searchMembers(db: Db, q: string, page: number): Promise<{ members: OpsMemberHit[]; more: boolean }> {
  const text = q.trim();
  let where: SQL | undefined;
  if (/^\d{1,9}$/.test(text)) where = eq(users.id, Number(text));
  else if (text.includes('@')) where = sql`lower(${users.email}) like ${startsWith(text)}`;
  else where = or(sql`lower(${users.email}) like ${startsWith(text)}`, sql`lower(${profiles.name}) like ${startsWith(text)}`);
  const rows = await db
    .select({ user: users, name: profiles.name, site: sites.domain })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(where)
    .orderBy(users.id)
    .limit(SEARCH_PAGE_SIZE + 1)
    .offset(page * SEARCH_PAGE_SIZE);
  return {
    members: rows.slice(0, SEARCH_PAGE_SIZE).map((r) => toHit(r.user, r.name ?? '', r.site)),
    more: rows.length > SEARCH_PAGE_SIZE,
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toHit(u: UserRow, name: string, site: string): OpsMemberHit {
  return {
    id: u.id,
    email: u.email,
    name,
    site,
    status: u.status,
    fictional: u.fictional,
    signup_date: u.signupDate.toISOString(),
    deleted_at: iso(u.deletedAt),
  };
}

const toLedgerRow = (r: typeof creditLedger.$inferSelect): OpsLedgerRow => ({
  id: r.id,
  delta: r.delta,
  balance_after: r.balanceAfter,
  reason: r.reason,
  key: r.idempotencyKey,
  created_at: r.createdAt.toISOString(),
});

/**
 * A payment as support sees it; `refundable` is what a refund would do now (refundShare over the member's unused
 * bought credits `bought`), null when the payment is not completed or past the site's `refundDays`.
 */
export function toOpsPayment(p: typeof payments.$inferSelect, bought: number, refundDays: number, now = new Date()): OpsPayment {
  const open = p.status === 'completed' && refundWindowOpen(p.createdAt.getTime(), refundDays, now.getTime());
  return {
    id: p.id,
    status: p.status,
    credits: p.credits,
    amount: p.amount,
    currency: p.currency,
    method: p.method,
    psp_reference: p.pspReference,
    created_at: p.createdAt.toISOString(),
    refunded_credits: p.refundedCredits,
    refunded_amount: p.refundedAmount,
    refunded_at: iso(p.refundedAt),
    refund_psp_reference: p.refundPspReference,
    refundable: open ? refundShare(p, bought) : null,
  };
}

/** The member of `id` and their site; throws ApiError 404 not_found. */
export async function memberAndSite(db: Db, siteList: readonly Site[], id: number): Promise<{ user: UserRow; site: Site }> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  const site = user && siteList.find((s) => s.id === user.siteId);
  if (!user || !site) throw new ApiError(404, 'not_found');
  return { user, site };
}

/**
 * The login throttle keys of the member with address `email` (server/domain/accounts/throttle.ts): the account-wide
 * one and those of each source, as an SQL condition on login_failures.key.
 */
export function memberLoginKeys(email: string): SQL {
  const account = `login:${email.trim().toLowerCase()}`;
  return sql`(${loginFailures.key} = ${account} or left(${loginFailures.key}, ${account.length + 1}) = ${`${account}|`})`;
}

/** The kind of a member's throttle key, as support reads it. */
const throttleKind = (key: string) =>
  key.startsWith('location:')
    ? 'location changes'
    : key.startsWith('unlock-mail:')
      ? 'unlock mails'
      : key.includes('|')
        ? 'login from one source'
        : 'login from everywhere';

/** Member `id`'s page for support (GET /api/ops/members/:id; OpsMemberResponse). Throws ApiError 404 not_found. */
export async function memberPage(db: Db, siteList: readonly Site[], id: number, now = new Date()): Promise<OpsMemberResponse> {
  const { user, site } = await memberAndSite(db, siteList, id);
  const [profile, restrictions, ledger, paid, cards, devices, live, throttles] = await Promise.all([
    db.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, id)),
    db.select().from(memberRestrictions).where(eq(memberRestrictions.userId, id)).orderBy(desc(memberRestrictions.id)),
    db.select().from(creditLedger).where(eq(creditLedger.userId, id)).orderBy(desc(creditLedger.id)).limit(LEDGER_ROWS),
    db.select().from(payments).where(eq(payments.userId, id)).orderBy(desc(payments.createdAt)),
    db.select().from(storedCards).where(eq(storedCards.userId, id)).orderBy(desc(storedCards.id)),
    db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, id)).orderBy(desc(pushSubscriptions.id)),
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.userId, id), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.createdAt)),
    db
      .select()
      .from(loginFailures)
      .where(
        or(memberLoginKeys(user.email), eq(loginFailures.key, `location:${id}`), eq(loginFailures.key, `unlock-mail:${id}`)),
      ),
  ]);
  return {
    member: {
      ...toHit(user, profile[0]?.name ?? '', site.domain),
      language: user.language,
      credits: user.credits,
      bought_credits: user.boughtCredits,
      premium: user.paidUser,
      last_seen_at: iso(user.lastSeenAt),
      restorable_until: user.deletedAt ? new Date(user.deletedAt.getTime() + REACTIVATION_DAYS * DAY_MS).toISOString() : null,
    },
    restrictions: restrictions.map((r) => ({
      id: r.id,
      kind: r.kind,
      ground: r.ground,
      created_at: r.createdAt.toISOString(),
      ends_at: iso(r.endsAt),
      lifted_at: iso(r.liftedAt),
    })),
    ledger: ledger.map(toLedgerRow),
    payments: paid.map((p) => toOpsPayment(p, user.boughtCredits, site.settings.refund_days, now)),
    cards: cards.map((c) => ({
      id: c.id,
      method: c.method,
      last4: c.last4,
      expiry_month: c.expiryMonth,
      expiry_year: c.expiryYear,
    })),
    devices: devices.map((d) => ({
      id: d.id,
      host: URL.canParse(d.endpoint) ? new URL(d.endpoint).host : '',
      created_at: d.createdAt.toISOString(),
      last_success_at: iso(d.lastSuccessAt),
    })),
    sessions: live.map((s) => ({ created_at: s.createdAt.toISOString(), expires_at: s.expiresAt.toISOString() })),
    throttles: throttles.map((t) => ({
      kind: throttleKind(t.key),
      count: t.count,
      blocked_until: t.blockedUntil && t.blockedUntil > now ? t.blockedUntil.toISOString() : null,
    })),
  };
}

/** Member `id`'s ledger rows with ids below `before` (all when unset), newest first, at most `limit`. */
export async function ledgerPage(db: Db, id: number, before: number | undefined, limit: number): Promise<OpsLedgerRow[]> {
  const rows = await db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, id), before === undefined ? undefined : lt(creditLedger.id, before)))
    .orderBy(desc(creditLedger.id))
    .limit(limit);
  return rows.map(toLedgerRow);
}
