// The job queue: a job is written in the transaction of its change, on PGlite and PostgreSQL (docs/jobs.md); and its
// stop (graceful shutdown): pg-boss completes a job without awaiting the statement, so a stop right after a job must
// wait for it before the database closes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshPostgres } from '../../tests/api/harness.ts';
import { openDatabase, type Db } from '../db/connect.ts';
import { startJobQueue, type JobHandlers, type JobQueue } from './jobs.ts';

const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
beforeEach(() => {
  rejections.length = 0;
  process.on('unhandledRejection', onRejection);
});
afterEach(() => {
  process.off('unhandledRejection', onRejection);
});

describe('JobQueue.stop', () => {
  it('waits for the completion of the job that just ran, so the database closes with the job completed', async () => {
    const { db, client: database, close, listen } = await openDatabase({ databaseUrl: null, dataDir: ':memory:' });
    // The completion's statement takes 300 ms (a busy database): it is still in flight when pg-boss's stop returns.
    let slowed = 0;
    const client = {
      executeSql: async (text: string, values?: unknown[]) => {
        if (text.includes('SET completed_on = now()')) {
          slowed++;
          await new Promise((r) => setTimeout(r, 300));
        }
        return database.executeSql(text, values);
      },
    };
    let ran!: () => void;
    const done = new Promise<void>((resolve) => (ran = resolve));
    const idle = async () => {};
    const handlers: JobHandlers = {
      sms: async () => ran(),
      mail: idle,
      'mail-notice': idle,
      'push-message': idle,
      'push-like': idle,
      refund: idle,
      'purge-accounts': idle,
    };
    const jobs = await startJobQueue({ client, listen, handlers, log: () => {} });
    await db.transaction((tx) => jobs.enqueue(tx, 'sms', { to: '+31612345678', text: 'Your code is 123456' }));
    await done;
    await jobs.stop();
    const { rows } = await client.executeSql(`select state from pgboss.job where name = 'sms'`);
    await close();
    await new Promise((r) => setTimeout(r, 50));
    expect(slowed).toBe(1);
    expect(rows).toEqual([{ state: 'completed' }]);
    expect(rejections).toEqual([]);
  });
});

const databases = process.env.TEST_DATABASE_URL ? (['PGlite', 'PostgreSQL'] as const) : (['PGlite'] as const);

describe.each(databases)('JobQueue.enqueue and enqueueAll on %s', (database) => {
  /** Runs `test` on a fresh database with a queue without workers (its jobs stay waiting) and the wake-ups heard. */
  async function withQueue(
    test: (q: { db: Db; jobs: JobQueue; rows: () => Promise<unknown[]>; woken: string[] }) => Promise<void>,
  ) {
    const pg = database === 'PostgreSQL' ? await freshPostgres() : null;
    const { db, client, close, listen } = await openDatabase({ databaseUrl: pg?.url ?? null, dataDir: ':memory:' });
    const jobs = await startJobQueue({ client, listen, handlers: null, log: () => {} });
    const woken: string[] = [];
    const unlisten = await listen(
      'jobs',
      (name) => woken.push(name),
      () => {},
    );
    // The jobs written (not the hourly purge, which pg-boss's cron may add).
    const rows = async () =>
      (
        await client.executeSql(
          `select name, data, state, retry_limit from pgboss.job where name <> 'purge-accounts' order by name, data::text`,
        )
      ).rows;
    try {
      await test({ db, jobs, rows, woken });
    } finally {
      await unlisten();
      await jobs.stop();
      await close();
      await pg?.drop();
    }
  }

  const sms = { to: '+31612345678', text: 'Your code is 123456' };
  const mail = { to: 'a@example.org', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };
  const like = { cdnPrefix: '', likerId: 1, likedId: 2, match: false };

  it('writes no job, and wakes no worker, when the change rolls back; both once it commits', async () => {
    await withQueue(async ({ db, jobs, rows, woken }) => {
      const rolledBack = db.transaction(async (tx) => {
        await jobs.enqueue(tx, 'sms', sms);
        await jobs.enqueueAll(tx, [
          { name: 'mail', data: mail },
          { name: 'push-like', data: like },
        ]);
        tx.rollback();
      });
      await expect(rolledBack).rejects.toThrow();
      expect(await rows()).toEqual([]);

      await db.transaction(async (tx) => {
        await jobs.enqueue(tx, 'sms', sms);
        await jobs.enqueueAll(tx, [
          { name: 'mail', data: mail },
          { name: 'push-like', data: like },
        ]);
        await jobs.enqueueAll(tx, []);
      });
      // Written by pg-boss under each queue's policy (8 tries).
      expect(await rows()).toEqual([
        { name: 'mail', data: mail, state: 'created', retry_limit: 8 },
        { name: 'push-like', data: like, state: 'created', retry_limit: 8 },
        { name: 'sms', data: sms, state: 'created', retry_limit: 8 },
      ]);
      // Notifications come in commit order: had the rolled-back change woken anyone, it would come first.
      for (const end = Date.now() + 5000; woken.length < 3 && Date.now() < end;) await new Promise((r) => setTimeout(r, 10));
      expect([...woken].sort()).toEqual(['mail', 'push-like', 'sms']);
    });
  });

  it.runIf(database === 'PostgreSQL')(
    'writes the job on the transaction: other connections see it only after the commit',
    async () => {
      await withQueue(async ({ db, jobs, rows }) => {
        await db.transaction(async (tx) => {
          await jobs.enqueueAll(tx, [{ name: 'sms', data: sms }]);
          // A query of the pool runs on another connection.
          expect(await rows()).toEqual([]);
        });
        expect(await rows()).toHaveLength(1);
      });
    },
  );
});
