// Profiles the app under load on one call (docs/perf.md, server throughput): starts the bench target, logs the
// demo member in, starts a CPU profile in the target (node:inspector), runs autocannon on `path` (GET, or POST of a
// fresh message for `send`, from one member to one member; `sends`: from 20 members each to their own recipient, as the
// bench's many-member send), stops the profile, writes it to a .cpuprofile file and prints the self time per file
// and function.
// Usage: node --import tsx tests/perf/profile-route.ts </api/path | send | sends> [seconds=5]; PostgreSQL with TEST_DATABASE_URL.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { v7 } from 'uuid';
import { summarise } from './cpu-profile-summary.ts';
import { login, startTarget } from './server-bench.ts';

const [route = '/api/sync.php', secondsArg = '5'] = process.argv.slice(2);
const dir = mkdtempSync(path.join(tmpdir(), 'cpu-prof-'));
const app = await startTarget('app', process.env);
const ask = <T>(m: object) =>
  new Promise<T>((resolve) => {
    app.child.once('message', (a) => resolve(a as T));
    app.child.send(m);
  });
const sender = await login(app.url, 'sanne@demo.test');
const recipient = await login(app.url, 'lucas@demo.test');
const json = { 'content-type': 'application/json', origin: app.url, cookie: sender.cookie };
await fetch(`${app.url}/api/message.php`, {
  method: 'POST',
  headers: json,
  body: JSON.stringify({ id: v7(), profile: recipient.id, text: 'hello' }),
});
const headers: Record<string, string> = { cookie: sender.cookie };
if (route === '/api/sync.php')
  headers['if-none-match'] = (await fetch(`${app.url}/api/sync.php`, { headers })).headers.get('etag')!;
const send = route === 'send' || route === 'sends';
// `sends`: the many-member send's pairs, each with the conversation its first message started.
const pairs = route === 'sends' ? await ask<{ pairs: { email: string; recipient: number }[] }>({ pairs: 20 }) : { pairs: [] };
const senders = await Promise.all(
  pairs.pairs.map(async ({ email, recipient: to }) => {
    const { cookie } = await login(app.url, email);
    await fetch(`${app.url}/api/message.php`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ id: v7(), profile: to, text: 'hello' }),
    });
    return { cookie, to };
  }),
);
let next = 0;
/** The next send's body and, for `sends`, the next sender's session. */
const nextSend = () => {
  if (!senders.length) return { body: JSON.stringify({ id: v7(), profile: recipient.id, text: 'Benchmark message' }) };
  const { cookie, to } = senders[next++ % senders.length];
  return { body: JSON.stringify({ id: v7(), profile: to, text: 'Benchmark message' }), headers: { cookie } };
};
await ask({ profile: 'start' });
const result = await autocannon({
  url: app.url + (send ? '/api/message.php' : route),
  method: send ? 'POST' : 'GET',
  headers: send ? json : headers,
  connections: 10,
  duration: Number(secondsArg),
  requests: send
    ? [
        {
          setupRequest: (req) => {
            const { body, headers } = nextSend();
            return { ...req, body, headers: { ...req.headers, ...headers } };
          },
        },
      ]
    : undefined,
});
console.log(`${route}: ${Math.round(result.requests.average)} requests/s, status ${JSON.stringify(result.statusCodeStats)}`);
const { profile } = await ask<{ profile: Parameters<typeof summarise>[0] }>({ profile: 'stop' });
app.child.kill('SIGTERM');
const file = path.join(dir, 'route.cpuprofile');
writeFileSync(file, JSON.stringify(profile));
console.log(`profile: ${file}`);
const { total, functions, files } = summarise(profile);
for (const [title, m] of [
  ['per file', files],
  ['per function', functions],
] as const) {
  console.log(`\nself time ${title} (of ${total.toFixed(0)} ms)`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
}
