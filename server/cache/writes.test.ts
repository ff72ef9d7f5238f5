import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/connect.ts';
import { noteWritten, tellingCommits } from './writes.ts';

const database = openDatabase({ databaseUrl: null, dataDir: ':memory:' });
afterAll(async () => (await database).close());

/** A handle over the test database and what it told, in order. */
async function telling(): Promise<{ db: Db; told: string[] }> {
  const told: string[] = [];
  const db = tellingCommits((await database).db, {
    changed: (ids) => told.push(`changed ${ids.join(',')}`),
    sessionsEnded: (ids) => told.push(`sessions ${ids.join(',')}`),
    blocksChanged: (ids) => told.push(`blocks ${ids.join(',')}`),
  });
  return { db, told };
}

describe('tellingCommits', () => {
  it('tells what a transaction noted once it committed, before its caller goes on, savepoints included', async () => {
    const { db, told } = await telling();
    const result = await db.transaction(async (tx) => {
      noteWritten(tx, { changed: [1, 2], sessionsEnded: [3] });
      await (tx as unknown as Db).transaction(async (inner) => noteWritten(inner, { changed: [2, 4], blocksChanged: [5, 6] }));
      await tx.execute(sql`select 1`);
      expect(told).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(told).toEqual(['changed 1,2,4', 'sessions 3', 'blocks 5,6']);
  });

  it('tells nothing of a transaction that failed, nor of one that noted nothing', async () => {
    const { db, told } = await telling();
    await expect(
      db.transaction(async (tx) => {
        noteWritten(tx, { changed: [1] });
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await db.transaction(async (tx) => tx.execute(sql`select 1`));
    expect(told).toEqual([]);
  });

  it('notes nothing in a transaction of another handle', async () => {
    const { told } = await telling();
    await (await database).db.transaction(async (tx) => noteWritten(tx, { changed: [1] }));
    expect(told).toEqual([]);
  });
});
