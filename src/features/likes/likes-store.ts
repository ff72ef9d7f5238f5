// Likes state (spec 3: likes, liked_by, total new likes), shared by the likes screen, profiles and the nav badge.
import { proxy } from 'valtio';
import { api } from '../../api/client.ts';
import { LikesResponse, type MemberCard } from '../../../contract/index.ts';

/** `profiles` the user liked; `likedBy` members who liked the user (`like_new` until opened); `totalNew` for the badge. */
export const likesState = proxy({
  profiles: [] as MemberCard[],
  likedBy: [] as (MemberCard & { like_new: boolean })[],
  totalNew: 0,
  loaded: false,
});

let inflight: Promise<void> | null = null;

/** GET /api/likes.php into likesState. Concurrent calls share one request. Throws ApiCallError. */
export function refreshLikes(): Promise<void> {
  inflight ??= api('/api/likes.php', LikesResponse)
    .then((res) => {
      likesState.profiles = res.profiles;
      likesState.likedBy = res.liked_by;
      likesState.totalNew = res.total_new;
      likesState.loaded = true;
    })
    .finally(() => { inflight = null; });
  return inflight;
}
