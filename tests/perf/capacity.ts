// The capacity figure of one server instance (docs/perf.md "Capacity"): simulated online members, each holding a live
// stream, syncing when it hears of a change, writing to a partner every few seconds and searching now and then. Run by
// `npm run capacity -- --members 1000` (not by `npm test`); needs TEST_DATABASE_URL (a PostgreSQL to make a database on).
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { startServerProcess, type ServerProcess } from '../server-process.ts';
import { freshPostgres } from '../api/harness.ts';
import { percentile } from './stats.ts';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '60' },
    'send-every': { type: 'string', default: '20' },
    'search-every': { type: 'string', default: '120' },
    'ramp-seconds': { type: 'string', default: '20' },
  },
});
const MEMBERS = Number(args.members) - (Number(args.members) % 2);
const SECONDS = Number(args.seconds);
const SEND_EVERY_MS = Number(args['send-every']) * 1000;
const SEARCH_EVERY_MS = Number(args['search-every']) * 1000;
const RAMP_MS = Number(args['ramp-seconds']) * 1000;
/** After the last send, how long a message may take to arrive before it counts as lost. */
const SETTLE_MS = 10_000;

/** One simulated member: its id, partner, session cookie and sync cursor. */
interface SimMember {
  id: number;
  partner: number;
  cookie: string;
  cursor: number;
  syncing: boolean;
  again: boolean;
  stream?: http.ClientRequest;
}

const latencies: Record<string, number[]> = { sync: [], send: [], search: [], stream: [] };
const errors: Record<string, number> = {};
const sentAt = new Map<string, number>();
const received = new Map<string, number>();
const delivery: number[] = [];
let agent: http.Agent;
let base: { port: number; host: string };

/** One API call over the keep-alive agent: status and parsed JSON body (null when none). */
function call(m: SimMember, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port: base.port,
        method,
        path,
        headers: { host: base.host, cookie: m.cookie, ...(data ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** Times one call into `latencies[kind]`; a non-2xx or a network error counts under `errors`. */
async function timed(kind: string, m: SimMember, method: string, path: string, body?: unknown) {
  const t0 = performance.now();
  try {
    const r = await call(m, method, path, body);
    latencies[kind].push(performance.now() - t0);
    if (r.status >= 300 && r.status !== 304) errors[`${kind} ${r.status}`] = (errors[`${kind} ${r.status}`] ?? 0) + 1;
    return r;
  } catch (e) {
    errors[`${kind} ${(e as Error).message}`] = (errors[`${kind} ${(e as Error).message}`] ?? 0) + 1;
    return null;
  }
}

/** The delta call, repeated while the stream said more changed meanwhile; records each partner message's arrival. */
async function sync(m: SimMember): Promise<void> {
  if (m.syncing) {
    m.again = true;
    return;
  }
  m.syncing = true;
  do {
    m.again = false;
    const r = await timed('sync', m, 'GET', `/api/sync.php?since=${m.cursor}`);
    const body = r?.json as { cursor: number; messages: { id: string; sender_id: number }[] } | null;
    if (body && r!.status === 200) {
      m.cursor = body.cursor;
      for (const msg of body.messages) {
        const at = sentAt.get(msg.id);
        if (at === undefined || msg.sender_id === m.id) continue;
        received.set(msg.id, (received.get(msg.id) ?? 0) + 1);
        if (received.get(msg.id) === 1) delivery.push(performance.now() - at);
      }
    }
  } while (m.again);
  m.syncing = false;
}

/** Opens the member's live stream; every `changed` event starts a sync. */
function openStream(m: SimMember): Promise<void> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = http.get(
      {
        agent: false,
        host: '127.0.0.1',
        port: base.port,
        path: '/api/events.php',
        headers: { host: base.host, cookie: m.cookie },
      },
      (res) => {
        latencies.stream.push(performance.now() - t0);
        if (res.statusCode !== 200) errors[`stream ${res.statusCode}`] = (errors[`stream ${res.statusCode}`] ?? 0) + 1;
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (/^event: (changed|ready)$/m.test(frame)) void sync(m);
          }
        });
        res.on('end', () => (errors['stream ended'] = (errors['stream ended'] ?? 0) + 1));
        resolve();
      },
    );
    req.on('error', (e) => {
      errors[`stream ${e.message}`] = (errors[`stream ${e.message}`] ?? 0) + 1;
      resolve();
    });
    m.stream = req;
  });
}

/** Resident memory of a process in MB, read from /proc. */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Makes `count` confirmed members with profiles, credits and a session each, straight in the database. */
async function makeMembers(databaseUrl: string, count: number): Promise<SimMember[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const site = (await client.query('select id from sites order by id limit 1')).rows[0].id as number;
    const tag = randomBytes(4).toString('hex');
    const members: SimMember[] = [];
    for (let i = 0; i < count; i += 500) {
      const n = Math.min(500, count - i);
      const ids = (
        await client.query(
          `insert into users (site_id, email, status, credits, language, last_seen_at)
           select $1, 'load-' || $2 || '-' || g || '@load.test', 'confirmed', 1000000, 'en', now()
           from generate_series($3::int, $4::int) g returning id`,
          [site, tag, i, i + n - 1],
        )
      ).rows.map((r) => r.id as number);
      await client.query(
        `insert into profiles (user_id, name, gender, sexuality, date_of_birth, country, status)
         select id, 'Load ' || id, case when id % 2 = 0 then 'female' else 'male' end, 'hetero', '1990-01-01', 'NL', 'active'
         from unnest($1::int[]) id`,
        [ids],
      );
      const tokens = ids.map(() => randomBytes(32).toString('base64url'));
      await client.query(
        `insert into sessions (token_hash, user_id, expires_at)
         select h, id, now() + interval '1 day' from unnest($1::text[], $2::int[]) as t(h, id)`,
        [tokens.map((t) => createHash('sha256').update(t).digest('hex')), ids],
      );
      ids.forEach((id, k) =>
        members.push({ id, partner: 0, cookie: `sid=${tokens[k]}`, cursor: 0, syncing: false, again: false }),
      );
    }
    for (let k = 0; k < members.length; k += 2) {
      members[k].partner = members[k + 1].id;
      members[k + 1].partner = members[k].id;
    }
    return members;
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** "p50 / p95 / p99" of samples in ms, with their count. */
function fmt(xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  const p = (q: number) => percentile(s, q).toFixed(0);
  return s.length ? `p50 ${p(50)} / p95 ${p(95)} / p99 ${p(99)} ms (n=${s.length})` : 'none';
}

async function main() {
  const database = await freshPostgres();
  if (!database) throw new Error('capacity: set TEST_DATABASE_URL (a PostgreSQL maintenance database URL)');
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({
      DATABASE_URL: database.url,
      DATA_DIR: `.tmp/capacity-${process.pid}`,
      MAX_CONNECTIONS_PER_PEER: '0',
    });
    base = { port: server.port, host: `localhost:${server.port}` };
    agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
    await sleep(3000);
    const idle = rssMb(server.child.pid!);
    const members = await makeMembers(database.url, MEMBERS);
    console.log(`server idle after seeding: ${idle.toFixed(0)} MB; ${members.length} simulated members`);

    // Ramp up: streams open spread over RAMP_MS, as members come online.
    for (let k = 0; k < members.length; k++) {
      void openStream(members[k]);
      if (k % 50 === 49) await sleep(RAMP_MS / (members.length / 50));
    }
    await sleep(3000);
    const withStreams = rssMb(server.child.pid!);
    console.log(
      `server with ${members.length} open streams: ${withStreams.toFixed(0)} MB (${(((withStreams - idle) * 1024) / members.length).toFixed(1)} KB a stream)`,
    );

    const stopAt = performance.now() + SECONDS * 1000;
    let sends = 0;
    const loops = members.map(async (m, k) => {
      await sleep((k / members.length) * SEND_EVERY_MS);
      let nextSearch = performance.now() + Math.random() * SEARCH_EVERY_MS;
      while (performance.now() < stopAt) {
        const id = uuidv7();
        sentAt.set(id, performance.now());
        const r = await timed('send', m, 'POST', '/api/message.php', { id, profile: m.partner, text: `load ${id}` });
        if (r?.status === 200) sends++;
        else sentAt.delete(id);
        if (performance.now() > nextSearch) {
          await timed('search', m, 'GET', '/api/members.php?gender=female&country=NL&page=1');
          nextSearch += SEARCH_EVERY_MS;
        }
        await sleep(SEND_EVERY_MS * (0.8 + Math.random() * 0.4));
      }
    });
    let peak = withStreams;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server!.child.pid!))), 1000);
    await Promise.all(loops);
    await sleep(SETTLE_MS);
    clearInterval(sampler);

    const lost = [...sentAt.keys()].filter((id) => !received.has(id)).length;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const doubled = Number(
      (await client.query(`select count(*) - count(distinct text) as n from messages where text like 'load %'`)).rows[0].n,
    );
    await client.end();
    const api = [...latencies.sync, ...latencies.send, ...latencies.search];
    console.log(
      `\n${members.length} online members, ${SECONDS} s, a message every ~${SEND_EVERY_MS / 1000} s each (load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`,
    );
    console.log(`API all     ${fmt(api)}`);
    for (const kind of ['send', 'sync', 'search', 'stream']) console.log(`API ${kind.padEnd(7)} ${fmt(latencies[kind])}`);
    console.log(`delivery    ${fmt(delivery)}`);
    console.log(`messages    sent ${sends}, lost ${lost}, doubled ${doubled}`);
    console.log(`errors      ${JSON.stringify(errors)}`);
    console.log(`server RSS  idle ${idle.toFixed(0)} MB, streams open ${withStreams.toFixed(0)} MB, peak ${peak.toFixed(0)} MB`);
    for (const m of members) m.stream?.destroy();
  } finally {
    server?.child.kill('SIGKILL');
    await server?.exited;
    agent?.destroy();
    await database.drop();
  }
}

await main();
