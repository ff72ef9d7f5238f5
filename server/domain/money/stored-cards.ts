// Stored cards (card on file, docs/payments.md "Stored card and repeat order"): a card the member chose to store at a
// card checkout, kept per member (many, newest first) for one-step repeat orders, listed in the settings and removed
// there at the provider and here. Apart from payments.ts because the member manages them without paying.
import { and, desc, eq } from 'drizzle-orm';
import type { PaymentMethod, StoredCard } from '../../../contract/index.ts';
import type { Db } from '../../db/connect.ts';
import { storedCards } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import type { ServerContext } from '../../context.ts';
import type { UserRow } from '../types.ts';
import { shopperReference } from './payment-rows.ts';

type StoredCardRow = typeof storedCards.$inferSelect;

/** Our card method of each card brand Adyen names in a notification's paymentMethod. */
const BRANDS: Record<string, PaymentMethod> = {
  visa: 'visa',
  mc: 'mastercard',
  maestro: 'maestro',
  cartebancaire: 'cartebancaire',
  dankort: 'dankort',
};

/** A card's brand: Adyen's `brand` when it is one we name, else the method the member paid with (`method`). */
export function cardMethod(brand: string | undefined, method: string): string {
  return (brand && BRANDS[brand]) || method;
}

/** Adyen's expiryDate "M/YYYY" or "MM/YYYY" as month (1-12) and year; nulls when absent or malformed. */
export function parseExpiry(expiryDate: string | undefined): { expiryMonth: number | null; expiryYear: number | null } {
  const m = /^(\d{1,2})\/(\d{4})$/.exec(expiryDate?.trim() ?? '');
  const month = m ? Number(m[1]) : 0;
  if (!m || month < 1 || month > 12) return { expiryMonth: null, expiryYear: null };
  return { expiryMonth: month, expiryYear: Number(m[2]) };
}

/**
 * Keeps `card.token`, a card of member `userId` stored at the provider (brand `method`, last 4 digits, expiry month
 * and year or nulls). The same token again updates it and makes it the newest, the one the repeat order charges.
 */
export async function storeCard(
  db: Db,
  userId: number,
  card: { token: string; method: string; last4: string; expiryMonth: number | null; expiryYear: number | null },
): Promise<void> {
  const { token, ...rest } = card;
  await db
    .insert(storedCards)
    .values({ userId, token, ...rest })
    .onConflictDoUpdate({ target: [storedCards.userId, storedCards.token], set: { ...rest, createdAt: new Date() } });
}

/** The member's newest stored card row (the one a repeat order charges), undefined when none. */
export async function newestCard(db: Db, userId: number): Promise<StoredCardRow | undefined> {
  const [card] = await db
    .select()
    .from(storedCards)
    .where(eq(storedCards.userId, userId))
    .orderBy(desc(storedCards.createdAt), desc(storedCards.id))
    .limit(1);
  return card;
}

/** The member's stored cards, newest first (GET /api/stored-cards.php). */
export async function storedCardsOf(db: Db, userId: number): Promise<StoredCard[]> {
  const rows = await db
    .select()
    .from(storedCards)
    .where(eq(storedCards.userId, userId))
    .orderBy(desc(storedCards.createdAt), desc(storedCards.id));
  return rows.map((r) => ({
    id: r.id,
    method: r.method as PaymentMethod,
    last4: r.last4,
    expiry_month: r.expiryMonth,
    expiry_year: r.expiryYear,
    created_at: r.createdAt.toISOString(),
  }));
}

/**
 * Removes stored card `id` of `user` (POST /api/stored-card-remove.php): first at the provider (its token can then
 * never be charged), then the row. A token the provider no longer holds is removed here all the same. Answers the
 * cards left. Errors: 404 not_found (no such card of this member), 502 payment_unavailable (the provider could not
 * be reached or failed: the card stays, the member may try again).
 */
export async function removeStoredCard(
  { db, payments: { provider } }: Pick<ServerContext, 'db' | 'payments'>,
  user: UserRow,
  id: number,
): Promise<StoredCard[]> {
  const [card] = await db
    .select()
    .from(storedCards)
    .where(and(eq(storedCards.id, id), eq(storedCards.userId, user.id)));
  if (!card) throw new ApiError(404, 'not_found');
  try {
    await provider.deleteStoredCard({ token: card.token, shopperReference: shopperReference(user.id) });
  } catch {
    throw new ApiError(502, 'payment_unavailable');
  }
  await db.delete(storedCards).where(and(eq(storedCards.id, id), eq(storedCards.userId, user.id)));
  return storedCardsOf(db, user.id);
}
