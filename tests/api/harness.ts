// Starts the real server (Fastify + in-memory PGlite + seeded demo data) on a loopback port for API tests.
import type { AddressInfo } from 'node:net';
import { v7 } from 'uuid';
import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Db, type Listen, type SqlClient } from '../../server/db/connect.ts';
import { createImageService, type ImageService } from '../../server/services/images.ts';
import { openMediaStore } from '../../server/services/media-store.ts';
import { createMailService } from '../../server/services/mail.ts';
import { createSmsService } from '../../server/services/sms.ts';
import { createPushService, loadVapidKeys, type PushService } from '../../server/services/push.ts';
import { createLiveHub, type LiveHub } from '../../server/services/live.ts';
import { seedSites } from '../../server/seed/site.ts';
import { seedDemoMembers } from '../../server/seed/members.ts';
import { allSites, type Sites } from '../../server/domain/content/sites.ts';
import { startJobQueue, type JobQueue } from '../../server/services/jobs.ts';
import { jobHandlers } from '../../server/job-handlers.ts';
import { paymentProviderFor, type PaymentProvider } from '../../server/services/payment-provider.ts';

export interface TestServer {
  url: string;
  /** The server's database handle: a transaction through it tells the server's caches at commit, as the server's own do. */
  db: Db;
  app: FastifyInstance;
  /** The server's Web Push sender; http endpoints allowed so tests can run a local fake push service. */
  push: PushService;
  /** The server's live fan-out (the event streams' subscriptions). */
  live: LiveHub;
  /** The server's job queue: `idle()` waits for pushes and mails to be sent (JOB_WORKERS=off: nothing runs them). */
  jobs: JobQueue;
  /** The payment provider (the embedded test service) and its keys. */
  payments: { provider: PaymentProvider; testKeys: { apiKey: string; hmacKey: string } | null };
  /** The database's plain SQL client and LISTEN, for a second job queue on it. */
  client: SqlClient;
  listen: Listen;
  /** The server's image service (media files in memory). */
  images: ImageService;
  /** The sites as the server read them at its start: a setting changed there is what the server answers with. */
  sites: Sites;
  /** The PostgreSQL database's URL, null on PGlite. */
  databaseUrl: string | null;
  close(): Promise<void>;
}

/**
 * A fresh PostgreSQL database on the server of TEST_DATABASE_URL (a maintenance database URL), or null to use
 * in-memory PGlite. Returns its URL and a function that drops it.
 */
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return null;
  const { default: pg } = await import('pg');
  const name = `test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(sql).finally(() => c.end());
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database ${name} with (force)`) };
}

/**
 * Boots a server on 127.0.0.1 with a fresh database and `members` fictional demo members: in-memory PGlite,
 * or a new PostgreSQL database when TEST_DATABASE_URL is set. `sameDatabaseAs`: a second server instance on
 * that (PostgreSQL) server's database, nothing seeded; close it before that server, which drops the database.
 * `env`: more configuration variables (server/config.ts), e.g. TRUST_PROXY, DEV_TOOLS, PUBLIC_URL, S3_URL (photos in that bucket). `database: 'PGlite'`:
 * in-memory PGlite even when TEST_DATABASE_URL is set (a suite that must run on both, e.g. the payments).
 */
export async function startServer(
  members = 60,
  opts: { sameDatabaseAs?: TestServer; env?: Record<string, string>; database?: 'PGlite' | 'PostgreSQL' } = {},
): Promise<TestServer> {
  const shared = opts.sameDatabaseAs;
  if (shared && !shared.databaseUrl) throw new Error('startServer: only PostgreSQL databases can be shared');
  const pgDb = shared || opts.database === 'PGlite' ? null : await freshPostgres();
  const databaseUrl = shared?.databaseUrl ?? pgDb?.url ?? null;
  const config = {
    ...loadConfig({
      PORT: '0',
      DATA_DIR: ':memory:',
      DIST_DIR: '/nonexistent',
      DATABASE_URL: databaseUrl ?? undefined,
      ...opts.env,
    }),
    host: '127.0.0.1',
  };
  const { db, client, close, listen, poolWaiting } = await openDatabase(config);
  if (!shared) {
    await seedSites(db);
    const [site] = await allSites(db);
    await seedDemoMembers(db, { siteId: site.id, members });
  }
  const mail = await createMailService({ db, smtpUrl: null, from: 'test <noreply@localhost>' });
  const live = await createLiveHub(listen);
  const sms = createSmsService(db);
  const push = createPushService({
    db,
    keys: await loadVapidKeys(db),
    subject: 'mailto:support@heartline.example',
    allowInsecureEndpoints: true,
  });
  const images = createImageService({ store: openMediaStore(config), db });
  const log = (message: string, detail: Record<string, unknown>) => console.warn(message, detail);
  const payments = await paymentProviderFor(config, db);
  const jobs = await startJobQueue({
    client,
    listen,
    handlers: config.jobWorkers ? jobHandlers({ db, config, mail, sms, images, push, payments }, log) : null,
    log,
  });
  const app = await buildApp({ db, config, mail, sms, images, push, live, jobs, payments, poolWaiting });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  if (!opts.env?.PUBLIC_URL) config.publicUrl = url;
  return {
    url,
    db: app.ctx.db,
    app,
    push,
    live,
    jobs,
    payments,
    client,
    listen,
    images,
    sites: app.ctx.sites,
    databaseUrl,
    close: async () => {
      await app.close();
      await live.close();
      await close();
      await pgDb?.drop();
    },
  };
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like client: keeps the session cookie, sends JSON with the site's Origin. */
export class Client {
  cookie = '';
  constructor(readonly base: string) {}

  async call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    const res = await fetch(this.base + path, {
      method,
      redirect: 'manual',
      headers: {
        origin: this.base,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        // A FormData body gets its multipart type (with the boundary) from fetch.
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' || body instanceof FormData ? body : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (set) this.cookie = set.split(';')[0];
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get = <T = any>(path: string) => this.call<T>('GET', path);
  post = <T = any>(path: string, body: unknown = {}) => this.call<T>('POST', path, body);
  put = <T = any>(path: string, body: unknown) => this.call<T>('PUT', path, body);
  del = <T = any>(path: string, body: unknown) => this.call<T>('DELETE', path, body);
  /** POST of a multipart form (uploads). */
  upload = <T = any>(path: string, form: FormData) => this.call<T>('POST', path, form);
}

/** Checks an answer against a contract schema and returns the parsed body. */
export function expectShape<S extends z.ZodType>(schema: S, a: Answer): z.infer<S> {
  return schema.parse(a.body);
}

let counter = 0;
/** Valid signup input with a unique e-mail address. */
export function signupInput(over: Record<string, unknown> = {}) {
  counter++;
  return {
    email: `member${counter}.${Date.now()}@example.org`,
    name: `Member${counter}`,
    password: 'correct horse battery',
    date_of_birth: '1990-05-17',
    gender: 'male',
    sexuality: 'hetero',
    country: 'NL',
    ...over,
  };
}

/** Signs a new member up and activates the account through the link in the dev mailbox. Returns the client and user id. */
export async function activeMember(
  server: TestServer,
  over: Record<string, unknown> = {},
): Promise<{ client: Client; id: number; email: string }> {
  const client = new Client(server.url);
  const input = signupInput(over);
  const res = await client.post('/api/signup.php', input);
  if (res.status !== 201) throw new Error(`signup failed: ${JSON.stringify(res.body)}`);
  await server.jobs.idle();
  const { mails } = (await client.get('/api/dev-mailbox.php')).body as { mails: { to: string; text: string }[] };
  const link = mails.find((m) => m.to === input.email)!.text.match(/https?:\/\/\S+/)![0];
  const act = await client.get(new URL(link).pathname + new URL(link).search);
  if (act.headers.get('location') !== '/activate/done') throw new Error('activation failed');
  return { client, id: res.body.user.id, email: input.email };
}

export const newId = () => v7();
