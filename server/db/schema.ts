// Drizzle schema (pg-core): the one home of the database's tables. Runs on PGlite and PostgreSQL alike.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CompanyInfo, DisabledReason, EmailKind, Settings } from '../../contract/index.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A site (brand) served on a domain, with its public settings and company info (spec 3). */
export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  domain: text('domain').notNull().unique(),
  settings: jsonb('settings')
    .$type<Omit<Settings, 'domain' | 'push_public_key' | 'geoip_country' | 'geoip_selected_country'>>()
    .notNull(),
  company: jsonb('company').$type<CompanyInfo>().notNull(),
});

/**
 * A content block (spec 1: legal pages, FAQ, pricing text, landing content) of a site in one language, opened by its
 * token (`terms`, `faq`, ...). `markdown` is Markdown with `{{placeholders}}` (company name, refund_days, ...) that
 * the content call fills from the site's settings and company info; it is never sent or shown as HTML.
 */
export const contentBlocks = pgTable(
  'content_blocks',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    token: text('token').notNull(),
    title: text('title').notNull(),
    markdown: text('markdown').notNull(),
  },
  (t) => [uniqueIndex('content_blocks_site_language_token').on(t.siteId, t.language, t.token)],
);

/** A member account. `credits` is a cache of the ledger sum, kept in the same transaction as each ledger row. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    status: text('status').$type<'not_confirmed' | 'confirmed'>().notNull().default('not_confirmed'),
    credits: integer('credits').notNull().default(0),
    /**
     * The bought part of `credits` not spent yet (docs/payments.md "Refunds"): free credits (signup, grants) are spent
     * first, so a debit lowers it only below the free part; a refund returns at most it. Kept by the ledger's write.
     */
    boughtCredits: integer('bought_credits').notNull().default(0),
    paidUser: boolean('paid_user').notNull().default(false),
    /** Spec 8: "Your account is blocked for direct debit payments." Set by support (e.g. after a reversed debit). */
    directDebitBlocked: boolean('direct_debit_blocked').notNull().default(false),
    language: text('language').notNull().default('en'),
    fictional: boolean('fictional').notNull().default(false),
    /** E-mail notification kinds the mail system stopped (spec 4: spam complaint, bounce, list unsubscribe); ISO `since`. */
    notificationsDisabled: jsonb('notifications_disabled')
      .$type<{ kind: EmailKind; reason: DisabledReason; since: string }[]>()
      .notNull()
      .default([]),
    /** E-mail notification kinds the member turned off on /notifications. */
    emailOff: jsonb('email_off').$type<EmailKind[]>().notNull().default([]),
    tracking: jsonb('tracking').$type<Record<string, string>>(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    signupDate: createdAt(),
    /** Invisible mode (spec 4): absent from search and shown offline, still able to chat. */
    invisible: boolean('invisible').notNull().default(false),
    /** Set when the member deleted the account (spec 4): reversible until 14 days later, then the data is purged. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_site_email').on(t.siteId, sql`lower(${t.email})`),
    check('credits_not_negative', sql`${t.credits} >= 0`),
    check('bought_credits_within', sql`${t.boughtCredits} >= 0 and ${t.boughtCredits} <= ${t.credits}`),
    // The search's order (member-search.ts): a page walks it and stops at its last row instead of sorting every match.
    index('users_listed_seen')
      .on(t.siteId, t.lastSeenAt.desc().nullsLast(), t.id)
      .where(sql`${t.invisible} = false`),
  ],
);

/** A member's public profile (spec 3: Profile). `region` is a dataset region code; age derives from dateOfBirth. */
export const profiles = pgTable(
  'profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    gender: text('gender').$type<'male' | 'female'>().notNull(),
    sexuality: text('sexuality').$type<'hetero' | 'gay' | 'lesbian' | 'bi'>().notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    country: text('country').notNull(),
    region: text('region').notNull().default(''),
    regionName: text('region_name').notNull().default(''),
    city: text('city').notNull().default(''),
    // Null until the member chooses one: an unset field is absent from every view, never a default.
    hairColor: text('hair_color'),
    eyeColor: text('eye_color'),
    bodyType: text('body_type'),
    relationshipStatus: text('relationship_status'),
    tattoos: text('tattoos'),
    interests: jsonb('interests').$type<string[]>().notNull().default([]),
    about: text('about').notNull().default(''),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('disabled'),
    /**
     * The member's location snapped to the grid of server/domain/discovery/location.ts (about 1.1 km cells, the cell's centre
     * in degrees); the exact position is never stored. Null when the member gave none. Others see distance bands only.
     */
    gridLat: doublePrecision('grid_lat'),
    gridLon: doublePrecision('grid_lon'),
  },
  (t) => [index('profiles_search').on(t.country, t.gender, t.dateOfBirth)],
);

/**
 * A profile photo. `key` and `blurKey` are unguessable file names under the media store, so a viewer who
 * only got the blurred URL cannot derive the full one. `generator` holds the seed of a generated demo portrait.
 */
export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    key: text('key').notNull().unique(),
    blurKey: text('blur_key').notNull().unique(),
    generator: jsonb('generator').$type<Record<string, string | number>>(),
    /**
     * Moderation (docs/operations.md "Photo review"): a photo is live at once and listed for review while `pending`;
     * `approved` or `rejected` by a moderator (a rejected photo is removed). Photos older than review are `approved`.
     */
    reviewState: text('review_state').$type<'pending' | 'approved' | 'rejected'>().notNull().default('pending'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('photos_user').on(t.userId, t.position),
    index('photos_review')
      .on(t.createdAt)
      .where(sql`${t.reviewState} = 'pending'`),
    check('photos_review_state', sql`${t.reviewState} in ('pending', 'approved', 'rejected')`),
  ],
);

/** A login session: only the SHA-256 of the 256-bit token is stored (DESIGN: security baseline). */
export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Failed logins per key ("account:<id>" or "ip:<addr>") in the current window, for throttling. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/** E-mail activation tokens (hashed), one use each. */
export const activationTokens = pgTable('activation_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A password reset link (spec 8): only the SHA-256 of the 256-bit token is stored. Single use (`usedAt`), valid until
 * `expiresAt`; rows are kept a day after use so the daily limit per account can count them.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user').on(t.userId, t.createdAt)],
);

/**
 * A single-use link of the account life, mailed to the member: `email_change` confirms `data` (the new address) at
 * /mail-change/do; `reactivate` restores an account pending deletion; `unlock` makes the browser that
 * follows it a known device past the login lock (unlock.ts). Only the SHA-256 of the token is stored.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'email_change' | 'reactivate' | 'unlock'>().notNull(),
    data: text('data').notNull().default(''),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('account_tokens_user').on(t.userId, t.purpose)],
);

/**
 * A complaint or report (spec 2: /complaints; DSA notice and action): `reference` is what the complainant and
 * support quote. `userId` is the member who filed it (null for a visitor, who gives `email`); `memberId` and
 * `messageId` name what is reported, when it is a member or a message.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    text: text('text').notNull(),
    memberId: integer('member_id').references(() => users.id, { onDelete: 'set null' }),
    messageId: uuid('message_id'),
    source: text('source').notNull(),
    createdAt: createdAt(),
    /** When and by whom the moderation queue handled it, and how (docs/operations.md "Moderation"); null: open. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => staff.id, { onDelete: 'set null' }),
    outcome: text('outcome'),
  },
  (t) => [
    index('complaints_source').on(t.source, t.createdAt),
    index('complaints_open')
      .on(t.createdAt)
      .where(sql`${t.handledAt} is null`),
  ],
);

/** Mails the embedded mail service kept (the dev mailbox). */
export const mails = pgTable('mails', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: createdAt(),
});

/** A conversation between two members; `userLow` < `userHigh` makes the pair unique. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    userLow: integer('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: integer('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedBy: integer('started_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('conversations_pair').on(t.userLow, t.userHigh), index('conversations_started_by').on(t.startedBy)],
);

/** Per-member state of a conversation: unread count and whether the member removed it from the list. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unread: integer('unread').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_members_user').on(t.userId)],
);

/** A message; `id` is the sender's UUIDv7 idempotency key; `seq` is the global order (keyset cursor). */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** The catalogue id of a gift message (contract/gifts.ts), null for a text message. */
    gift: text('gift'),
    /** The media keys of a photo message (spec 3 photo_credits): the full photo and its blurred copy; null otherwise. */
    photoKey: text('photo_key'),
    photoBlurKey: text('photo_blur_key'),
    cost: integer('cost').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('messages_conversation_seq').on(t.conversationId, t.seq)],
);

/**
 * The credits ledger: every change of a balance is one row here, in the same transaction as its effect.
 * `idempotencyKey` is unique (e.g. "signup:<user>", "message:<uuid>"), so a retry never applies twice.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('credit_ledger_user').on(t.userId)],
);

/** A like from `likerId` to `likedId`; `isNew` until the liked member opens the liker's profile. */
export const likes = pgTable(
  'likes',
  {
    likerId: integer('liker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likedId: integer('liked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isNew: boolean('is_new').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.likerId, t.likedId] }), index('likes_liked').on(t.likedId)],
);

/** `blockerId` blocked `blockedId`: the blocked member can neither view nor contact the blocker (spec 6). */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked').on(t.blockedId)],
);

/** The order of the sync change log: one sequence for all users, so a user's seqs only ever grow. */
export const syncChangesSeq = pgSequence('sync_changes_seq');

/** What a `sync_changes` row points at: a conversation id, a message seq, a member (profile) id, or the user itself. */
export type ChangeKind = 'chat' | 'message' | 'like' | 'liked_by' | 'user';

/**
 * The per-user change log of the sync protocol (DESIGN: sync protocol): entity `entityId` of `kind` changed for
 * `userId` at `seq`. The primary key keeps one row per entity, so the log compacts: touching an entity again
 * moves its row to a new seq (server/domain/sync/changes.ts). GET /api/sync.php reads rows with seq > cursor.
 */
export const syncChanges = pgTable(
  'sync_changes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ChangeKind>().notNull(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .default(sql`nextval('sync_changes_seq')`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.entityId] }),
    index('sync_changes_user_seq').on(t.userId, t.seq),
    check('sync_changes_kind', sql`${t.kind} in ('chat', 'message', 'like', 'liked_by', 'user')`),
  ],
);

/**
 * A browser's Web Push subscription (one per device; a member may have several). `endpoint` is the push service
 * URL, unique: subscribing it again moves it to the new member. `p256dh` and `auth` are the browser's keys
 * (base64url, RFC 8291). `createdAt` is when it was last registered, `lastSuccessAt` the last push the service
 * accepted. A 404/410 from the push service deletes the row (server/services/push.ts).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user').on(t.userId)],
);

/**
 * The last notification mail of one topic to a member (`topic`: "c<conversation id>" for messages, "l<liker id>"
 * for likes and matches), so a busy conversation sends one mail per throttle window, not one per message.
 */
export const mailNotices = pgTable(
  'mail_notices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic] })],
);

/** Likes the site gave a member on behalf of a fictional profile (spec 4: auto-like), one row per like given. */
export const autoLikes = pgTable(
  'auto_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.profileId] }), index('auto_likes_recent').on(t.userId, t.createdAt)],
);

/**
 * A like given in the swipe game (spec 9: 4 likes per day), counted per UTC calendar day `day` (YYYY-MM-DD). Kept when
 * the like itself is later removed, so unliking never gives a like back. The like is a normal `likes` row besides.
 */
export const swipeLikes = pgTable(
  'swipe_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likedId: integer('liked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.likedId] })],
);

/**
 * A conversation a member has open in a visible page with the live channel up (no push for a message the
 * recipient is reading live). Renewed by the page while it stays so; a row past `until` no longer counts.
 */
export const liveReading = pgTable(
  'live_reading',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id').notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationId] })],
);

/** Small server key-value store (e.g. VAPID keys, seed version). */
export const meta = pgTable('meta', { key: text('key').primaryKey(), value: jsonb('value').notNull() });

/** Where a payment stands (docs/payments.md): pending until the provider says otherwise; only completed adds credits. */
export type PaymentStatus = 'pending' | 'completed' | 'failed' | 'cancelled' | 'expired' | 'refunded';

/**
 * A purchase of a credit bundle (spec 3 "Payment", 4 "Payment"). `id` is the client's idempotency key and the
 * merchant reference sent to the provider; `amount` and `fee` are integer minor units of `currency`, the price
 * charged (`amount`) includes the fee. `providerSession` is the provider's checkout session, `pspReference` its
 * payment reference once known. Credits are added through the ledger with key `payment:<id>`, once.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bundleId: integer('bundle_id').notNull(),
    credits: integer('credits').notNull(),
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull(),
    currency: text('currency').notNull(),
    country: text('country').notNull(),
    method: text('method').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    providerSession: text('provider_session'),
    pspReference: text('psp_reference'),
    /** A refund of unused credits (status refunded): the credits taken back and the money returned, minor units. */
    refundedCredits: integer('refunded_credits'),
    refundedAmount: integer('refunded_amount'),
    /** When the refund was taken, and the provider's reference of the refund once the provider accepted it. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundPspReference: text('refund_psp_reference'),
    /** A bank transfer left pending: what the provider tells the member to transfer (IBAN, BIC, reference, amount). */
    transferInstructions: jsonb('transfer_instructions').$type<{
      iban: string;
      bic: string;
      reference: string;
      amount: number;
      currency: string;
      holder: string;
    }>(),
    /** The discount code taken off the price (as it was at the time; amount is after it), and what it took off (minor units). */
    discountCode: text('discount_code'),
    discount: integer('discount').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user').on(t.userId, t.createdAt),
    check('payments_status', sql`${t.status} in ('pending', 'completed', 'failed', 'cancelled', 'expired', 'refunded')`),
    check('payments_amount', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.credits} > 0`),
  ],
);

/**
 * The SEPA direct-debit order of a payment (spec 4 "Direct-debit flow", /directdebit): the mandate's account and
 * address, the mobile number the confirmation code went to (its SHA-256 only), the wrong tries, and when the code
 * confirmed it (then the debit goes to the provider). Deleted with the payment's member.
 */
export const directDebits = pgTable('direct_debits', {
  paymentId: uuid('payment_id')
    .primaryKey()
    .references(() => payments.id, { onDelete: 'cascade' }),
  holder: text('holder').notNull(),
  iban: text('iban').notNull(),
  street: text('street').notNull(),
  houseNumber: text('house_number').notNull(),
  postalCode: text('postal_code').notNull(),
  city: text('city').notNull(),
  /** E.164 (libphonenumber-js), e.g. +31612345678. */
  phone: text('phone').notNull(),
  /** The client address that ordered it (the SMS throttle per source, docs/security.md). */
  source: text('source'),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Text messages the embedded SMS service kept (the dev SMS outbox, like the dev mailbox). */
export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
});

/**
 * A card a member stored at the provider for card-on-file charges (the repeat order, spec 2 /credits/repeat-order;
 * the list with Remove in settings): the provider's token (Adyen storedPaymentMethodId), the card brand (a
 * PaymentMethod slug), its last 4 digits and expiry. The repeat order charges the newest.
 */
export const storedCards = pgTable(
  'stored_cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    method: text('method').notNull(),
    last4: text('last4').notNull(),
    /** Expiry month (1-12) and 4-digit year; null when the provider did not say. */
    expiryMonth: integer('expiry_month'),
    expiryYear: integer('expiry_year'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('stored_cards_user_token').on(t.userId, t.token)],
);

/**
 * An invoice (kind invoice, for a completed payment) or a credit note (kind credit_note, for a refund), written in
 * the transaction that completes or refunds the payment (docs/payments.md "Invoices"). `number` runs per site and
 * kind without gaps (invoice_counters). Amounts in minor units of `currency`; `vatRate` in percent; the seller and
 * buyer blocks as they were at the time.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    kind: text('kind').$type<'invoice' | 'credit_note'>().notNull(),
    number: integer('number').notNull(),
    // Kept when the account is purged (bookkeeping retention): the links go, the buyer block stays.
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    seller: jsonb('seller').$type<Record<string, unknown>>().notNull(),
    buyer: jsonb('buyer').$type<Record<string, unknown>>().notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    net: integer('net').notNull(),
    vatRate: doublePrecision('vat_rate').notNull(),
    vat: integer('vat').notNull(),
    gross: integer('gross').notNull(),
    issuedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_site_kind_number').on(t.siteId, t.kind, t.number),
    uniqueIndex('invoices_payment_kind').on(t.paymentId, t.kind),
    check('invoices_kind', sql`${t.kind} in ('invoice', 'credit_note')`),
  ],
);

/** The next invoice and credit-note numbers of each site: a row locked by the writer, so numbers have no gaps. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    kind: text('kind').$type<'invoice' | 'credit_note'>().notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.kind] })],
);

/**
 * A discount code of a site (spec 3 "Discount code", docs/payments.md "Discounts"). `kind` code: typed by the member
 * on /credits; welcome: the site's welcome discount (spec 4); time_bonus: TIMEBONUS25, whose end is each member's
 * signup + 4 hours instead of `expires`. `first_purchase_only` codes are for members who never paid (not paid_user).
 * `minimum_order_value` is in minor units of `currency`; null country, currency, payment_methods: any.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    code: text('code').notNull(),
    kind: text('kind').$type<'code' | 'welcome' | 'time_bonus'>().notNull().default('code'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    country: text('country'),
    currency: text('currency'),
    valuePercentage: doublePrecision('value_percentage').notNull(),
    minimumOrderValue: integer('minimum_order_value').notNull().default(0),
    paymentMethods: jsonb('payment_methods').$type<string[]>(),
    validity: text('validity').$type<'once_per_user' | 'shared'>().notNull(),
    firstPurchaseOnly: boolean('first_purchase_only').notNull().default(false),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    expires: timestamp('expires', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_site_code').on(t.siteId, sql`upper(${t.code})`),
    check('discount_codes_percentage', sql`${t.valuePercentage} > 0 and ${t.valuePercentage} <= 100`),
    check('discount_codes_kind', sql`${t.kind} in ('code', 'welcome', 'time_bonus')`),
    check('discount_codes_validity', sql`${t.validity} in ('once_per_user', 'shared')`),
  ],
);

/**
 * A payment that carries a discount code: written with the pending payment, `consumed_at` set in the transaction that
 * completes it. A once-per-user code is consumed at most once per member (the partial unique index).
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oncePerUser: boolean('once_per_user').notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_once')
      .on(t.codeId, t.userId)
      .where(sql`${t.oncePerUser} and ${t.consumedAt} is not null`),
    index('discount_redemptions_code_user').on(t.codeId, t.userId),
  ],
);

/** The back office's staff roles (docs/operations.md): each sees and calls only its own part; admin everything. */
export const STAFF_ROLES = ['admin', 'moderator', 'support', 'operator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Staff accounts, apart from members (docs/operations.md). `passwordHash` null until the set-up link is used;
 * `totpSecret` is sealed (domain/staff/totp-key.ts) and answered once, at set-up; sign-in needs `totpEnabled`.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    role: text('role').$type<StaffRole>().notNull(),
    passwordHash: text('password_hash'),
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The TOTP step of the last code accepted: a code is good once (RFC 6238 section 5.2). */
    totpLastStep: integer('totp_last_step'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('staff_role', sql`${t.role} in ('admin', 'moderator', 'support', 'operator')`)],
);

/** Staff sign-ins: the cookie token's SHA-256; ended (sign-out, idle, disabled) rows stay for the record. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff').on(t.staffId)],
);

/** One-time set-up links (the token's SHA-256), made by the command line; used once, before `expiresAt`. */
export const staffSetupTokens = pgTable('staff_setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staff.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Every change made by staff (docs/operations.md "Audit log"): append-only, a trigger refuses UPDATE and DELETE.
 * `staffId` null: the command line. `sourceAddress`: the request's IP.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'restrict' }),
    role: text('role').$type<StaffRole>(),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    sourceAddress: text('source_address'),
  },
  (t) => [index('audit_log_at').on(t.at), index('audit_log_target').on(t.targetKind, t.targetId)],
);

/** What moderation did to a member (docs/operations.md "Moderation"); a suspension or ban ends sign-in while active. */
export const RESTRICTION_KINDS = ['warning', 'suspension', 'ban', 'photo_removed', 'text_removed'] as const;
export type RestrictionKind = (typeof RESTRICTION_KINDS)[number];

/**
 * A moderation decision about a member, with the statement of reasons mailed to them (EU DSA Art. 17): what was
 * restricted, the ground (`ground`: the terms' clause), decided by a person (`staffId`). A suspension ends at `endsAt`;
 * a ban has none; `liftedAt` ends either early. `complaintId`: the complaint that led to it, if any.
 */
export const memberRestrictions = pgTable(
  'member_restrictions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RestrictionKind>().notNull(),
    ground: text('ground').notNull(),
    detail: text('detail').notNull().default(''),
    complaintId: integer('complaint_id').references(() => complaints.id, { onDelete: 'set null' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
  },
  (t) => [
    index('member_restrictions_user').on(t.userId, t.createdAt),
    check('member_restrictions_kind', sql`${t.kind} in ('warning', 'suspension', 'ban', 'photo_removed', 'text_removed')`),
  ],
);

/**
 * An operator's claim on a conversation a member opened with a fictional profile (docs/operations.md "Fictional
 * profiles' inbox"): one row per conversation, so two operators never answer the same; stale after `expiresAt`.
 */
export const fictionalClaims = pgTable('fictional_claims', {
  conversationId: integer('conversation_id')
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staff.id, { onDelete: 'cascade' }),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Free-text persona notes that staff keep per fictional profile, shown to operators beside the conversation. */
export const fictionalNotes = pgTable('fictional_notes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  notes: text('notes').notNull().default(''),
  updatedBy: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A message an operator sent as a fictional profile: who, and how long the member had waited (ms, since their oldest
 * unanswered message) for the per-operator figures.
 */
export const operatorReplies = pgTable(
  'operator_replies',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    waitedMs: integer('waited_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('operator_replies_staff').on(t.staffId, t.createdAt)],
);
