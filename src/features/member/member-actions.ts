// Like, unlike, block and unblock a member, and keep the likes and chats stores in step (spec 4).
import { api } from '../../api/client.ts';
import { BlockResponse, LikeResponse, LikeSeenResponse } from '../../../contract/index.ts';
import { likesState, refreshLikes } from '../likes/likes-store.ts';
import { refreshChats } from '../chat/chats-store.ts';

/** POST (like) or DELETE (unlike) /api/like.php. Answers `{ liked, match }`; a mutual like is a match. Throws ApiCallError. */
export async function setLike(profile: number, like: boolean): Promise<LikeResponse> {
  const res = await api('/api/like.php', LikeResponse, { method: like ? 'POST' : 'DELETE', body: { profile } });
  void refreshLikes().catch(() => {});
  return res;
}

/** POST (block) or DELETE (unblock) /api/block.php; answers whether the member is now blocked. Throws ApiCallError. */
export async function setBlock(profile: number, block: boolean): Promise<boolean> {
  const res = await api('/api/block.php', BlockResponse, { method: block ? 'POST' : 'DELETE', body: { profile } });
  void refreshChats().catch(() => {});
  return res.blocked;
}

/**
 * Spec 4: opening a liked profile clears that profile's new-like flag. Calls POST /api/like-seen.php when the
 * likes store says the like from `profile` is new (or the store is not loaded yet), then updates the store.
 */
export async function markLikeSeen(profile: number): Promise<void> {
  const entry = likesState.likedBy.find((p) => p.id === profile);
  if (likesState.loaded && !entry?.like_new) return;
  const res = await api('/api/like-seen.php', LikeSeenResponse, { method: 'POST', body: { profile } });
  if (entry) entry.like_new = false;
  likesState.totalNew = res.total_new;
}
