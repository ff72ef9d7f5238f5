// When each member last changed, as this server instance heard it: what keeps a cache from storing a read that a
// change overtook (the read began before the change, its answer arrived after the eviction).
import { LRUCache } from 'lru-cache';

/**
 * A counter of the changes heard (each `heard` call one tick) and the tick of each member's last one. Take `now()`
 * before reading a member's data and ask `changedSince(id, tick)` before storing the answer: true when a change of
 * that member was heard meanwhile. At most `max` members are remembered (least recently changed out first); a member
 * no longer remembered counts as changed at the newest tick forgotten, so a read is refused rather than wrongly
 * stored. `reset` (notifications may have been missed) makes every read begun before it stale, and `serving` says
 * whether the caches may answer at all (false while the live hub's listener is lost).
 */
export class ChangeClock {
  private tick = 0;
  /** Reads begun before this tick are stale for every member not remembered. */
  private floor = 0;
  private readonly last: LRUCache<number, number>;
  serving = true;

  constructor(max: number) {
    this.last = new LRUCache<number, number>({
      max,
      dispose: (tick, _id, reason) => {
        if (reason === 'evict') this.floor = Math.max(this.floor, tick);
      },
    });
  }

  /** The tick to take before a read. */
  now(): number {
    return this.tick;
  }

  /** A change of members `ids` was heard. */
  heard(ids: Iterable<number>): void {
    this.tick++;
    for (const id of ids) this.last.set(id, this.tick);
  }

  /** True when a change of member `id` was heard after tick `since` (then a read begun at `since` is stale). */
  changedSince(id: number, since: number): boolean {
    return (this.last.get(id) ?? this.floor) > since;
  }

  /** Every read begun before now is stale; `serving` as given (false: the listener is lost, nothing is heard). */
  reset(serving: boolean): void {
    this.tick++;
    this.floor = this.tick;
    this.last.clear();
    this.serving = serving;
  }
}
