// The one Dexie schema (DESIGN: synced data lives in IndexedDB). DOM-free: the service worker opens the same
// database to count the badge. One database per logged-in member, deleted at logout.
import Dexie, { type Table } from 'dexie';
import type { GiftId, LikedBy, MemberCard, MemberProfile, MessagePhoto } from '../../contract/index.ts';

/** IndexedDB cannot index booleans: indexed flags are 0 or 1. */
type Flag = 0 | 1;

/**
 * A conversation as the chat list shows it. `id` is the server's conversation id; before the first message of a
 * new conversation is stored, a provisional id of -peerId is used (provisionalId) and moved at reconcile.
 */
export interface ConversationRow {
  id: number;
  /** The other member's profile id (the chat route's id). Unique. */
  peerId: number;
  profile: MemberCard;
  /** ISO time of the newest message, '' when none: the list sorts on it, newest first. */
  lastMessageAt: string;
  /** The chat list's preview; `gift` set for a gift message (absent in rows stored before gifts existed). */
  lastMessage: LastMessage | null;
  /** Unread messages from the peer (spec 3: num_unread_messages). */
  unread: number;
  /** Highest seq of the member's own messages the peer has read. */
  peerReadSeq: number;
  /** Keyset cursor of the next older page not yet in Dexie; null when the start of the conversation is here. */
  nextBefore: number | null;
}

/** The newest message of a conversation as the chat list shows it (lastMessageOf). */
export interface LastMessage {
  text: string;
  gift?: GiftId | null;
  /** True for a photo message (absent in rows stored before chat photos existed). */
  photo?: boolean;
  senderId: number;
  createdAt: string;
}

/** Delivery states (DESIGN: sync protocol): pending in the outbox, sent (stored), failed (refused for good). */
type MessageStatus = 'pending' | 'sent' | 'failed';

/** Why a send failed, kept from the server's error so the chat can say it and offer a way on. */
interface SendFailure {
  status: number;
  code: string;
  message: string;
  params: Record<string, string>;
}

/**
 * A message. `id` is the sender's UUIDv7 (the idempotency key of the send). `seq` is the server's order;
 * not yet stored messages have seq Infinity so they sort after the stored ones (then by id, which is time-ordered).
 */
export interface MessageRow {
  id: string;
  conversationId: number;
  senderId: number;
  text: string;
  /** The catalogue id of a gift message ('' text), null or absent (rows stored before gifts existed) for text. */
  gift?: GiftId | null;
  /** A photo message's photo as the server lets this member see it (spec 3 photo_credits); null or absent otherwise. */
  photo?: MessagePhoto | null;
  /** The picked file of an own photo message not yet stored (pending or failed): shown until the server's copy comes. */
  localPhoto?: Blob;
  /** ISO time. */
  createdAt: string;
  seq: number;
  /** Read by the recipient. */
  read: Flag;
  status: MessageStatus;
  failure: SendFailure | null;
}

/** A member profile seen on a profile screen (or in a chat header), for reading offline. */
export type ProfileRow = MemberProfile & { storedAt: number };

/** One page of search results: `key` is the canonical query string, `page` counts from 1. */
export interface SearchPageRow {
  key: string;
  page: number;
  cards: MemberCard[];
  numResults: number;
  storedAt: number;
}

/** A member the user liked; `order` sorts newest first (higher = newer). */
export type LikeRow = MemberCard & { order: number };
/** A member who liked the user; `likeNew` 1 until their profile is opened (spec 4). */
export type LikedByRow = Omit<LikedBy, 'like_new'> & { order: number; likeNew: Flag };

/** What the outbox carries, one shape per write (DESIGN: writes). */
export type OutboxOp =
  | { kind: 'send-message'; messageId: string; peerId: number; text: string; gift?: GiftId | null; photo?: Blob }
  | { kind: 'like'; profileId: number; on: boolean; source?: 'swipe' }
  | { kind: 'delete-chat'; conversationId: number }
  | { kind: 'read-chat'; conversationId: number }
  | { kind: 'like-seen'; profileId: number };

/** A write waiting for the network, drained in `seq` order. `key` is unique: the same write is queued once. */
export type OutboxRow = OutboxOp & {
  seq?: number;
  key: string;
  /** ms since epoch. */
  createdAt: number;
  attempts: number;
};

/** Small values: the sync cursor and ETag, the snapshot time. */
export interface MetaRow {
  key: string;
  value: unknown;
}

/** The database of one member. Tables and indexes are the schema; bump the version to change them. */
export class AppDB extends Dexie {
  conversations!: Table<ConversationRow, number>;
  messages!: Table<MessageRow, string>;
  profiles!: Table<ProfileRow, number>;
  searchPages!: Table<SearchPageRow, [string, number]>;
  likes!: Table<LikeRow, number>;
  likedBy!: Table<LikedByRow, number>;
  outbox!: Table<OutboxRow, number>;
  meta!: Table<MetaRow, string>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({
      conversations: 'id, &peerId, lastMessageAt',
      messages: 'id, [conversationId+createdAt], [conversationId+seq], status',
      profiles: 'id, storedAt',
      searchPages: '[key+page], key, storedAt',
      likes: 'id, order',
      likedBy: 'id, order, likeNew',
      outbox: '++seq, &key',
      meta: 'key',
    });
  }
}

/** The database name of member `userId`. */
const dbName = (userId: number) => `member-${userId}`;

/** The provisional conversation id of a conversation with `peerId` that the server has not stored yet. */
export const provisionalId = (peerId: number) => -peerId;

/** Opens (creating if needed) member `userId`'s database. */
export function openMemberDb(userId: number): AppDB {
  return new AppDB(dbName(userId));
}

/** Deletes member `userId`'s database (logout). Errors are swallowed: a blocked delete finishes when tabs close. */
export async function deleteMemberDb(userId: number): Promise<void> {
  await Dexie.delete(dbName(userId)).catch(() => {});
}
