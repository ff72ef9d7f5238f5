// `npm run bench`: the size report of dist/ (informative here: it never fails the bench) and the Dexie-vs-network
// benchmark. Builds nothing: run `npm run build` first for the size report. Not part of `npm test`.
// Options (environment): BENCH_MESSAGES (default 10000), BENCH_SAMPLES (default 30), BENCH_WARMUP (default 5); the
// server benchmark's in tests/perf/server-bench.ts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { benchDexieVsNetwork, formatDexieVsNetwork } from './dexie-vs-network.ts';
import { formatReport, loadDist } from './sizes.ts';
import { benchServer, formatServerBench } from './server-bench.ts';

const num = (v: string | undefined, d: number) => (v && Number.isFinite(Number(v)) && Number(v) > 0 ? Math.floor(Number(v)) : d);

async function main(): Promise<void> {
  const distDir = path.resolve('dist');
  console.log('== 1. Bundle sizes (npm run size checks the same and fails npm test when over)\n');
  if (!existsSync(path.join(distDir, 'index.html'))) {
    console.log('dist/index.html not found: run `npm run build` first for the size report. Skipped.\n');
  } else {
    try {
      console.log(formatReport(loadDist(distDir), { distLabel: 'dist/' }));
    } catch (e) {
      console.log(`size report failed: ${(e as Error).message}`);
    }
    console.log('');
  }

  const messages = num(process.env.BENCH_MESSAGES, 10_000);
  const samples = num(process.env.BENCH_SAMPLES, 30);
  const warmup = num(process.env.BENCH_WARMUP, 5);
  console.log(
    `== 2. Dexie vs network (${messages.toLocaleString('en')} messages, ${warmup} warm-up run${warmup === 1 ? '' : 's'} and ${samples} samples per path, alternating)\n`,
  );
  const t = Date.now();
  const result = await benchDexieVsNetwork({ messages, samples, warmup, log: (l) => console.log(l) });
  console.log('');
  console.log(formatDexieVsNetwork(result));
  console.log(`\n(benchmark took ${((Date.now() - t) / 1000).toFixed(1)} s, node ${process.version})`);

  console.log('\n== 3. Server throughput (autocannon on loopback; % of a bare node:http route in the same run)\n');
  const started = Date.now();
  const { TEST_DATABASE_URL, ...withoutPg } = process.env;
  const databases = process.env.BENCH_SERVER_DATABASES ?? 'PGlite,PostgreSQL';
  const results = [];
  if (databases.includes('PGlite')) results.push(await benchServer('PGlite', withoutPg, (l) => console.log(l)));
  if (TEST_DATABASE_URL && databases.includes('PostgreSQL'))
    results.push(await benchServer('PostgreSQL', process.env, (l) => console.log(l)));
  else if (!TEST_DATABASE_URL) console.log('(PostgreSQL: set TEST_DATABASE_URL to a maintenance database URL to measure it too)');
  console.log('');
  console.log(formatServerBench(results));
  console.log(`\n(server benchmark took ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
