// What an operator sees of a conversation in the fictional profiles' inbox: the profile they write as (its fields,
// photos and the staff's notes), the member, and the whole conversation; and the notes' editing (audited).
import { asc, desc, eq, sql } from 'drizzle-orm';
import { ageOn } from '../../../contract/profile.ts';
import type { InboxConversationResponse, InboxNotesResponse } from '../../../contract/ops-inbox.ts';
import type { Db } from '../../db/connect.ts';
import { fictionalNotes, messages, photos, profiles, users } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { audit, type Actor } from '../staff/audit.ts';
import type { Site } from '../types.ts';
import { fictionalConversation, liveClaim } from './conversations.ts';
import { photoUrls, toInboxClaim, toInboxMessage } from './presenters.ts';

/** The most messages the conversation view shows (the newest ones). */
const HISTORY_LIMIT = 500;

/**
 * Conversation `conversationId` as the inbox shows it (InboxConversationResponse): its live claim, the persona with
 * its photos (in order) and notes, the member, and the last HISTORY_LIMIT messages oldest first (photo URLs under
 * the member's site's CDN prefix, from `sites`). Opening it changes nothing (no read ticks). Errors: 404 not_found.
 */
export async function inboxConversation(
  db: Db,
  sites: readonly Site[],
  conversationId: number,
): Promise<InboxConversationResponse> {
  const conv = await fictionalConversation(db, conversationId);
  const cdnPrefix = sites.find((s) => s.id === conv.siteId)?.settings.cdn_prefix ?? '';
  const now = new Date();
  const [[persona], [member], personaPhotos, history, claim] = await Promise.all([
    db
      .select({ p: profiles, notes: fictionalNotes.notes, notesAt: fictionalNotes.updatedAt })
      .from(profiles)
      .leftJoin(fictionalNotes, eq(fictionalNotes.userId, profiles.userId))
      .where(eq(profiles.userId, conv.personaId)),
    db
      .select({ name: profiles.name, country: profiles.country, dateOfBirth: profiles.dateOfBirth, language: users.language })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(profiles.userId, conv.memberId)),
    db
      .select({ key: photos.key })
      .from(photos)
      .where(eq(photos.userId, conv.personaId))
      .orderBy(asc(photos.position), asc(photos.id)),
    db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(desc(messages.seq))
      .limit(HISTORY_LIMIT),
    liveClaim(db, conversationId),
  ]);
  if (!persona || !member) throw new ApiError(404, 'not_found');
  const p = persona.p;
  return {
    conversation_id: conversationId,
    claim: toInboxClaim(claim),
    persona: {
      id: p.userId,
      name: p.name,
      gender: p.gender,
      age: ageOn(p.dateOfBirth, now),
      country: p.country,
      region_name: p.regionName,
      city: p.city,
      hair_color: p.hairColor,
      eye_color: p.eyeColor,
      body_type: p.bodyType,
      relationship_status: p.relationshipStatus,
      tattoos: p.tattoos,
      interests: p.interests,
      about: p.about,
      photos: personaPhotos.map((ph) => photoUrls(cdnPrefix, ph.key)),
      notes: persona.notes ?? '',
      notes_updated_at: persona.notesAt?.toISOString() ?? null,
    },
    member: {
      id: conv.memberId,
      name: member.name,
      language: conv.memberLanguage,
      country: member.country,
      age: ageOn(member.dateOfBirth, now),
    },
    messages: history.reverse().map((m) => toInboxMessage(m, conv.personaId, cdnPrefix)),
  };
}

/**
 * Replaces the staff's notes on fictional profile `personaId` with `notes`, audited (`inbox.notes`, before and after).
 * Errors: 404 not_found (no such user, or not a fictional profile).
 */
export async function saveNotes(
  db: Db,
  actor: Actor & { staffId: number },
  { personaId, notes }: { personaId: number; notes: string },
): Promise<InboxNotesResponse> {
  return db.transaction(async (tx) => {
    const [persona] = await tx.select({ fictional: users.fictional }).from(users).where(eq(users.id, personaId));
    if (!persona?.fictional) throw new ApiError(404, 'not_found');
    const [before] = await tx
      .select({ notes: fictionalNotes.notes })
      .from(fictionalNotes)
      .where(eq(fictionalNotes.userId, personaId))
      .for('update');
    const [saved] = await tx
      .insert(fictionalNotes)
      .values({ userId: personaId, notes, updatedBy: actor.staffId })
      .onConflictDoUpdate({
        target: fictionalNotes.userId,
        set: { notes, updatedBy: actor.staffId, updatedAt: sql`now()` },
      })
      .returning({ notes: fictionalNotes.notes, updatedAt: fictionalNotes.updatedAt });
    await audit(tx, actor, {
      action: 'inbox.notes',
      targetKind: 'persona',
      targetId: personaId,
      before: before ? { notes: before.notes } : null,
      after: { notes },
    });
    return { notes: saved.notes, notes_updated_at: saved.updatedAt.toISOString() };
  });
}
