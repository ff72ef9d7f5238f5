// Finds a member's name for the spec 6 "You're blocked by NAME" text when the profile itself cannot be loaded.
import { ApiCallError } from '../../api/client.ts';
import { cachedMember } from './member-cache.ts';
import { searchState } from '../members/search-store.ts';
import { likesState } from '../likes/likes-store.ts';
import { chatsState } from '../chat/chats-store.ts';

/**
 * The name of member `id` from what this page already holds (profile cache, search results, likes, chats).
 * Falls back to the name inside the server's English `blocked` message, else ''.
 */
export function knownMemberName(id: number, error?: unknown): string {
  const found =
    cachedMember(id)?.name ??
    Object.values(searchState.results).flat().find((m) => m.id === id)?.name ??
    [...likesState.likedBy, ...likesState.profiles].find((m) => m.id === id)?.name ??
    chatsState.chats.find((c) => c.profile.id === id)?.profile.name;
  if (found) return found;
  if (error instanceof ApiCallError && error.code === 'blocked') return /blocked by (.+?)\. You do/.exec(error.message)?.[1] ?? '';
  return '';
}
