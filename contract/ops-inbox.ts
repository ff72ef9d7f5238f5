// The fictional profiles' inbox of the back office (docs/operations.md "Fictional profiles' inbox", docs/api.md "Back
// office"): operators answer members who wrote to a fictional profile. Not exported from contract/index.ts: the
// member app never loads it.
import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from './chats.ts';
import { Language, QueryId, Text } from './common.ts';

/** Who holds a conversation's claim and until when (ISO); null when nobody does (none, or it ran out). */
export const InboxClaim = z.object({ staff_id: z.number().int(), staff_email: z.string(), expires_at: z.string() }).nullable();
export type InboxClaim = z.infer<typeof InboxClaim>;

/**
 * One conversation waiting for an answer: a member's newest message is theirs. `waiting_since` (ISO) is the time of
 * their oldest message after the profile's last reply; `unanswered` how many they wrote since.
 */
export const InboxWaitingRow = z.object({
  conversation_id: z.number().int(),
  persona: z.object({ id: z.number().int(), name: z.string() }),
  member: z.object({ id: z.number().int(), name: z.string(), language: Language }),
  waiting_since: z.string(),
  unanswered: z.number().int(),
  claim: InboxClaim,
});
export type InboxWaitingRow = z.infer<typeof InboxWaitingRow>;

/** GET /api/ops/inbox: the waiting conversations, oldest waiting first (at most 200), of members of `language` if given. */
export const InboxWaitingQuery = z.object({ language: Language.optional() });
export type InboxWaitingQuery = z.infer<typeof InboxWaitingQuery>;
export const InboxWaitingResponse = z.object({ rows: z.array(InboxWaitingRow) });
export type InboxWaitingResponse = z.infer<typeof InboxWaitingResponse>;

/** The `:conversationId` of the inbox's conversation calls. */
export const InboxConversationParams = z.object({ conversationId: QueryId });

/** POST /api/ops/inbox/:conversationId/claim: the caller's claim (taken or renewed). Errors: 404, 409 conflict (held). */
export const InboxClaimResponse = z.object({ claim: InboxClaim.unwrap() });
export type InboxClaimResponse = z.infer<typeof InboxClaimResponse>;

/** POST /api/ops/inbox/:conversationId/release: whether the caller's claim was released (false: they held none). */
export const InboxReleaseResponse = z.object({ released: z.boolean() });
export type InboxReleaseResponse = z.infer<typeof InboxReleaseResponse>;

/** A photo as the console shows it: the full image and its thumbnail. */
const InboxPhoto = z.object({ url: z.string(), thumb_url: z.string() });

/**
 * The fictional profile an operator writes as: its profile fields (unset ones null), about text, photos and the
 * staff's free-text notes (`notes_updated_at` ISO, null when never written).
 */
export const InboxPersona = z.object({
  id: z.number().int(),
  name: z.string(),
  gender: z.string(),
  age: z.number().int(),
  country: z.string(),
  region_name: z.string(),
  city: z.string(),
  hair_color: z.string().nullable(),
  eye_color: z.string().nullable(),
  body_type: z.string().nullable(),
  relationship_status: z.string().nullable(),
  tattoos: z.string().nullable(),
  interests: z.array(z.string()),
  about: z.string(),
  photos: z.array(InboxPhoto),
  notes: z.string(),
  notes_updated_at: z.string().nullable(),
});
export type InboxPersona = z.infer<typeof InboxPersona>;

/**
 * A message of the conversation as staff see it: `from` the member or the persona; `gift` a catalogue id; `photo`
 * the full photo whatever the member's status; `read` by its recipient.
 */
export const InboxMessage = z.object({
  id: z.string(),
  seq: z.number().int(),
  from: z.enum(['member', 'persona']),
  text: z.string(),
  gift: z.string().nullable(),
  photo: InboxPhoto.nullable(),
  cost: z.number().int(),
  read: z.boolean(),
  created_at: z.string(),
});
export type InboxMessage = z.infer<typeof InboxMessage>;

/**
 * GET /api/ops/inbox/:conversationId: the conversation of a member with a fictional profile, its claim, the persona
 * and the member (name, language, country, age), and its whole history oldest first (at most the last 500 messages).
 * Errors: 404 (no such conversation with a fictional profile).
 */
export const InboxConversationResponse = z.object({
  conversation_id: z.number().int(),
  claim: InboxClaim,
  persona: InboxPersona,
  member: z.object({ id: z.number().int(), name: z.string(), language: Language, country: z.string(), age: z.number().int() }),
  messages: z.array(InboxMessage),
});
export type InboxConversationResponse = z.infer<typeof InboxConversationResponse>;

/**
 * POST /api/ops/inbox/:conversationId/reply: a text as the fictional profile. `id` is the console's UUIDv7 for this
 * reply (a double click or retry sends it once). Only the claim's holder may (409 conflict otherwise); the reply
 * filter refuses contact details and proposals to meet with 422 bad_request, `params.rule` naming the rule
 * (InboxReplyRule) and `params.match` the text that broke it.
 */
export const InboxReplyRequest = z.object({ id: z.uuid({ version: 'v7' }), text: Text.trim().min(1).max(MESSAGE_MAX_LENGTH) });
export type InboxReplyRequest = z.infer<typeof InboxReplyRequest>;
/** The rules of the reply filter: a phone number, an e-mail address, a link, a proposal to meet. */
export const InboxReplyRule = z.enum(['phone', 'email', 'link', 'meeting']);
export type InboxReplyRule = z.infer<typeof InboxReplyRule>;
/** The reply as written, and the claim it renewed. */
export const InboxReplyResponse = z.object({ message: InboxMessage, claim: InboxClaim.unwrap() });
export type InboxReplyResponse = z.infer<typeof InboxReplyResponse>;

/** PUT /api/ops/inbox/personas/:personaId/notes: the staff's notes on a fictional profile (audited). Errors: 404. */
export const InboxNotesRequest = z.object({ notes: Text.max(20_000) });
export type InboxNotesRequest = z.infer<typeof InboxNotesRequest>;
export const InboxNotesParams = z.object({ personaId: QueryId });
export const InboxNotesResponse = z.object({ notes: z.string(), notes_updated_at: z.string() });
export type InboxNotesResponse = z.infer<typeof InboxNotesResponse>;

/** An operator's figures over a period: replies written, and the median wait of the members they answered (ms; null: none). */
const InboxPeriodFigures = z.object({ answered: z.number().int(), median_wait_ms: z.number().int().nullable() });

/** GET /api/ops/inbox/figures: the caller's figures today (since 00:00 UTC) and over the last 14 days. */
export const InboxFiguresResponse = z.object({ today: InboxPeriodFigures, days14: InboxPeriodFigures });
export type InboxFiguresResponse = z.infer<typeof InboxFiguresResponse>;
