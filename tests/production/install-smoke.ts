// `npm run test:production`: the production install as docs/deploy.md ("Production mode") describes it. The runtime
// files and the built dist/ go into a fresh folder, `npm ci --omit=dev` installs the `dependencies` alone there, and
// `npm run serve` starts it on a temp DATA_DIR (PGlite, or a fresh database on TEST_DATABASE_URL). Then: the settings
// call answers, a page comes server-rendered, two seeded members log in, one sends, the other's live stream (SSE)
// hears of it and the message is there. A runtime import left in devDependencies fails here: the server does not
// start, or (react, react-dom for the server render) the page comes without its render. Run after `npm run build`.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { v7 } from 'uuid';
import { SSR_BOOT_ID } from '../../src/app/ssr-boot.ts';

/**
 * What a production install holds besides node_modules (docs/deploy.md): the package files, the server's sources
 * (run through tsx), what they import of contract/ and src/ (the route table of src/app/server-entry.ts), the texts of
 * mails and pushes (locales/) and the build. Tests beside the sources are left out.
 */
export const RUNTIME_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'server',
  'contract',
  'src',
  'locales',
  'dist',
];

/** How long the installed server may take to answer its first call, in ms. */
const START_TIMEOUT_MS = 120_000;
/** How long the live stream may take to deliver the send, in ms. */
const DELIVERY_TIMEOUT_MS = 10_000;

const root = path.resolve(import.meta.dirname, '..', '..');
const began = Date.now();

/** Prints a step with the seconds since the start (which step is slow when the whole is). */
const say = (text: string) => console.log(`smoke [${Math.round((Date.now() - began) / 1000)} s]: ${text}`);

/** Runs `command` in `cwd` with its output shown; rejects on a non-zero exit. */
function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`))));
  });
}

/** A TCP port free on 127.0.0.1 right now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** A fresh database on TEST_DATABASE_URL's server and its dropper; null without that variable (then PGlite). */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return null;
  const { default: pg } = await import('pg');
  const name = `production_smoke_${Date.now()}`;
  const sql = async (text: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await sql(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => sql(`drop database ${name} with (force)`) };
}

/** A member's session: calls with its cookie and the site's origin (the same-origin check of mutations). */
class Member {
  private cookie = '';
  constructor(private readonly base: string) {}

  async call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
    const res = await fetch(this.base + url, {
      method,
      headers: {
        origin: this.base,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (set) this.cookie = set.split(';')[0];
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** Opens the live stream; `next(name)` resolves with the data of the next event of that name. */
  async stream(signal: AbortSignal): Promise<{ next: (name: string) => Promise<string> }> {
    const res = await fetch(`${this.base}/api/events.php`, { headers: { cookie: this.cookie }, signal });
    if (res.status !== 200 || !res.body) throw new Error(`GET /api/events.php: ${res.status}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    return {
      next: async (name) => {
        for (;;) {
          const events = buffered.split('\n\n');
          buffered = events.pop() ?? '';
          const found = events.map((e) => e.split('\n')).find((lines) => lines.includes(`event: ${name}`));
          if (found) return found.find((l) => l.startsWith('data: '))?.slice(6) ?? '';
          const { value, done } = await reader.read();
          if (done) throw new Error(`live stream ended before an "${name}" event`);
          buffered = [...events, buffered].join('\n\n') + value;
        }
      },
    };
  }
}

/** Resolves when GET /api/settings.php answers 200; rejects when `exited` comes first or after START_TIMEOUT_MS. */
async function waitForServer(base: string, exited: Promise<number | null>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const until = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < until) {
    if (gone) throw new Error('the installed server exited before it answered');
    const ok = await fetch(`${base}/api/settings.php`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the installed server did not answer within ${START_TIMEOUT_MS / 1000} s`);
}

/** The checks against the running install at `base`. */
async function checkInstall(base: string): Promise<void> {
  const page = await fetch(`${base}/login`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes(`id="${SSR_BOOT_ID}"`))
    throw new Error(`GET /login: ${page.status}, ${html.includes(SSR_BOOT_ID) ? '' : 'not '}server-rendered`);
  say('settings answer, /login comes server-rendered');

  const sanne = new Member(base);
  const lucas = new Member(base);
  const login = { password: 'demo-password' };
  const sanneId = (await sanne.call<{ user: { id: number } }>('POST', '/api/user.php', { ...login, email: 'sanne@demo.test' }))
    .user.id;
  const lucasId = (await lucas.call<{ user: { id: number } }>('POST', '/api/user.php', { ...login, email: 'lucas@demo.test' }))
    .user.id;
  say('two members logged in');

  const abort = new AbortController();
  try {
    const live = await lucas.stream(abort.signal);
    const ready = JSON.parse(await live.next('ready')) as { cursor: number };
    const text = `production smoke ${Date.now()}`;
    await sanne.call('POST', '/api/message.php', { id: v7(), profile: lucasId, text });
    const changed = await Promise.race([
      live.next('changed'),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the live stream did not deliver the send')), DELIVERY_TIMEOUT_MS),
      ),
    ]);
    if ((JSON.parse(changed) as { cursor: number }).cursor <= ready.cursor) throw new Error(`stale live event: ${changed}`);
    const { messages } = await lucas.call<{ messages: { text: string | null }[] }>('GET', `/api/messages.php?profile=${sanneId}`);
    if (!messages.some((m) => m.text === text)) throw new Error("the sent message is not in the recipient's conversation");
    say('a send reached the other member through the live stream');
  } finally {
    abort.abort();
  }
}

async function main(): Promise<void> {
  if (!existsSync(path.join(root, 'dist', 'index.html')) || !existsSync(path.join(root, 'dist', '.ssr')))
    throw new Error('no build in dist/: run `npm run build` first');
  const dir = mkdtempSync(path.join(tmpdir(), 'production-smoke-'));
  const database = await freshDatabase();
  let server: ReturnType<typeof spawn> | null = null;
  try {
    const app = path.join(dir, 'app');
    for (const file of RUNTIME_FILES)
      cpSync(path.join(root, file), path.join(app, file), { recursive: true, filter: (src) => !/\.test\.tsx?$/.test(src) });
    const started = Date.now();
    // --prefer-offline: npm's cache (filled by the CI's own `npm ci`) serves what it holds; the registry the rest.
    await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], app);
    say(`npm ci --omit=dev took ${Math.round((Date.now() - started) / 1000)} s`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn('npm', ['run', 'serve'], {
      cwd: app,
      // Its own process group: the stop below reaches npm's child, the server, too.
      detached: true,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: path.join(dir, 'data'),
        SEED_MEMBERS: '5',
        LOG_LEVEL: 'warn',
        ...(database ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }),
      },
    });
    const child = server;
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const starting = Date.now();
    await waitForServer(base, exited);
    say(`serving on ${database ? 'PostgreSQL' : 'PGlite'}, ${Math.round((Date.now() - starting) / 1000)} s after the start`);
    await checkInstall(base);
  } finally {
    if (server?.pid && server.exitCode === null) {
      const child = server;
      const exited = new Promise((resolve) => child.on('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    }
    say('stopped');
    await database?.drop();
    // Deleting the installed node_modules took as long as the rest on a busy machine: it goes on after this exits.
    spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref();
  }
}

main().then(
  () => say('production install passed'),
  (error: unknown) => {
    console.error('smoke: production install FAILED:', error);
    process.exitCode = 1;
  },
);
