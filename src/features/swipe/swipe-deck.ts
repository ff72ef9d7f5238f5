// The swipe game's state (spec 2: /swipe-game; spec 9: 4 likes per day): the deck from the server, the likes left of
// today, and the like and pass of the top card. A like is queued in the outbox like every like (offline-safe, match
// news through the sync engine); the server counts it against the day's likes and refuses a 5th with swipe_limit.
import { useCallback, useEffect, useRef, useState } from 'react';
import { SwipeDeckResponse, type SwipeCard } from '../../../contract/index.ts';
import { api } from '../../api/client.ts';
import { firstAnswer, takeFirstAnswer } from '../../api/first-answers.ts';
import type { AppDB } from '../../data/db.ts';
import { requestSync } from '../../sync/member-sync.ts';
import { queueLike } from '../../sync/outbox.ts';
import { SWIPE_DECK_CALL } from './swipe-calls.ts';

/** Members passed or liked in this visit, sent as `skip` so a refill never deals them again (the server caps it at 200). */
const SKIP_MAX = 200;
/** A refill is asked for when this few cards are left. */
const REFILL_AT = 3;

export interface SwipeDeck {
  /** Cards still to decide on, the top one first; null while the first deck loads. */
  cards: SwipeCard[] | null;
  /** Likes left today (SWIPE_LIKES_PER_DAY at the start of a UTC day). */
  likesLeft: number;
  /** When the likes are full again (ISO 8601, next UTC midnight). */
  resetsAt: string | null;
  /** The last load's error (ApiCallError or a network failure), null when it worked. */
  error: unknown;
  /** Likes the top card (ignored at 0 likes left). */
  like(): void;
  /** Passes the top card. */
  pass(): void;
  /** Loads the deck again (after an error). */
  reload(): void;
}

/**
 * The deck of the swipe game for the logged-in member whose Dexie is `db`. A server-rendered page comes with the first
 * deck (the route's first call, SWIPE_DECK_CALL), so the first card is drawn at once; otherwise it is loaded.
 */
export function useSwipeDeck(db: AppDB): SwipeDeck {
  const [first] = useState(() => firstAnswer(SWIPE_DECK_CALL, SwipeDeckResponse));
  const [cards, setCards] = useState<SwipeCard[] | null>(first?.profiles ?? null);
  const [likesLeft, setLikesLeft] = useState(first?.likes_left ?? 0);
  const [resetsAt, setResetsAt] = useState<string | null>(first?.resets_at ?? null);
  const [error, setError] = useState<unknown>(null);
  const decided = useRef<number[]>([]);
  const loading = useRef(false);
  const loaded = useRef(first !== undefined);

  const load = useCallback(async () => {
    if (loading.current) return;
    loading.current = true;
    try {
      const skip = decided.current.slice(-SKIP_MAX).join(',');
      const deck = await api(`${SWIPE_DECK_CALL}${skip ? `?skip=${skip}` : ''}`, SwipeDeckResponse);
      setError(null);
      // A refill may come before the outbox sent this visit's likes: the lower count is the true one.
      setLikesLeft((n) => (loaded.current ? Math.min(n, deck.likes_left) : deck.likes_left));
      loaded.current = true;
      setResetsAt(deck.resets_at);
      setCards((now) => {
        const have = new Set([...(now ?? []).map((c) => c.id), ...decided.current]);
        return [...(now ?? []), ...deck.profiles.filter((c) => !have.has(c.id))];
      });
    } catch (e) {
      setError(e);
      setCards((now) => now ?? []);
    } finally {
      loading.current = false;
    }
  }, []);

  useEffect(() => {
    // Taken, so a later visit of the game in this page loads a fresh deck.
    if (takeFirstAnswer(SWIPE_DECK_CALL, SwipeDeckResponse)) return;
    void load();
  }, [load]);

  const drop = (top: SwipeCard) => {
    decided.current.push(top.id);
    setCards((now) => {
      const rest = (now ?? []).filter((c) => c.id !== top.id);
      if (rest.length <= REFILL_AT) void load();
      return rest;
    });
  };

  const top = cards?.[0];
  return {
    cards,
    likesLeft,
    resetsAt,
    error,
    like: () => {
      if (!top || likesLeft === 0) return;
      setLikesLeft((n) => Math.max(0, n - 1));
      drop(top);
      void queueLike(db, top, true, 'swipe').then(() => requestSync('like'));
    },
    pass: () => {
      if (top) drop(top);
    },
    reload: () => void load(),
  };
}
