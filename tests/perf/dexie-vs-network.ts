// Benchmark: the first page (50 messages) of a 10,000-message conversation from Dexie versus from the network,
// in one Node process. Network: the real server (tests/api/harness.ts, in-memory PGlite) over loopback HTTP,
// parsed with the contract's zod schema as the app does. Dexie: the app's AppDB on fake-indexeddb (in memory).
import { performance } from 'node:perf_hooks';
import Dexie from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { asc, count, eq, sql } from 'drizzle-orm';
import { MessagesResponse, SendMessageResponse } from '../../contract/index.ts';
import { messages } from '../../server/db/schema.ts';
import { toMessage } from '../../server/domain/messaging/presenters.ts';
import { AppDB } from '../../src/data/db.ts';
import { fromServer, messagePage } from '../../src/data/messages-repo.ts';
import { PAGE_SIZE } from '../../src/data/page-size.ts';
import { activeMember, newId, startServer } from '../api/harness.ts';
import { ms, summarize, type Summary } from './stats.ts';

export interface DexieVsNetworkOptions {
  /** Messages in the conversation (default 10,000). */
  messages?: number;
  /** Timed samples per path (default 30), taken alternately. */
  samples?: number;
  /** Untimed runs per path first (default 5). */
  warmup?: number;
  /** Progress lines (default console.log). */
  log?: (line: string) => void;
}

export interface DexieVsNetworkResult {
  messages: number;
  pageSize: number;
  network: Summary;
  dexie: Summary;
  /** network median / Dexie median. */
  ratio: number;
  setup: { insertMs: number; loadRowsMs: number; bulkPutMs: number; heapDeltaBytes: number | null };
}

const BATCH = 2_500;

/** Runs the benchmark and answers the figures; prints progress through `log`. */
export async function benchDexieVsNetwork(opts: DexieVsNetworkOptions = {}): Promise<DexieVsNetworkResult> {
  const total = opts.messages ?? 10_000;
  const samples = opts.samples ?? 30;
  const warmup = opts.warmup ?? 5;
  const log = opts.log ?? ((line: string) => console.log(line));
  const gc = (globalThis as { gc?: () => void }).gc;

  // No demo members: only the two of the conversation.
  const server = await startServer(0);
  const dbName = `perf-${process.pid}-${Date.now()}`;
  let db: AppDB | null = null;
  try {
    const a = await activeMember(server);
    const b = await activeMember(server, { gender: 'female' });

    // The first message through the API creates the conversation (and its members) the way the app does.
    const first = await a.client.post('/api/message.php', { id: newId(), profile: b.id, text: 'Hi! Shall we talk?' });
    if (first.status !== 200) throw new Error(`send failed: ${first.status} ${JSON.stringify(first.body)}`);
    const conversationId = SendMessageResponse.parse(first.body).message.conversation_id;

    // The rest straight into the table, in batches: ids are random UUIDs, seq comes from the bigserial, both
    // members write in turn, created_at grows with seq, texts of 10 to 90 characters, the older half read.
    const t0 = performance.now();
    for (let from = 2; from <= total; from += BATCH) {
      const to = Math.min(total, from + BATCH - 1);
      await server.db.execute(sql`
        insert into messages (id, conversation_id, sender_id, text, cost, created_at, read_at)
        select gen_random_uuid(), ${conversationId}, case when g % 2 = 0 then ${b.id}::int else ${a.id}::int end,
               'Message ' || g || ': ' || repeat('lorem ipsum ', (g % 8)), 10,
               now() + make_interval(secs => g), case when g < ${Math.floor(total / 2)} then now() + make_interval(secs => g + 1) end
        from generate_series(${from}::int, ${to}::int) as g`);
    }
    const insertMs = performance.now() - t0;
    const [{ n }] = await server.db.select({ n: count() }).from(messages).where(eq(messages.conversationId, conversationId));
    if (n !== total) throw new Error(`expected ${total} messages in the conversation, found ${n}`);
    log(
      `  conversation ${conversationId}: ${n.toLocaleString('en')} messages (1 via POST /api/message.php, the rest by SQL in ${insertMs.toFixed(0)} ms)`,
    );

    // Network path: what the chat screen does on open (conversation-store.ts): GET /api/messages.php?profile=<peer>
    // (limit defaults to 50), JSON body parsed with the contract's MessagesResponse.
    const pageUrl = `${server.url}/api/messages.php?profile=${b.id}`;
    const headers = { cookie: a.client.cookie, accept: 'application/json', 'x-client': 'pwa' };
    const fromNetwork = async () => {
      const res = await fetch(pageUrl, { headers, cache: 'no-store' });
      if (!res.ok) throw new Error(`GET messages.php: ${res.status}`);
      return MessagesResponse.parse(await res.json());
    };

    // Dexie path: the app's database on fake-indexeddb, holding every message of the conversation.
    Dexie.dependencies.indexedDB = indexedDB;
    Dexie.dependencies.IDBKeyRange = IDBKeyRange;
    gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const t1 = performance.now();
    let rows: ReturnType<typeof fromServer>[] | null = (
      await server.db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.seq))
    ).map((m) => fromServer(toMessage(m, { id: 0, paidUser: true }, '/media')));
    const loadRowsMs = performance.now() - t1;
    db = new AppDB(dbName);
    await db.open();
    const t2 = performance.now();
    await db.messages.bulkPut(rows);
    const bulkPutMs = performance.now() - t2;
    rows = null;
    gc?.();
    const heapDeltaBytes = gc ? process.memoryUsage().heapUsed - heapBefore : null;
    const stored = await db.messages.count();
    if (stored !== total) throw new Error(`expected ${total} rows in Dexie, found ${stored}`);
    log(
      `  Dexie (fake-indexeddb): bulkPut of ${stored.toLocaleString('en')} MessageRows in ${bulkPutMs.toFixed(0)} ms (rows read from the database in ${loadRowsMs.toFixed(0)} ms)`,
    );
    const dexieDb = db;
    const fromDexie = () => messagePage(dexieDb, conversationId, PAGE_SIZE);

    // Both paths must show the same page.
    const [net, local] = [await fromNetwork(), await fromDexie()];
    const expected = Math.min(total, PAGE_SIZE);
    const same =
      net.messages.length === expected && local.length === expected && net.messages.every((m, i) => m.id === local[i].id);
    if (!same)
      throw new Error(
        `the pages differ: network ${net.messages.length} rows (${net.messages[0]?.seq}..), Dexie ${local.length} rows (${local[0]?.seq}..)`,
      );
    log(`  both paths answer the same ${expected} messages (seq ${local[0].seq}..${local[expected - 1].seq}), oldest first`);

    for (let i = 0; i < warmup; i++) {
      await fromNetwork();
      await fromDexie();
    }
    const timeIt = async (f: () => Promise<unknown>) => {
      const t = performance.now();
      await f();
      return performance.now() - t;
    };
    const netMs: number[] = [];
    const dexieMs: number[] = [];
    for (let i = 0; i < samples; i++) {
      // Alternate which path goes first, so neither always runs right after the other's garbage.
      if (i % 2 === 0) {
        netMs.push(await timeIt(fromNetwork));
        dexieMs.push(await timeIt(fromDexie));
      } else {
        dexieMs.push(await timeIt(fromDexie));
        netMs.push(await timeIt(fromNetwork));
      }
    }
    const network = summarize(netMs);
    const dexie = summarize(dexieMs);
    return {
      messages: total,
      pageSize: PAGE_SIZE,
      network,
      dexie,
      ratio: network.median / dexie.median,
      setup: { insertMs, loadRowsMs, bulkPutMs, heapDeltaBytes },
    };
  } finally {
    db?.close();
    await Dexie.delete(dbName).catch(() => {});
    await server.close();
  }
}

/** The printed result. */
export function formatDexieVsNetwork(r: DexieVsNetworkResult): string {
  const line = (label: string, s: Summary) =>
    `  ${label.padEnd(44)} median ${ms(s.median).padStart(9)}   min ${ms(s.min).padStart(9)}   p90 ${ms(s.p90).padStart(9)}   (n=${s.n})`;
  const heap =
    r.setup.heapDeltaBytes === null
      ? 'not measured (run node with --expose-gc)'
      : `${(r.setup.heapDeltaBytes / 1024 / 1024).toFixed(1)} MB heapUsed after gc`;
  return [
    `First page (${r.pageSize} messages) of a ${r.messages.toLocaleString('en')}-message conversation`,
    line('network: GET /api/messages.php + zod parse', r.network),
    line('Dexie: messagePage() on [conversationId+seq]', r.dexie),
    `  ratio network / Dexie (medians): ${r.ratio.toFixed(1)}x`,
    `  holding ${r.messages.toLocaleString('en')} rows in Dexie: ${heap} (fake-indexeddb's in-memory copy; approximate)`,
    '',
    '  Caveats: fake-indexeddb is an in-memory IndexedDB written in JavaScript, so the Dexie figure is a lower bound',
    "  for a phone (real IndexedDB reads from disk through the browser's storage process). The network is loopback",
    '  to a server in the same process on an in-memory PGlite, so the network figure is a lower bound too: a phone',
    '  adds radio latency (tens to hundreds of ms per round trip) that no loopback run shows.',
  ].join('\n');
}
