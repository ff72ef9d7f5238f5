import { defineConfig } from '@playwright/test';

/** Port of the server the browser tests start (built PWA + API on a fresh embedded database). */
const PORT = Number(process.env.E2E_PORT ?? 8181);
/** The mail webhook's secret (docs/notifications.md): the tests post bounces and complaints with it. */
process.env.MAIL_WEBHOOK_SECRET ??= 'e2e-mail-webhook';
/** The built PWA it serves (E2E_DIST, default dist): parallel local runs each build their own. */
const DIST = process.env.E2E_DIST ?? 'dist';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // Playwright's own advice for CI: one more try there, reported as "flaky" in the list, never hidden; a test that
  // fails twice fails the run. Locally a failure is a failure at once.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
    trace: 'retain-on-failure',
  },
  // The browser is on loopback, a trusted proxy here: a test places its visitor in a country with X-Forwarded-For (an
  // address the GeoIP database maps) or X-Country beside it (visitorFrom in support.ts); without them the visitor has
  // no country (LOCAL_COUNTRY=none), so no entry warning covers the pages of tests about something else.
  webServer: {
    // The data directory is per port, so two runs on different E2E_PORTs never wipe each other's database.
    // Back office staff are added before the server starts (tests/e2e/ops-staff-bootstrap.ts: the embedded database
    // is the server's alone once it runs).
    command: `rm -rf .tmp/e2e-data-${PORT} && DATA_DIR=.tmp/e2e-data-${PORT} PUBLIC_URL=http://localhost:${PORT} node --import tsx tests/e2e/ops-staff-bootstrap.ts && DATA_DIR=.tmp/e2e-data-${PORT} DIST_DIR=${DIST} PORT=${PORT} TRUST_PROXY=loopback LOCAL_COUNTRY=none LOG_LEVEL=warn node --import tsx server/main.ts`,
    url: `http://localhost:${PORT}/api/settings.php`,
    timeout: 120_000,
    reuseExistingServer: false,
  },
});
