import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberProfile, Message, Photo, SyncResponse, User } from '../../contract/index.ts';
import { retryPolicy } from '../api/client.ts';
import type { AppDB } from '../data/db.ts';
import { memberDb } from '../data/member-db.ts';
import { putServerMessages } from '../data/messages-repo.ts';
import { session } from '../features/account/session-store.ts';
import { readCursor, resetCursor, writeCursor } from './cursor.ts';
import { endMemberSync, startMemberSync } from './member-sync.ts';
import { locksOutdated, PHOTOS_SYNCED_AS_PAID, syncPhotoLocks } from './photo-locks.ts';
import { putProfile } from './profiles.ts';
import { card, chat, delta, freshDb, message, stubApi, type Handler } from './test-kit.ts';

const ME = 7;
const SANNE = 42;

/** Sanne's photo `n` as a viewer with premium status `paid` gets it: the first always sharp, the others locked for a free viewer. */
const photo = (n: number, paid: boolean): Photo => {
  const locked = n > 0 && !paid;
  const key = `${locked ? 'blur' : 'sharp'}${n}`;
  return { id: 100 + n, url: `/media/${key}.webp`, thumb_url: `/media/${key}-t.webp`, locked };
};
const profileOf = (paid: boolean): MemberProfile => ({
  ...card(SANNE, 'Sanne'),
  photo: photo(0, paid),
  photos: [0, 1, 2].map((n) => photo(n, paid)),
  liked: false,
  liked_by: false,
  blocked: false,
  conversation_id: 9,
});
/** Sanne's photo message as a viewer with premium status `paid` gets it. */
const photoMessage = (paid: boolean): Message => ({
  ...message(1, 9, SANNE, ''),
  photo: paid
    ? { url: '/media/chatsharp.webp', thumb_url: '/media/chatsharp-t.webp', locked: false }
    : { url: '/media/chatblur.webp', thumb_url: '/media/chatblur-t.webp', locked: true },
});

/** The server as a member with premium status `paid` sees it: a snapshot without `since`, nothing new after. */
function server(paid: () => boolean): Record<string, Handler> {
  return {
    '/api/sync.php': ({ url }): { status: number; body: SyncResponse } =>
      url.searchParams.has('since')
        ? { status: 200, body: delta(Number(url.searchParams.get('since'))) }
        : {
            status: 200,
            body: delta(1, {
              snapshot: true,
              chats: [chat(9, card(SANNE, 'Sanne'), photoMessage(paid()))],
              messages: [photoMessage(paid())],
            }),
          },
    '/api/member.php': () => ({ status: 200, body: { profile: profileOf(paid()) } }),
  };
}

/** What Dexie holds of Sanne's photos: the message photo's and the profile's further photos' locks. */
async function lockState(db: AppDB) {
  const [m] = await db.messages.toArray();
  const profile = await db.profiles.get(SANNE);
  return {
    message: m?.photo?.locked,
    profile: profile?.photos.slice(1).map((p) => p.locked),
    urls: [m?.photo?.url, ...(profile?.photos.map((p) => p.url) ?? [])],
  };
}

/** A database synced while the member was free: a locked chat photo, a stored profile with locked photos, a cursor. */
async function syncedWhileFree(db: AppDB) {
  await putServerMessages(db, [photoMessage(false)]);
  await putProfile(db, profileOf(false));
  await writeCursor(db, { cursor: 1, etag: '"free"' });
}

beforeEach(() => {
  retryPolicy.baseDelayMs = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('locksOutdated', () => {
  it('is true when a further photo is locked for a premium member, or sharp for a free one; the first photo never counts', () => {
    expect(locksOutdated(profileOf(false), true)).toBe(true);
    expect(locksOutdated(profileOf(false), false)).toBe(false);
    expect(locksOutdated(profileOf(true), false)).toBe(true);
    expect(locksOutdated(profileOf(true), true)).toBe(false);
    expect(locksOutdated({ photos: [photo(0, true)] }, false)).toBe(false);
  });
});

describe('syncPhotoLocks', () => {
  it('after an upgrade brings the chat photo and the stored profile sharp, once', async () => {
    const db = freshDb();
    await syncedWhileFree(db);
    const fetchMock = stubApi(server(() => true));
    const requestSync = vi.fn(async () => {
      const { pull } = await import('./engine.ts');
      await pull(db, { onUser: () => {}, onNewLikes: () => {} });
    });
    await syncPhotoLocks(db, true, requestSync);
    expect(requestSync).toHaveBeenCalledWith('premium');
    expect(await lockState(db)).toEqual({
      message: false,
      profile: [false, false],
      urls: ['/media/chatsharp.webp', '/media/sharp0.webp', '/media/sharp1.webp', '/media/sharp2.webp'],
    });
    expect((await db.meta.get(PHOTOS_SYNCED_AS_PAID))?.value).toBe(true);
    // Nothing more to do for the same status: no request at all.
    const calls = fetchMock.mock.calls.length;
    await syncPhotoLocks(db, true, requestSync);
    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(requestSync).toHaveBeenCalledTimes(1);

    // Premium ends: locked again.
    stubApi(server(() => false));
    await syncPhotoLocks(db, false, requestSync);
    expect(await lockState(db)).toMatchObject({ message: true, profile: [true, true] });
  });

  it('records nothing when a profile cannot be loaded (offline), so the next call tries again', async () => {
    const db = freshDb();
    await syncedWhileFree(db);
    stubApi({
      '/api/member.php': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(syncPhotoLocks(db, true, async () => {})).rejects.toThrow();
    expect(await db.meta.get(PHOTOS_SYNCED_AS_PAID)).toBeUndefined();
    expect((await readCursor(db)).cursor).toBeNull();
  });
});

describe('resetCursor', () => {
  it('is not undone by a delta of a run that was under way; the next snapshot ends it', async () => {
    const db = freshDb();
    await writeCursor(db, { cursor: 5, etag: '"a"' });
    await resetCursor(db);
    await writeCursor(db, { cursor: 6, etag: '"b"' }); // the delta fetched before the reset
    expect((await readCursor(db)).cursor).toBeNull();
    await writeCursor(db, { cursor: 8, etag: '"c"' }, { snapshot: true });
    await writeCursor(db, { cursor: 9, etag: '"d"' });
    expect((await readCursor(db)).cursor).toBe(9);
  });
});

describe('member sync', () => {
  beforeEach(() => {
    const target = () => Object.assign(new EventTarget(), { visibilityState: 'visible' });
    vi.stubGlobal('window', target());
    vi.stubGlobal('document', target());
  });

  it('shows photos synced locked while free sharp when the member starts the app already premium', async () => {
    freshDb(); // a fresh fake IndexedDB for memberDb
    const db = memberDb(ME);
    await syncedWhileFree(db);
    stubApi(server(() => true));
    // Premium bought on another device, or while this app was closed: the session already says so at start.
    session.user = { id: ME, paid_user: true, credits: 0 } as User;
    try {
      await startMemberSync(ME);
      await vi.waitFor(async () => expect(await lockState(db)).toMatchObject({ message: false, profile: [false, false] }), {
        timeout: 4_000,
        interval: 50,
      });
    } finally {
      await endMemberSync(ME);
      session.user = null;
    }
  });
});
