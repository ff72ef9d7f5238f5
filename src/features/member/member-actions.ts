// Like, unlike, block and unblock a member (spec 4, 6). Likes go through the outbox (they work offline and are
// sent when the network returns); blocking needs the server's answer at once, so it is a direct call.
import { api } from '../../api/client.ts';
import { BlockResponse, type MemberProfile } from '../../../contract/index.ts';
import type { AppDB } from '../../data/db.ts';
import { requestSync } from '../../sync/member-sync.ts';
import { queueLike } from '../../sync/outbox.ts';
import { putProfile } from '../../sync/profiles.ts';

/** Likes (`on`) or unlikes `profile`: Dexie (likes and the stored profile) at once, the server through the outbox. */
export async function setLike(db: AppDB, profile: MemberProfile, on: boolean): Promise<void> {
  await queueLike(db, profile, on);
  await putProfile(db, { ...profile, liked: on });
  void requestSync('like');
}

/** POST (block) or DELETE (unblock) /api/block.php, then stores the profile and syncs (chats and likes change). Throws ApiCallError. */
export async function setBlock(db: AppDB, profile: MemberProfile, block: boolean): Promise<void> {
  const res = await api('/api/block.php', BlockResponse, { method: block ? 'POST' : 'DELETE', body: { profile: profile.id } });
  await putProfile(db, { ...profile, blocked: res.blocked });
  void requestSync('block');
}

/** DELETE /api/block.php for member `id` (settings' blocked list): a stored profile of them is updated, then a sync runs. Throws ApiCallError. */
export async function unblockMember(db: AppDB, id: number): Promise<void> {
  await api('/api/block.php', BlockResponse, { method: 'DELETE', body: { profile: id } });
  const stored = await db.profiles.get(id);
  if (stored) await putProfile(db, { ...stored, blocked: false });
  void requestSync('block');
}
