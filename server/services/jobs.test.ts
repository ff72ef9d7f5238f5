// The job queue's stop (graceful shutdown, issue 14): pg-boss completes a job without awaiting the statement, so a
// stop right after a job must wait for it before the database closes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connect.ts';
import { startJobQueue, type JobHandlers } from './jobs.ts';

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
