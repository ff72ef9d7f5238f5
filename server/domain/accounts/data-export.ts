// The member's copy of their data (GDPR Art. 15 and 20): one ZIP with the account, profile, photos, conversations,
// likes, blocks and credit movements as JSON, the own photo files (profile photos and the photos the member sent
// in chats), and the invoices and credit notes as PDFs. Nothing of another member beyond what the member sees in the app anyway (a peer's id and name, and the
// messages of their shared conversations): never a photo another member sent, nor its media keys.
import { asc, eq, inArray, or } from 'drizzle-orm';
import { strToU8, zip, type Zippable } from 'fflate';
import type { Db } from '../../db/connect.ts';
import { invoicePdf } from '../money/invoice-pdf.ts';
import { invoicesOfMember, numberOf } from '../money/invoices.ts';
import { toPayment } from '../money/payment-rows.ts';
import {
  blocks,
  conversationMembers,
  conversations,
  creditLedger,
  likes,
  messages,
  payments,
  photos,
  profiles,
  users,
} from '../../db/schema.ts';
import type { ImageService } from '../../services/images.ts';

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Names of members by id (only those given). */
async function namesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: profiles.userId, name: profiles.name })
    .from(profiles)
    .where(inArray(profiles.userId, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Builds the export ZIP of member `userId`: README.txt, account.json, profile.json, photos.json with photos/<n>.webp,
 * conversations.json (per conversation the peer {id, name} and every message, `from` "me" or "them"; a photo message
 * has `photo` {file: "chat-photos/<n>.webp"} when the member sent it, {file: null} when the peer did, whose photo is
 * left out), chat-photos/<n>.webp (full size, in the order sent), likes.json, blocks.json, credits.json (the ledger),
 * payments.json, invoices/<number>.pdf (each invoice and credit note, in the member's language). Answers the ZIP's bytes.
 */
export async function exportData(db: Db, images: ImageService, userId: number): Promise<Uint8Array> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const photoRows = await db.select().from(photos).where(eq(photos.userId, userId)).orderBy(asc(photos.position));
  const convRows = await db
    .select({ conv: conversations })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(eq(conversationMembers.userId, userId));
  const convIds = convRows.map((r) => r.conv.id);
  const messageRows = convIds.length
    ? await db.select().from(messages).where(inArray(messages.conversationId, convIds)).orderBy(asc(messages.seq))
    : [];
  const likeRows = await db
    .select()
    .from(likes)
    .where(or(eq(likes.likerId, userId), eq(likes.likedId, userId)));
  const blockRows = await db.select().from(blocks).where(eq(blocks.blockerId, userId));
  const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.id));
  const paid = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.createdAt));
  const peerOf = (c: typeof conversations.$inferSelect) => (c.userLow === userId ? c.userHigh : c.userLow);
  const names = await namesOf(db, [
    ...convRows.map((r) => peerOf(r.conv)),
    ...likeRows.map((l) => (l.likerId === userId ? l.likedId : l.likerId)),
    ...blockRows.map((b) => b.blockedId),
  ]);
  const member = (id: number) => ({ id, name: names.get(id) ?? null });
  // The photos the member sent in chats, numbered in the order sent (messageRows are by seq); others' are never read.
  const chatPhotoFile = new Map(
    messageRows
      .filter((m) => m.senderId === userId && m.photoKey)
      .map((m, i) => [m.id, { key: m.photoKey!, file: `chat-photos/${i + 1}.webp` }]),
  );
  const photoOf = (m: (typeof messageRows)[number]) => (m.photoKey ? { file: chatPhotoFile.get(m.id)?.file ?? null } : null);

  const files: Zippable = {
    'README.txt': strToU8(
      'Your data from this dating site, as JSON files (UTF-8) and your photos (WebP).\n' +
        'account.json: your account; profile.json: your profile; photos.json and photos/: your photos;\n' +
        'conversations.json: your conversations and their messages; chat-photos/: the photos you sent in them\n' +
        '(a photo the other member sent is marked "photo": {"file": null} and not included: it is their data);\n' +
        'likes.json: likes you gave and received;\n' +
        'blocks.json: members you blocked; credits.json: every change of your credits; payments.json: your purchases;\n' +
        'invoices/: the invoices and credit notes of your purchases and refunds (PDF).\n',
    ),
    'account.json': json({
      id: user.id,
      email: user.email,
      status: user.status,
      language: user.language,
      signup_date: iso(user.signupDate),
      last_seen_at: iso(user.lastSeenAt),
      credits: user.credits,
      paid_user: user.paidUser,
      email_notifications_off: user.emailOff,
      email_notifications_disabled: user.notificationsDisabled,
      tracking: user.tracking,
    }),
    'profile.json': json(profile ? { ...profile, userId: undefined } : null),
    'photos.json': json(
      photoRows.map((p, i) => ({ file: `photos/${i + 1}.webp`, position: p.position, uploaded_at: iso(p.createdAt) })),
    ),
    'conversations.json': json(
      convRows.map(({ conv }) => ({
        id: conv.id,
        with: member(peerOf(conv)),
        started_by_me: conv.startedBy === userId,
        messages: messageRows
          .filter((m) => m.conversationId === conv.id)
          .map((m) => ({
            id: m.id,
            from: m.senderId === userId ? 'me' : 'them',
            text: m.text,
            gift: m.gift,
            photo: photoOf(m),
            credits: m.senderId === userId ? m.cost : 0,
            sent_at: iso(m.createdAt),
            read_at: iso(m.readAt),
          })),
      })),
    ),
    'likes.json': json({
      given: likeRows.filter((l) => l.likerId === userId).map((l) => ({ member: member(l.likedId), at: iso(l.createdAt) })),
      received: likeRows.filter((l) => l.likedId === userId).map((l) => ({ member: member(l.likerId), at: iso(l.createdAt) })),
    }),
    'blocks.json': json(blockRows.map((b) => ({ member: member(b.blockedId), at: iso(b.createdAt) }))),
    'credits.json': json(
      ledger.map((l) => ({ delta: l.delta, balance_after: l.balanceAfter, reason: l.reason, at: iso(l.createdAt) })),
    ),
    'payments.json': json(paid.map(toPayment)),
  };
  for (const [i, p] of photoRows.entries()) {
    const bytes = await images.read(`${p.key}.webp`);
    if (bytes) files[`photos/${i + 1}.webp`] = [new Uint8Array(bytes), { level: 0 }];
  }
  for (const { key, file } of chatPhotoFile.values()) {
    const bytes = await images.read(`${key}.webp`);
    if (bytes) files[file] = [new Uint8Array(bytes), { level: 0 }];
  }
  for (const row of await invoicesOfMember(db, userId))
    files[`invoices/${numberOf(row)}.pdf`] = [await invoicePdf(db, row, user.language), { level: 0 }];
  return new Promise((resolve, reject) => zip(files, { level: 6 }, (err, data) => (err ? reject(err) : resolve(data))));
}
