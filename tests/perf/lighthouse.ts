// `npm run lighthouse`: Lighthouse 12.8 (mobile preset, simulated throttling) on the site as `npm start` serves it,
// in Debian's Chromium. Starts the built site on a fresh embedded database (dist/ must exist: `npm run build`), logs
// the demo member in for the members' screens, runs each page RUNS times and prints the median score of
// performance, accessibility and best practices, with the audits that cost points on any score under the gate.
// `npm run lighthouse:gate` (part of `npm test`, docs/perf.md) is three runs per page (their median) with --gate 98.
// Usage: node --import tsx tests/perf/lighthouse.ts [--runs N] [--gate SCORE] [--only /path] [--save DIR]
//   --gate: exit 1 when the median of accessibility or best practices is under SCORE (0-100) on any page, or that of
//     performance on a page whose `perfGate` is set (the others' performance is printed, not gated: docs/perf.md
//     lists them as open). Without it the figures are information only.
//   --base: measures a site already running at that address (e.g. http://localhost:8080) instead of starting one.
//   --save: writes each run's full report (Lighthouse JSON) to DIR, for a closer look at an audit.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServerProcess } from '../server-process.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(option('--runs') ?? 3);
const GATE = option('--gate') === undefined ? null : Number(option('--gate'));
const ONLY = option('--only');
const SAVE = option('--save');
const BASE = option('--base');
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/**
 * The pages measured: path, whether the demo member is logged in, and `perfGate`: whether --gate applies to the
 * performance score too (set only on pages whose every run reached the gate in a measurement of three runs in a row,
 * docs/perf.md "Smaller tasks after the paint").
 */
const PAGES: { path: string; member: boolean; perfGate?: true }[] = [
  { path: '/', member: false, perfGate: true },
  { path: '/login', member: false, perfGate: true },
  { path: '/signup', member: false, perfGate: true },
  // 97-99 since the prompts and the regions (runs 89, 93, 97, 97, 97, 98 on 2026-11-27): out of the gate until its TBT
  // (React's hydration and first re-renders, docs/perf.md) gives room again.
  { path: '/members', member: true },
  { path: '/members/1', member: true, perfGate: true },
  { path: '/chats', member: true },
  { path: '/credits', member: true, perfGate: true },
  { path: '/landers/gallery', member: false, perfGate: true },
  { path: '/pricing', member: false, perfGate: true },
  { path: '/pages/terms', member: false, perfGate: true },
];

/** Starts the site with a throwaway data folder; answers its port and the function that stops it. */
async function startSite(): Promise<{ port: number; stop: () => void }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-'));
  try {
    // A visitor of no known country (LOCAL_COUNTRY=none; the machine's loopback would get the site's own): no entry
    // warning, whose client-drawn modal would be the first visit's LCP (docs/perf.md "The entry warning").
    // NODE_ENV=production as `npm run serve` sets it: the server render runs React's production build.
    const { port, child } = await startServerProcess({
      DATA_DIR: dataDir,
      SEED_MEMBERS: '300',
      LOCAL_COUNTRY: 'none',
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

/** The demo member's session cookie (README: sanne@demo.test). */
async function memberCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'sanne@demo.test', password: 'demo-password' }),
  });
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`demo login failed: ${res.status}`);
  return sid.split(';')[0];
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
  const cookie = await memberCookie(base);
  const pages = PAGES.filter((p) => !ONLY || p.path === ONLY);
  await warmUp(base, cookie, pages);
  for (const page of pages) {
    const scores: Record<string, number[]> = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
    // Audit id -> [its category, what it cost]: the audits that cost points in any run.
    const costs = new Map<string, [string, string]>();
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${base}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        // Every run starts cold: no service worker, no HTTP cache (what a first visit costs).
        disableStorageReset: false,
        extraHeaders: page.member ? { Cookie: cookie } : undefined,
      });
      const lhr = result!.lhr;
      if (SAVE) {
        mkdirSync(SAVE, { recursive: true });
        writeFileSync(path.join(SAVE, `${page.path.replaceAll('/', '_') || '_'}-${run + 1}.json`), JSON.stringify(lhr));
      }
      for (const c of CATEGORIES) scores[c].push(Math.round((lhr.categories[c].score ?? 0) * 100));
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
      `${page.path.padEnd(17)} ${CATEGORIES.map((c, i) => `${c} ${medians[i]}`).join('  ')}  (runs: ${CATEGORIES.map((c) => scores[c].join('/')).join(', ')})${GATE !== null && !page.perfGate ? '  (performance not gated)' : ''}`,
    );
    const gated = GATE === null ? [] : CATEGORIES.filter((c, i) => medians[i] < GATE && (c !== 'performance' || page.perfGate));
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
  console.error(`lighthouse: a gated median is under ${GATE} (the audits marked above cost the points)`);
  process.exit(1);
}
