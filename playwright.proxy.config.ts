import { defineConfig } from '@playwright/test';
import { PROXY_PORT } from './tests/proxy/port.ts';

/**
 * The two-instances test (docs/deploy.md "Two instances behind nginx, tested"): its fixture starts a PostgreSQL
 * database, the S3 server, two server processes and nginx (tests/proxy/setup.ts); the browser talks to nginx.
 */
export default defineConfig({
  testDir: 'tests/proxy',
  timeout: 180_000,
  expect: { timeout: 10_000 },
  workers: 1,
  // As the main browser tests: one more try in CI, reported as flaky, never hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    baseURL: `http://127.0.0.1:${PROXY_PORT}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
    trace: 'retain-on-failure',
  },
});
