// Takes the web app manifest's screenshots (the richer install dialog of Chromium shows them) from a running
// server, logged in as a demo member, and writes them compressed to public/screenshots/. Run once after a
// visible change, then commit the images:
//   npm run build && DATA_DIR=.tmp/shots PORT=8282 node --import tsx server/main.ts &
//   node --import tsx scripts/make-screenshots.ts [http://localhost:8282]
import { writeFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';

const BASE = process.argv[2] ?? 'http://localhost:8282';
const OUT = path.resolve(import.meta.dirname, '../public/screenshots');
/** Each image stays under this size (the install dialog downloads them). */
const MAX_BYTES = 150 * 1024;

/** The manifest's two screenshots: `narrow` (phones) and `wide` (desktop); sizes as manifest.webmanifest says. */
const shots = [
  { file: 'members-narrow.png', path: '/members', width: 390, height: 844 },
  { file: 'members-wide.png', path: '/members', width: 1280, height: 800 },
] as const;

async function logIn(page: Page): Promise<void> {
  await page.goto(`${BASE}/login`);
  await page.getByLabel('E-mail').fill('lucas@demo.test');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/members/);
}

/** Quantized PNG (256 colours) at the smallest compression that fits MAX_BYTES. */
async function compress(png: Buffer): Promise<Buffer> {
  for (const colours of [256, 128, 64]) {
    const out = await sharp(png).png({ palette: true, colours, compressionLevel: 9, effort: 10, dither: 0.6 }).toBuffer();
    if (out.length <= MAX_BYTES) return out;
  }
  throw new Error('screenshot does not fit in 150 KB even at 64 colours');
}

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  for (const shot of shots) {
    const context = await browser.newContext({ viewport: { width: shot.width, height: shot.height }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await logIn(page);
    await page.goto(`${BASE}${shot.path}`);
    await page.waitForLoadState('networkidle');
    // Every photo in view decoded, so no grey placeholders are captured (lazy ones below the fold never load).
    await page.waitForFunction(() =>
      [...document.images]
        .filter((img) => img.getBoundingClientRect().top < innerHeight)
        .every((img) => img.complete && img.naturalWidth > 0),
    );
    const png = await compress(await page.screenshot({ animations: 'disabled', caret: 'hide' }));
    await writeFile(path.join(OUT, shot.file), png);
    console.log(`${shot.file}: ${shot.width}x${shot.height}, ${(png.length / 1024).toFixed(1)} KB`);
    await context.close();
  }
} finally {
  await browser.close();
}
