// The jobs that gave up (docs/jobs.md "Dead letters", docs/operations.md "Dead jobs"): pg-boss keeps each in its
// queue's `<name>-dead` queue; support lists them, sends one back to its queue or discards it, each audited.
import { sql } from 'drizzle-orm';
import type { OpsDeadJob } from '../../../contract/ops-support.ts';
import type { Db } from '../../db/connect.ts';
import { ApiError } from '../../errors.ts';
import { isJobName, type JobData, type JobName, type JobQueue } from '../../services/jobs.ts';
import { audit, type Actor } from '../staff/audit.ts';

/** The suffix of a dead-letter queue's name (jobs.ts deadLetterQueue). */
const DEAD = '-dead';
/** How much of a job's last error is shown. */
const ERROR_CHARS = 500;
/** A key of a job's data that holds an id (shown); any other key's value is left out (addresses, texts, links). */
const ID_KEY = /(^id$|Id$|_id$)/;

/** A dead letter's row: pg-boss's job table. */
interface DeadRow extends Record<string, unknown> {
  id: string;
  name: string;
  data: unknown;
  output: unknown;
  created_on: Date | string;
}

/** A job's data as support may see it: ids (and plain numbers and flags) shown, every other field only named. */
function shownData(data: unknown): Pick<OpsDeadJob, 'data' | 'fields'> {
  const shown: OpsDeadJob['data'] = {};
  const fields: string[] = [];
  for (const [key, value] of Object.entries(data && typeof data === 'object' ? data : {})) {
    if (typeof value === 'number' || typeof value === 'boolean' || (ID_KEY.test(key) && typeof value === 'string'))
      shown[key] = value;
    else fields.push(key);
  }
  return { data: shown, fields };
}

/** The last error pg-boss kept (its `output`: the error's message, or the whole output as JSON), shortened. */
function lastError(output: unknown): string | null {
  if (output == null) return null;
  const message = typeof output === 'object' && 'message' in output ? String(output.message) : JSON.stringify(output);
  return message.slice(0, ERROR_CHARS);
}

const toDeadJob = (r: DeadRow): OpsDeadJob => ({
  id: r.id,
  queue: r.name.slice(0, -DEAD.length),
  ...shownData(r.data),
  error: lastError(r.output),
  created_at: new Date(r.created_on).toISOString(),
});

/** Every dead letter of every `*-dead` queue, oldest first. */
export async function listDeadJobs(db: Db): Promise<OpsDeadJob[]> {
  const { rows } = await db.execute<DeadRow>(
    sql`select id::text, name, data, output, created_on from pgboss.job where name like ${`%${DEAD}`} order by created_on, id`,
  );
  return rows.map(toDeadJob);
}

/** Removes dead letter `id` in `tx` and answers it; throws ApiError 404 not_found when no such dead letter is left. */
async function takeDeadJob(tx: Db, id: string): Promise<DeadRow> {
  const { rows } = await tx.execute<DeadRow>(
    sql`delete from pgboss.job where id = ${id}::uuid and name like ${`%${DEAD}`} returning id::text, name, data, output, created_on`,
  );
  if (!rows[0]) throw new ApiError(404, 'not_found');
  return rows[0];
}

/**
 * Sends dead letter `id` back to its original queue with the data it carried (a fresh job with the queue's tries) and
 * removes it, audited `jobs.retry`, in one transaction: a second retry finds nothing (404). Errors: 404 not_found,
 * 409 conflict (its queue is not one the server runs).
 */
export async function retryDeadJob(db: Db, jobs: JobQueue, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await takeDeadJob(tx as unknown as Db, id);
    const queue = row.name.slice(0, -DEAD.length);
    if (!isJobName(queue)) throw new ApiError(409, 'conflict');
    await jobs.enqueue(tx as unknown as Db, queue, row.data as JobData[JobName]);
    await audit(tx, actor, {
      action: 'jobs.retry',
      targetKind: 'job',
      targetId: id,
      before: { queue: row.name, ...shownData(row.data).data },
      after: { queue },
    });
  });
}

/** Deletes dead letter `id` for good, audited `jobs.discard` (with its shown data and error). Errors: 404 not_found. */
export async function discardDeadJob(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await takeDeadJob(tx as unknown as Db, id);
    await audit(tx, actor, {
      action: 'jobs.discard',
      targetKind: 'job',
      targetId: id,
      before: { queue: row.name, ...shownData(row.data).data, error: lastError(row.output) },
      after: null,
    });
  });
}
