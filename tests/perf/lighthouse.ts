// `npm run lighthouse`: Lighthouse 12.8 (mobile preset, simulated throttling) on the site as `npm start` serves it,
// in Debian's Chromium. Starts the built site on a fresh embedded database (dist/ must exist: `npm run build`), logs
// the demo member in for the members' screens (with a few likes and a chat, so those screens have data), runs each
// page and prints the median score of performance, accessibility and best practices, with the audits that cost points
// on any score under the gate. `npm run lighthouse:gate` (part of `npm test`, docs/perf.md) is `--gate 98`.
// Usage: node --import tsx tests/perf/lighthouse.ts [--runs N] [--gate SCORE] [--only /path,/path] [--save DIR]
//   --runs: runs per page (default 1). Under --gate, a page with a median under its bar gets two more runs, up to 5,
//     and is judged by the median of all its runs: a page that passes at once costs one run, and one or two slow runs
//     (a busy machine's long task) fail nothing; Lighthouse's own advice on variability is the median of five.
//   --gate: exit 1 when the median of accessibility or best practices is under 100 on any page, or that of performance
//     under SCORE (0-100). Without it the figures are information only.
//   --only: measures only these pages (comma-separated paths of the page list).
//   --base: measures a site already running at that address (e.g. http://localhost:8080) instead of starting one.
//   --save: writes each run's full report (Lighthouse JSON) to DIR, for a closer look at an audit.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { v7 as uuidv7 } from 'uuid';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServerProcess } from '../server-process.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(option('--runs') ?? 1);
const GATE = option('--gate') === undefined ? null : Number(option('--gate'));
const ONLY = option('--only')?.split(',');
const SAVE = option('--save');
const BASE = option('--base');
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/** The most runs a page under its bar gets under --gate, two at a time (an odd count has a middle run to judge by). */
const MAX_RUNS = 5;
/** The bar of accessibility and best practices under --gate, on every page. */
const FULL_MARKS = 100;
/** A seeded member whose profile, landings and chat (with the demo member) are measured. */
const PARTNER = 2;

/**
 * The pages measured: every screen route of the spec's route table (spec 2) once, visitor's or member's as the route
 * is meant for, with `member` whether the demo member is logged in; --gate applies to every one. Routes left out: /credits/{id}/{paymentmethod?} (it starts a payment), /reset-password/do and
 * /mail-change/do (their token's answer), /dev/* (not in production), the landers' and content pages' other slugs
 * (the same screens). `german` pages are measured again as a first visit from Germany, with the entry warning over them.
 */
const PAGES: { path: string; member: boolean; german?: true }[] = [
  { path: '/', member: false },
  { path: '/login', member: false },
  { path: '/login', member: false, german: true },
  { path: '/signup', member: false },
  { path: '/signup', member: false, german: true },
  { path: '/reset-password', member: false },
  { path: '/activate/done', member: false },
  { path: '/activate/error', member: false },
  { path: '/account-deleted', member: false },
  { path: '/complaints', member: false },
  { path: '/lang-config', member: false },
  { path: '/pricing', member: false },
  { path: '/pages/terms', member: false },
  { path: '/pages/faq', member: false },
  { path: '/landers/tinderswipe', member: false },
  { path: '/landers/alonetonight', member: false },
  { path: '/landers/collagelanding', member: false },
  { path: '/landers/gallery', member: false },
  { path: '/landers/iconslanding', member: false },
  { path: '/landers/maplanding', member: false },
  { path: '/landers/socialnetwork', member: false },
  { path: '/landers/transitionsvideolanding', member: false },
  { path: '/landers/video', member: false },
  { path: `/members/${PARTNER}/landing`, member: false },
  { path: `/members/${PARTNER}/signup`, member: false },
  { path: `/members/${PARTNER}/landing2`, member: false },
  { path: '/members', member: true },
  { path: '/members/1', member: true },
  { path: `/members/${PARTNER}`, member: true },
  { path: `/members/${PARTNER}/chat`, member: true },
  { path: '/chats', member: true },
  { path: '/likes', member: true },
  { path: '/credits', member: true },
  { path: '/credits/repeat-order', member: true },
  { path: '/directdebit', member: true },
  { path: '/premium', member: true },
  { path: '/transactions', member: true },
  { path: '/profile', member: true },
  { path: '/settings', member: true },
  { path: '/notifications', member: true },
  { path: '/complete-signup', member: true },
  { path: '/signup-matches', member: true },
  { path: '/match-finder', member: true },
  { path: '/swipe-game', member: true },
];

/** A German address of the embedded GeoIP database (as in tests/api/geoip.test.ts). */
const GERMAN_ADDRESS = '194.25.0.68';

/** The address header a `german` page is opened with (the loopback is the site's trusted proxy here); none for others. */
const forwardedFor = (page: (typeof PAGES)[number]): Record<string, string> =>
  page.german ? { 'X-Forwarded-For': GERMAN_ADDRESS } : {};

/** How a measured page is named in the output and its saved runs. */
const labelOf = (page: (typeof PAGES)[number]) => (page.german ? `${page.path} (from DE)` : page.path);

/** Starts the site with a throwaway data folder; answers its port and the function that stops it. */
async function startSite(): Promise<{ port: number; stop: () => void }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
  try {
    // A visitor of no known country (LOCAL_COUNTRY=none; the machine's loopback would get the site's own): no entry
    // warning, but on the `german` pages (docs/perf.md "The entry warning"), whose address the trusted loopback forwards.
    // NODE_ENV=production as `npm run serve` sets it: the server render runs React's production build.
    const { port, child } = await startServerProcess({
      DATA_DIR: dataDir,
      SEED_MEMBERS: '300',
      LOCAL_COUNTRY: 'none',
      TRUST_PROXY: 'loopback',
      NODE_ENV: 'production',
    });
    return {
      port,
      stop: () => {
        child.kill('SIGTERM');
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}

/** A demo member's session cookie and id (README: sanne@demo.test, the member measured, unless `email` says another). */
async function login(base: string, email = 'sanne@demo.test'): Promise<{ cookie: string; id: number }> {
  const res = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`demo login failed: ${res.status}`);
  const { user } = (await res.json()) as { user: { id: number } };
  return { cookie: sid.split(';')[0], id: user.id };
}

/** POST `call` with `body` as the member of `cookie`; throws on a failed answer. */
async function post(base: string, cookie: string, call: string, body: unknown): Promise<void> {
  const res = await fetch(`${base}${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${call}: ${res.status} ${await res.text()}`);
}

/**
 * Gives the demo member's (`me`) screens data, as a member who used the app has: likes both ways with the other demo
 * account (a match), likes of six seeded members, and a chat with PARTNER. Only on a site this script started (a fresh
 * database).
 */
async function memberData(base: string, me: { cookie: string; id: number }): Promise<void> {
  const lucas = await login(base, 'lucas@demo.test');
  await post(base, lucas.cookie, '/api/like.php', { profile: me.id });
  for (const id of [lucas.id, PARTNER, 3, 4, 5, 6, 7]) await post(base, me.cookie, '/api/like.php', { profile: id });
  await post(base, me.cookie, '/api/message.php', { id: uuidv7(), profile: PARTNER, text: 'Hi, coffee this week?' });
}

/**
 * Opens every page once in a plain browser before measuring, so that what the server does only on a page's first
 * request ever (the demo members' photos are made on their first request, server/services/images.ts; first queries)
 * is not counted as the visitor's load time. Lighthouse still starts each run with an empty browser cache.
 */
async function warmUp(base: string, cookie: string, pages: typeof PAGES): Promise<void> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking'],
  });
  try {
    for (const page of pages) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        serviceWorkers: 'block',
        extraHTTPHeaders: forwardedFor(page),
      });
      if (page.member) await context.addCookies([{ name: 'sid', value: cookie.slice('sid='.length), url: base }]);
      const tab = await context.newPage();
      await tab
        .goto(`${base}${page.path}`, { waitUntil: 'networkidle', timeout: 60_000 })
        .catch((e: Error) => console.log(`warm-up of ${page.path}: ${e.message}`));
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const { base, stop: stopSite } = BASE
  ? { base: BASE, stop: () => {} }
  : await startSite().then(({ port, stop }) => ({ base: `http://localhost:${port}`, stop }));
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
let failed = false;
try {
  const me = await login(base);
  const cookie = me.cookie;
  if (!BASE) await memberData(base, me);
  const pages = PAGES.filter((p) => !ONLY || ONLY.includes(p.path));
  await warmUp(base, cookie, pages);
  for (const page of pages) {
    const scores: Record<string, number[]> = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
    // Audit id -> [its category, what it cost]: the audits that cost points in any run.
    const costs = new Map<string, [string, string]>();
    // The bar of each category on this page (none: printed only).
    const bars = CATEGORIES.map((c) => (GATE === null ? null : c !== 'performance' ? FULL_MARKS : GATE));
    const under = () => CATEGORIES.filter((c, i) => bars[i] !== null && median(scores[c]) < bars[i]!);
    // LCP (ms), TBT (ms) and CLS of each run: what moved the score.
    const metrics: string[] = [];
    let runs = RUNS;
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${base}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        // Every run starts cold: no service worker, no HTTP cache (what a first visit costs).
        disableStorageReset: false,
        extraHeaders: { ...forwardedFor(page), ...(page.member ? { Cookie: cookie } : {}) },
      });
      const lhr = result!.lhr;
      if (SAVE) {
        mkdirSync(SAVE, { recursive: true });
        writeFileSync(path.join(SAVE, `${labelOf(page).replaceAll(/[/ ()]/g, '_')}-${run + 1}.json`), JSON.stringify(lhr));
      }
      for (const c of CATEGORIES) scores[c].push(Math.round((lhr.categories[c].score ?? 0) * 100));
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      metrics.push(
        `${Math.round(metric('largest-contentful-paint'))}/${Math.round(metric('total-blocking-time'))}/${metric('cumulative-layout-shift').toFixed(3)}`,
      );
      if (run + 1 === runs && runs < MAX_RUNS && under().length > 0) runs = Math.min(runs + 2, MAX_RUNS);
      for (const c of CATEGORIES) {
        for (const ref of lhr.categories[c].auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1)
            costs.set(ref.id, [c, `${c}: ${ref.id} (${audit.displayValue ?? Math.round(audit.score * 100)})`]);
        }
      }
    }
    const medians = CATEGORIES.map((c) => median(scores[c]));
    console.log(
      `${labelOf(page).padEnd(32)} ${CATEGORIES.map((c, i) => `${c} ${medians[i]}`).join('  ')}  (runs: ${CATEGORIES.map((c) => scores[c].join('/')).join(', ')}; LCP/TBT/CLS ${metrics.join(', ')})`,
    );
    const gated = under();
    if (gated.length > 0) failed = true;
    // Under a gate: the audits of the categories that failed it; without one, every audit that cost points.
    for (const [category, cost] of costs.values())
      if (GATE === null || gated.some((c) => c === category)) console.log(`    ${cost}`);
  }
} finally {
  await chrome.kill();
  stopSite();
}
if (failed) {
  console.error(`lighthouse: a gated median is under its bar (the audits marked above cost the points)`);
  process.exit(1);
}
