// The set-up of the proxy test (docs/deploy.md "Two instances behind nginx, tested"): a fresh PostgreSQL database on
// TEST_DATABASE_URL, the embedded S3 server, two server processes on them and nginx in front. A worker fixture, so a
// retry (which gets a new worker) starts on a fresh set-up, and everything is stopped and removed also on failure.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { freshPostgres } from '../api/harness.ts';
import { startS3 } from '../api/s3-server.ts';
import { startServerProcess, type ServerProcess } from '../server-process.ts';
import { startNginx } from './nginx.ts';
import { PROXY_PORT } from './port.ts';

/**
 * The running set-up: the PostgreSQL database both instances share, each instance (its direct `url`, its `address`
 * as nginx names it in $upstream_addr, and its process to kill), and nginx's prefix (its access log).
 */
export interface ProxySetup {
  databaseUrl: string;
  web: { url: string; address: string; process: ServerProcess }[];
  nginxPrefix: string;
}

/** Starts the set-up; answers it and the function that stops and removes all of it (also what a failed start left). */
async function startSetup(): Promise<{ setup: ProxySetup; stop: () => Promise<void> }> {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch((e: unknown) => console.error(e));
  };
  try {
    const dir = mkdtempSync(path.join(tmpdir(), 'proxy-test-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const pg = await freshPostgres();
    if (!pg) throw new Error('the proxy test needs PostgreSQL: set TEST_DATABASE_URL');
    cleanups.push(() => pg.drop());
    const s3 = await startS3();
    cleanups.push(() => s3.close());
    const env = (name: string) => ({
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, name),
      DATABASE_URL: pg.url,
      S3_URL: s3.url,
      DIST_DIR: process.env.E2E_DIST ?? 'dist',
      PUBLIC_URL: `http://127.0.0.1:${PROXY_PORT}`,
      TRUST_PROXY: 'loopback',
      LOCAL_COUNTRY: 'none',
      SEED_MEMBERS: '20',
    });
    const web: ServerProcess[] = [];
    cleanups.push(() => Promise.all(web.map(stopProcess)));
    // One after the other: the first migrates and seeds the database, the second finds it ready.
    for (const name of ['web-1', 'web-2']) web.push(await startServerProcess(env(name)));
    const nginxPrefix = path.join(dir, 'nginx');
    const nginx = await startNginx(nginxPrefix, PROXY_PORT, [`127.0.0.1:${web[0].port}`, `127.0.0.1:${web[1].port}`]);
    cleanups.push(() => nginx.stop());
    const setup: ProxySetup = {
      databaseUrl: pg.url,
      web: web.map((w) => ({ url: w.url, address: `127.0.0.1:${w.port}`, process: w })),
      nginxPrefix,
    };
    return { setup, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** SIGTERM, then SIGKILL after 10 s; nothing when the process is gone already (the test kills one). */
async function stopProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  server.child.kill('SIGTERM');
  await server.exited;
  clearTimeout(timer);
}

/** Playwright's `test` with `proxySetup`, the set-up above, started once per worker. */
export const test = base.extend<object, { proxySetup: ProxySetup }>({
  proxySetup: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const { setup, stop } = await startSetup();
      try {
        await use(setup);
      } finally {
        await stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});
