// Dead letters (docs/jobs.md "Dead letters"): a job that fails every try lands in its queue's dead-letter queue, is
// logged at error level with what it carried, and is found by the operators' query; on PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { freshPostgres } from '../../tests/api/harness.ts';
import { openDatabase } from '../db/connect.ts';
import { startJobQueue, type JobHandlers, type LogLevel } from './jobs.ts';

/** The operators' query of docs/jobs.md: every dead letter, oldest first. */
const DEAD_LETTERS = `select name, data, output, created_on from pgboss.job where name like '%-dead' order by created_on`;

const databases = process.env.TEST_DATABASE_URL ? (['PGlite', 'PostgreSQL'] as const) : (['PGlite'] as const);

describe.each(databases)('dead letters on %s', (database) => {
  it('a refund job that fails every try is logged at error level on its last one and kept in refund-dead', async () => {
    const pg = database === 'PostgreSQL' ? await freshPostgres() : null;
    const { db, client, close, listen } = await openDatabase({ databaseUrl: pg?.url ?? null, dataDir: ':memory:' });
    const tries: string[] = [];
    const idle = async () => {};
    const handlers: JobHandlers = {
      refund: async ({ paymentId }) => {
        tries.push(paymentId);
        throw new Error(`payment ${paymentId}: no provider reference yet`);
      },
      sms: idle,
      mail: idle,
      'mail-notice': idle,
      'push-message': idle,
      'push-like': idle,
      'purge-accounts': idle,
    };
    const logged: { message: string; detail: Record<string, unknown>; level: LogLevel }[] = [];
    const jobs = await startJobQueue({
      client,
      listen,
      handlers,
      log: (message, detail, level = 'warn') => logged.push({ message, detail, level }),
      // The production policy waits hours between tries: here 2 tries, no wait.
      retry: { retryLimit: 1, retryDelay: 0, retryBackoff: false },
    });
    try {
      const paymentId = '7b0c3f5e-2d1a-4c8e-9f6b-1a2b3c4d5e6f';
      await db.transaction((tx) => jobs.enqueue(tx, 'refund', { paymentId }));
      await jobs.idle();
      expect(tries).toEqual([paymentId, paymentId]);
      const { rows } = await client.executeSql(DEAD_LETTERS);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'refund-dead', data: { paymentId } });
      expect(JSON.stringify((rows[0] as { output: unknown }).output)).toContain('no provider reference yet');
      // The first failure is a warning; the last one an error naming the job, its id, its payment and the error.
      expect(logged.map((l) => l.level)).toEqual(['warn', 'error']);
      expect(logged[1].detail).toMatchObject({
        name: 'refund',
        data: { paymentId },
        error: `payment ${paymentId}: no provider reference yet`,
        deadLetter: 'refund-dead',
      });
      expect(typeof logged[1].detail.id).toBe('string');
      // Nothing reads the dead-letter queue, and pg-boss keeps its jobs (60 years) beyond the archive's reach.
      const { rows: kept } = await client.executeSql(
        `select state, keep_until > now() + interval '50 years' as kept from pgboss.job where name = 'refund-dead'`,
      );
      expect(kept).toEqual([{ state: 'created', kept: true }]);
    } finally {
      await jobs.stop();
      await close();
      await pg?.drop();
    }
  }, 60_000);
});
