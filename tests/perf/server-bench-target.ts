// A server process for the server benchmark (tests/perf/server-bench.ts): `bare` is a node:http route answering a
// small JSON (the 100% line), `app` the real app on a fresh database (in-memory PGlite, or a new database on
// TEST_DATABASE_URL) with 300 demo members and the demo accounts, the sender's credits raised so sends never run
// out. Prints `{"url": ..., "hmacKey": ...}` on stdout once listening. Answers IPC messages: the number of statements
// sent to PostgreSQL so far (0 on PGlite); a CPU profile started or stopped; a member with many conversations
// (`grow`); pairs of senders and recipients (`pairs`); the job queue done (`idle`).
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../server/db/schema.ts';
import { startServer } from '../api/harness.ts';

const mode = process.argv[2];
if (mode === 'bare') {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end('{"ok":true}');
  });
  server.listen(0, '127.0.0.1', () =>
    console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })),
  );
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
  process.on('message', (m: { profile?: 'start' | 'stop'; grow?: number; pairs?: number; idle?: true }) => {
    if (m?.idle) void server.jobs.idle().then(() => process.send?.({ idle: true }));
    else if (m?.grow) void grow(m.grow).then((email) => process.send?.({ email }));
    else if (m?.pairs) void pairs(m.pairs).then((pairList) => process.send?.({ pairs: pairList }));
    else if (m?.profile === 'start')
      void inspector
        .post('Profiler.enable')
        .then(() => inspector.post('Profiler.start'))
        .then(() => process.send?.({ started: true }));
    else if (m?.profile === 'stop') void inspector.post('Profiler.stop').then((r) => process.send?.({ profile: r.profile }));
    else process.send?.({ statements });
  });
  const server = await startServer(300);
  await server.db.update(users).set({ credits: 1_000_000_000 }).where(eq(users.email, 'sanne@demo.test'));
  /**
   * A new member `grow<n>@bench.test` (Sanne's password and profile) with `n` conversations, each with a new member
   * (a copy of Sanne's profile) and one message from them: the chat list and the sync snapshot at that size.
   */
  const grow = async (n: number): Promise<string> => {
    const email = `grow${n}@bench.test`;
    await server.db.execute(sql`
      with viewer as (
        insert into users (site_id, email, password_hash, status, credits) select site_id, ${email}, password_hash, 'confirmed', 1000 from users where email = 'sanne@demo.test' returning id
      ), viewer_profile as (
        insert into profiles (user_id, name, gender, sexuality, date_of_birth, country, region, region_name, city, status)
        select viewer.id, name, gender, sexuality, date_of_birth, country, region, region_name, city, 'active' from profiles, viewer
        where user_id = (select id from users where email = 'sanne@demo.test')
      ), peers as (
        insert into users (site_id, email, status, fictional) select site_id, 'peer' || i || '.' || ${email}, 'confirmed', true
        from users, generate_series(1, ${n}) as i where email = 'sanne@demo.test' returning id
      ), peer_profiles as (
        insert into profiles (user_id, name, gender, sexuality, date_of_birth, country, region, region_name, city, status)
        select peers.id, 'Peer ' || peers.id, gender, sexuality, date_of_birth, country, region, region_name, city, 'active' from profiles, peers
        where user_id = (select id from users where email = 'lucas@demo.test')
      ), convs as (
        insert into conversations (user_low, user_high, started_by, last_message_at)
        select least(viewer.id, peers.id), greatest(viewer.id, peers.id), peers.id, now() from viewer, peers returning id, started_by
      ), members as (
        insert into conversation_members (conversation_id, user_id, unread) select convs.id, viewer.id, 1 from convs, viewer
        union all select id, started_by, 0 from convs
      )
      insert into messages (id, conversation_id, sender_id, text, cost) select gen_random_uuid(), id, started_by, 'Hello from a bench peer', 0 from convs`);
    await server.db.execute(sql`analyze`);
    return email;
  };
  /**
   * `n` pairs of new members, `pair<i>.sender@bench.test` (Sanne's password, profile and credits) and
   * `pair<i>.recipient@bench.test` (Lucas's profile): the many-member send. Answers each sender's e-mail and recipient's id.
   */
  const pairs = async (n: number): Promise<{ email: string; recipient: number }[]> => {
    await server.db.execute(sql`
      with sanne as (select * from users where email = 'sanne@demo.test'), lucas as (select * from users where email = 'lucas@demo.test'),
      pair_users as (
        insert into users (site_id, email, password_hash, status, credits, paid_user)
        select sanne.site_id, 'pair' || i || '.' || role || '@bench.test', sanne.password_hash, 'confirmed', sanne.credits, sanne.paid_user
        from sanne, generate_series(1, ${n}) as i, (values ('sender'), ('recipient')) as r(role) returning id, email
      )
      insert into profiles (user_id, name, gender, sexuality, date_of_birth, country, region, region_name, city, grid_lat, grid_lon, status)
      select pair_users.id, 'Pair ' || pair_users.id, p.gender, p.sexuality, p.date_of_birth, p.country, p.region, p.region_name, p.city, p.grid_lat, p.grid_lon, 'active'
      from pair_users join users model on model.email = case when pair_users.email like '%.sender@%' then 'sanne@demo.test' else 'lucas@demo.test' end
      join profiles p on p.user_id = model.id`);
    await server.db.execute(sql`analyze`);
    const ids = new Map(
      (
        await server.db.execute<{ email: string; id: number }>(
          sql`select email, id from users where email like 'pair%@bench.test'`,
        )
      ).rows.map((r) => [r.email, r.id]),
    );
    return Array.from({ length: n }, (_, i) => ({
      email: `pair${i + 1}.sender@bench.test`,
      recipient: ids.get(`pair${i + 1}.recipient@bench.test`)!,
    }));
  };
  // The test payment service's HMAC key: the bench signs its webhooks as the service does.
  console.log(JSON.stringify({ url: server.url, hmacKey: server.payments.testKeys!.hmacKey }));
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
}
