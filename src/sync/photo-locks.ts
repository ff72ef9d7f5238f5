// Photos the server locks (blurred, with a lock) for a free member (spec 1, 6) are kept in Dexie as they were synced:
// chat photos in messages, a profile's further photos in profiles. The blurred copy has a key of its own, so the sharp
// URL cannot be derived on the device: when the member's premium status differs from the one the data was synced
// under (an upgrade here, on another device, or while the app was closed; or premium ending), the data is fetched
// again: the next pull is a snapshot, and every stored profile whose locks no longer fit is loaded anew.
import { photoLocked } from '../../contract/index.ts';
import { ApiCallError } from '../api/client.ts';
import type { AppDB, ProfileRow } from '../data/db.ts';
import { resetCursor } from './cursor.ts';
import { loadProfile } from './profiles.ts';

/** Meta key: the premium status (`paid_user`) the photos in this database were last synced under. */
export const PHOTOS_SYNCED_AS_PAID = 'photos-synced-as-paid';

/**
 * True when `row` shows photos locked other than the server shows them to a member with premium status `paid`
 * (photoLocked: premium members see every photo unlocked, free members the first one only).
 */
export function locksOutdated(row: Pick<ProfileRow, 'photos'>, paid: boolean): boolean {
  return row.photos.some((p, i) => p.locked !== photoLocked(i, { paid, own: false }));
}

const inFlight = new WeakMap<AppDB, Promise<void>>();

/**
 * Brings the photos of `db` in line with premium status `paid`. Nothing to do (one meta read) when they were synced
 * under it. Otherwise forgets the sync cursor and asks for a run through `requestSync` (chats, messages and likes
 * come again as a snapshot, with the photos as the server now shows them), loads again every stored profile whose
 * locks are outdated (one at a time; a member out of reach is dropped by loadProfile), and then records `paid`.
 * A network failure rejects and records nothing, so the next call tries again. Concurrent calls share one run.
 */
export function syncPhotoLocks(db: AppDB, paid: boolean, requestSync: (reason: string) => Promise<void>): Promise<void> {
  const running = inFlight.get(db);
  if (running) return running;
  const run = (async () => {
    const synced = ((await db.meta.get(PHOTOS_SYNCED_AS_PAID))?.value as boolean | undefined) ?? false;
    if (synced === paid) return;
    await resetCursor(db);
    const snapshot = requestSync(paid ? 'premium' : 'premium-ended');
    for (const row of await db.profiles.toArray()) {
      if (!locksOutdated(row, paid)) continue;
      try {
        await loadProfile(db, row.id);
      } catch (e) {
        if (!(e instanceof ApiCallError && e.status >= 400 && e.status < 500)) throw e;
      }
    }
    await snapshot;
    await db.meta.put({ key: PHOTOS_SYNCED_AS_PAID, value: paid });
  })().finally(() => inFlight.delete(db));
  inFlight.set(db, run);
  return run;
}
