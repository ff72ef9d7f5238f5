// A server process for the server benchmark (tests/perf/server-bench.ts): `bare` is a node:http route answering a
// small JSON (the 100% line), `app` the real app on a fresh database (in-memory PGlite, or a new database on
// TEST_DATABASE_URL) with 300 demo members and the demo accounts, the sender's credits raised so sends never run
// out. Prints `{"url": ..., "hmacKey": ...}` on stdout once listening; answers an IPC message with the number of
// statements sent to PostgreSQL so far (0 on PGlite), or starts and stops a CPU profile.
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema.ts';
import { startServer } from '../api/harness.ts';

const mode = process.argv[2];
if (mode === 'bare') {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end('{"ok":true}');
  });
  server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
} else {
  // Statements sent to PostgreSQL, counted where node-postgres sends each one (the bench asks over IPC).
  let statements = 0;
  const { default: pg } = await import('pg');
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    statements++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  // `{ profile: 'start' }` starts a CPU profile, `{ profile: 'stop' }` answers it (tests/perf/profile-route.ts);
  // any other message asks for the statement count.
  const inspector = new Session();
  inspector.connect();
  process.on('message', (m: { profile?: 'start' | 'stop' }) => {
    if (m?.profile === 'start') void inspector.post('Profiler.enable').then(() => inspector.post('Profiler.start')).then(() => process.send?.({ started: true }));
    else if (m?.profile === 'stop') void inspector.post('Profiler.stop').then((r) => process.send?.({ profile: r.profile }));
    else process.send?.({ statements });
  });
  const server = await startServer(300);
  await server.db.update(users).set({ credits: 1_000_000_000 }).where(eq(users.email, 'sanne@demo.test'));
  // The test payment service's HMAC key: the bench signs its webhooks as the service does.
  console.log(JSON.stringify({ url: server.url, hmacKey: server.payments.testKeys!.hmacKey }));
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
}
