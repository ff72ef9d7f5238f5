// Durable background work: pushes, mails and the account purge run as jobs of pg-boss, a PostgreSQL job queue. A job
// is written in the same transaction as the change that causes it (so it exists exactly when the change committed),
// survives a crash, and is run by a worker of any server instance, retried with backoff when it fails.
// The same queue runs on PGlite: pg-boss talks to the database through `SqlClient`, not its own pool, and writes a
// job through its public `insert` with an executor on the caller's transaction.
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { Message } from '../../contract/index.ts';
import type { Db, Listen, SqlClient } from '../db/connect.ts';
import type { MailNotice } from '../domain/notifications/email-notices.ts';
import type { OutgoingMail } from './mail.ts';
import type { OutgoingSms } from './sms.ts';

/** What each job carries (JSON, stored in pgboss.job.data). */
export interface JobData {
  /** The push of a new message to its recipient (domain/push-notices.ts pushMessage). */
  'push-message': { cdnPrefix: string; message: Message; recipientId: number };
  /** The push of a new like or match (domain/push-notices.ts pushLike). */
  'push-like': { cdnPrefix: string; likerId: number; likedId: number; match: boolean };
  /** A notification mail about a message, like or match, under its rules (domain/email-notices.ts deliverNotice). */
  'mail-notice': MailNotice;
  /** A composed mail (activation, password reset, e-mail change, deletion, complaint receipts). */
  mail: OutgoingMail;
  /** The money of a refunded payment back through the provider (domain/payments.ts sendRefund). */
  refund: { paymentId: string };
  /** A text message (the direct-debit code). */
  sms: OutgoingSms;
  /** The hourly purge of accounts deleted over 14 days ago (spec 4, 9); scheduled, never enqueued. */
  'purge-accounts': Record<string, never>;
}

/** A job's name. */
export type JobName = keyof JobData;

/** The function that runs each kind of job; a rejection fails the attempt, which pg-boss retries later. */
export type JobHandlers = { [N in JobName]: (data: JobData[N]) => Promise<void> };

/**
 * One job to write: its queue and what it carries; `singletonKey`: at most one job of that queue and key is written
 * per SINGLETON_SECONDS (a repeat of the cause writes nothing).
 */
export type JobRequest = { [N in JobName]: { name: N; data: JobData[N]; singletonKey?: string } }[JobName];

/** A log line's level: a job that has used all its tries is an error, anything else a warning. */
export type LogLevel = 'warn' | 'error';
/** Where the queue reports: `message`, its `detail`, and its level (warn when left out). */
export type JobLog = (message: string, detail: Record<string, unknown>, level?: LogLevel) => void;

/** The queue as domain code and routes see it. */
export interface JobQueue {
  /**
   * Writes a job of `name` inside the transaction `tx`: it runs only if `tx` commits, and then at least once (given
   * the database itself, outside a transaction: at once). Workers of every instance are woken at the commit (NOTIFY
   * jobs). Two statements on `tx`: pg-boss's insert (its public `insert`, with `tx` as its executor), then the wake-up.
   * `opts.singletonKey`: as JobRequest's.
   */
  enqueue<N extends JobName>(tx: Db, name: N, data: JobData[N], opts?: { singletonKey?: string }): Promise<void>;
  /**
   * `jobs` (of any queues) inside `tx`, with the guarantees of enqueue, in the same two statements whatever their
   * number (a message send's push and mail). None: no statement.
   */
  enqueueAll(tx: Db, jobs: JobRequest[]): Promise<void>;
  /** Resolves once no job is waiting or running (tests, shutdown). Never resolves while workers are off. */
  idle(): Promise<void>;
  /** Whether this instance runs jobs (JOB_WORKERS on), not only writes them. */
  readonly working: boolean;
  /** Throws when the queue's tables do not answer a query now (readiness: server/health.ts). */
  check(): Promise<void>;
  /** The queues' figures for the metrics (server/metrics.ts), in one statement: see QueueStats. */
  stats(): Promise<QueueStats>;
  /**
   * Stops the workers, waiting up to 10 s for running jobs and for pg-boss's statements in flight (a job's completion);
   * waiting jobs stay for the next start.
   */
  stop(): Promise<void>;
}

/**
 * Per queue (job name): `depth` jobs waiting or running (created, retry, active), `dead` jobs in its dead-letter queue,
 * `failures` failed attempts run by this instance since it started. Queues without jobs are 0.
 */
export interface QueueStats {
  depth: Record<string, number>;
  dead: Record<string, number>;
  failures: Record<string, number>;
}

/** Retry and expiry of every queue: a job active for over a minute (its server died) is tried again, up to 8 times. */
const QUEUE_POLICY = { retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 } as const;
/** How a queue retries: tries after the first, seconds before the first retry, doubling or not. */
export type RetryPolicy = Pick<PgBoss.Queue, 'retryLimit' | 'retryDelay' | 'retryBackoff'>;
/**
 * The dead-letter queue of job `name`: where pg-boss moves a job that failed its last try (docs/jobs.md "Dead
 * letters"). No worker reads it; its jobs wait there (state created) for an operator.
 */
const deadLetterQueue = (name: string) => `${name}-dead`;

/** True when `name` is one of the queues' names (a dead letter's original queue, say). */
export const isJobName = (name: string): name is JobName => Object.hasOwn(CONCURRENCY, name);
/**
 * Minutes a job of a queue is kept before pg-boss's archive (then deletion a day later) takes it, also while it waits.
 * A dead letter is kept about twice as long as its job was (pg-boss: keep_until + (keep_until - start_after)), so 30
 * years (pg-boss counts them in seconds, an int: at most 68) keep dead letters until an operator deletes them.
 */
const RETENTION_MINUTES = 30 * 365 * 24 * 60;
/** The window of a singleton key (JobRequest): a year, longer than any repeat of what writes such a job. */
const SINGLETON_SECONDS = 365 * 86400;
/** When to run each scheduled job (cron, UTC). */
const SCHEDULES: Partial<Record<JobName, string>> = { 'purge-accounts': '0 * * * *' };
/** The workers of each queue in one instance (each runs up to BATCH_SIZE of its jobs at once). */
const CONCURRENCY: Record<JobName, number> = {
  'push-message': 4,
  'push-like': 2,
  'mail-notice': 2,
  mail: 2,
  sms: 1,
  refund: 1,
  'purge-accounts': 1,
};
/**
 * Jobs a worker of the notices' queues fetches at once, runs together and completes in one statement (under load, a fetch
 * and a completion per job added four statements to every message send); other queues take one at a
 * time. A short queue gives a worker one job per fetch anyway.
 */
const BATCH_SIZE: Partial<Record<JobName, number>> = { 'push-message': 8, 'push-like': 8, 'mail-notice': 8 };
/** The shortest wait, in seconds, before a batched job's retry (see the worker's failures in startJobQueue). */
const BATCH_RETRY_MIN_SECONDS = 1;
/** Milliseconds a wake-up waits for the next ones to gather, in the notices' latency: a fetch takes them all. */
const WAKE_DELAY_MS = 10;
/** Seconds between polls: commits wake the workers at once (NOTIFY), polling finds retries and missed wakes. */
const POLL_SECONDS = 5;
/** How long stop() waits to see no pg-boss statement in flight (a completion follows its job within microtasks). */
const STOP_QUIET_MS = 50;
/** The NOTIFY channel that wakes workers when a transaction with jobs commits. */
const WAKE_CHANNEL = 'jobs';

/**
 * pg-boss's executor on `tx`: each of its statements (text with $n placeholders, and their values) runs as a Drizzle
 * query of the caller's transaction. Never the queue's own `client`: on PGlite (one connection) that waits for the
 * transaction to end, which waits for the job. Every placeholder becomes its own parameter (a value used twice is sent
 * twice); undefined is sent as null.
 */
function executorOn(tx: Db): PgBoss.Db {
  return {
    executeSql: (text, values = []) => {
      const query = sql.empty();
      text.split(/\$(\d+)/).forEach((part, i) => query.append(i % 2 ? sql`${values[Number(part) - 1] ?? null}` : sql.raw(part)));
      return tx.execute(query);
    },
  };
}

/**
 * Starts the queue on `client` (pg-boss creates or migrates its schema `pgboss`), creates the queues and schedules,
 * and, when `handlers` is set, starts `workers`× CONCURRENCY workers per queue; `handlers` null (JOB_WORKERS=0):
 * this instance only writes jobs, another runs them. Failures of a job attempt and of the queue go to `log`.
 */
export async function startJobQueue(opts: {
  client: SqlClient;
  listen: Listen;
  handlers: JobHandlers | null;
  log: JobLog;
  /** The retry policy of every queue instead of QUEUE_POLICY's (tests of the last try). */
  retry?: RetryPolicy;
}): Promise<JobQueue> {
  // pg-boss's statements in flight: it neither awaits a job's completion nor stops a fetch begun before its stop, so
  // stop() waits for them before the database may close (else they reject unhandled on a closed pool, exit 1).
  let statements = 0;
  const db: SqlClient = {
    executeSql: async (text, values) => {
      statements++;
      try {
        return await opts.client.executeSql(text, values);
      } finally {
        statements--;
      }
    },
  };
  let stopping = false;
  const boss = new PgBoss({
    db,
    // Completed jobs (mails hold links with tokens) are archived after an hour and deleted a day later.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 1,
  });
  boss.on('error', (e: Error) => opts.log('job queue error', { error: e.message }));
  await boss.start();
  const names = Object.keys(CONCURRENCY) as JobName[];
  for (const name of names) {
    const dead = deadLetterQueue(name);
    if (!(await boss.getQueue(dead))) await boss.createQueue(dead, { name: dead, retentionMinutes: RETENTION_MINUTES });
    // Queues made before dead letters get them too (updateQueue keeps what it is not given).
    const policy = { name, ...QUEUE_POLICY, ...opts.retry, deadLetter: dead, retentionMinutes: RETENTION_MINUTES };
    if (BATCH_SIZE[name]) policy.retryDelay = Math.max(policy.retryDelay, BATCH_RETRY_MIN_SECONDS);
    if (await boss.getQueue(name)) await boss.updateQueue(name, policy);
    else await boss.createQueue(name, policy);
  }
  for (const [name, cron] of Object.entries(SCHEDULES)) await boss.schedule(name, cron, {}, { tz: 'UTC' });

  const workerIds = new Map<JobName, string[]>();
  const failed = new Map<JobName, number>(names.map((name) => [name, 0]));
  let running = 0;
  let stopListening = async () => {};
  const wakeTimers = new Map<JobName, NodeJS.Timeout>();
  if (opts.handlers) {
    const handlers = opts.handlers;
    for (const name of names) {
      const ids: string[] = [];
      const size = BATCH_SIZE[name] ?? 1;
      for (let i = 0; i < CONCURRENCY[name]; i++) {
        let id = '';
        ids.push(
          (id = await boss.work<JobData[typeof name]>(
            name,
            { pollingIntervalSeconds: POLL_SECONDS, batchSize: size, includeMetadata: true },
            async (batch) => {
              // Fetched by a fetch begun before the stop: failed now, retried after the next start.
              if (stopping) throw new Error('the job queue stopped');
              running += batch.length;
              try {
                const results = await Promise.allSettled(
                  batch.map((job) => (handlers[name] as (data: unknown) => Promise<void>)(job.data)),
                );
                const failures = results.flatMap((r, i) =>
                  r.status === 'rejected' ? [{ job: batch[i], reason: r.reason as Error }] : [],
                );
                for (const { job, reason } of failures) {
                  failed.set(name, (failed.get(name) ?? 0) + 1);
                  const error = reason.message;
                  // The last try: pg-boss moves the job to its dead-letter queue, an operator's work now.
                  if (job.retryCount >= job.retryLimit)
                    opts.log(
                      'job failed its last try: dead letter',
                      { name, id: job.id, data: job.data, error, deadLetter: deadLetterQueue(name) },
                      'error',
                    );
                  else opts.log('job failed', { name, id: job.id, error });
                }
                // pg-boss completes a batch's jobs still active after this callback without awaiting that statement,
                // while the worker fetches again: a job failed here and due again at once could be fetched, active,
                // and completed by it, its next try's failure then lost. A lone job's failure is thrown, for pg-boss
                // to fail it instead of completing it; in a batch, each failed job fails alone (retried under its
                // queue's policy) and its retry waits at least BATCH_RETRY_MIN_SECONDS, long after that completion.
                if (batch.length === 1 && failures.length) throw failures[0].reason;
                await Promise.all(failures.map(({ job, reason }) => boss.fail(name, job.id, reason)));
              } finally {
                running -= batch.length;
                // A full batch may have left jobs behind (one wake-up stands for every commit meanwhile): fetch again at once.
                if (batch.length === size) boss.notifyWorker(id);
              }
            },
          )),
        );
      }
      workerIds.set(name, ids);
    }
    // A commit's wake-up wakes one worker of its queue, the next in turn, after WAKE_DELAY_MS: the wake-ups of the
    // commits meanwhile ride along, and that worker's one fetch takes all their jobs (up to its batch). A worker still
    // busy fetches again as soon as it is done; the others poll.
    const woken = new Map<JobName, number>();
    stopListening = await opts.listen(
      WAKE_CHANNEL,
      (payload) => {
        const name = payload as JobName;
        const ids = workerIds.get(name);
        if (!ids || wakeTimers.has(name)) return;
        wakeTimers.set(
          name,
          setTimeout(() => {
            wakeTimers.delete(name);
            const turn = ((woken.get(name) ?? -1) + 1) % ids.length;
            woken.set(name, turn);
            boss.notifyWorker(ids[turn]);
          }, WAKE_DELAY_MS),
        );
      },
      () => {
        for (const ids of workerIds.values()) for (const id of ids) boss.notifyWorker(id);
      },
    );
  }

  const enqueueAll = async (tx: Db, jobs: JobRequest[]) => {
    if (!jobs.length) return;
    // pg-boss's own statement for many jobs (queue policies applied as for one), run by pg-boss on the transaction.
    await boss.insert(
      jobs.map((j) => (j.singletonKey ? { ...j, singletonSeconds: SINGLETON_SECONDS } : j)),
      { db: executorOn(tx) },
    );
    // pg-boss only polls: the wake-up of each queue's workers, delivered at the commit (never for a rollback).
    const wakes = [...new Set(jobs.map((j) => j.name))].map((name) => sql`pg_notify(${WAKE_CHANNEL}, ${name})`);
    await tx.execute(sql`select ${sql.join(wakes, sql`, `)}`);
  };

  return {
    working: opts.handlers !== null,
    async check() {
      await opts.client.executeSql('select 1 from pgboss.queue limit 1', []);
    },
    async stats() {
      // States below 'completed' (pg-boss's enum order): created, retry, active.
      const { rows } = await opts.client.executeSql(
        `select name, count(*)::int as n from pgboss.job where state < 'completed' group by name`,
        [],
      );
      const stats: QueueStats = { depth: {}, dead: {}, failures: Object.fromEntries(failed) };
      for (const name of names) stats.depth[name] = stats.dead[name] = 0;
      for (const { name, n } of rows as { name: string; n: number }[]) {
        const live = names.find((q) => q === name);
        const dead = names.find((q) => deadLetterQueue(q) === name);
        if (live) stats.depth[live] = n;
        else if (dead) stats.dead[dead] = n;
      }
      return stats;
    },
    enqueue: (tx, name, data, o) => enqueueAll(tx, [{ name, data, ...o } as JobRequest]),
    enqueueAll,
    async idle() {
      for (;;) {
        const { rows } = await opts.client.executeSql(
          `select count(*)::int as n from pgboss.job where name <> all($1) and (state in ('created', 'active') or (state = 'retry' and start_after <= now()))`,
          [[...Object.keys(SCHEDULES), ...names.map(deadLetterQueue)]],
        );
        if ((rows[0] as { n: number }).n === 0 && running === 0) return;
        for (const ids of workerIds.values()) for (const id of ids) boss.notifyWorker(id);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async stop() {
      stopping = true;
      await stopListening();
      for (const timer of wakeTimers.values()) clearTimeout(timer);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
      // Then its statements still in flight (see `statements`): quiet for STOP_QUIET_MS, or 10 s at most.
      for (let quiet = 0, end = Date.now() + 10_000; quiet < STOP_QUIET_MS && Date.now() < end;) {
        await new Promise((r) => setTimeout(r, 10));
        quiet = statements === 0 && running === 0 ? quiet + 10 : 0;
      }
    },
  };
}
