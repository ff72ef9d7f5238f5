// How the built site is delivered (speed): precompressed brotli and gzip files, immutable hashed assets,
// a revalidated shell, compressed API answers.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const DIST = process.env.E2E_DIST ?? 'dist';
const manifest = JSON.parse(readFileSync(`${DIST}/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
const entry = `/${manifest['index.html'].file}`;

test('hashed assets come precompressed and immutable; the shell is revalidated', async ({ request }) => {
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    const res = await request.get(entry, { headers: { 'accept-encoding': encoding } });
    expect(res.headers()['content-encoding']).toBe(encoding);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers()['vary']).toMatch(/accept-encoding/i);
    // The bytes sent are the build's own compressed file (Playwright decodes the body: compare the decoded text).
    expect(Number(res.headers()['content-length'])).toBe(readFileSync(`${DIST}${entry}${suffix}`).length);
    expect(await res.text()).toBe(readFileSync(`${DIST}${entry}`, 'utf8'));
  }
  const shell = await request.get('/members', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(shell.headers()['content-encoding']).toBe('br');
  expect(shell.headers()['cache-control']).toBe('no-cache');
  expect(await shell.text()).toContain('<div id="root">');
  const plain = await request.get(entry, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
});

test('API answers over 1 KiB are compressed', async ({ request }) => {
  const res = await request.get('/api/regions.php', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-encoding']).toBe('br');
  expect((await res.json()).countries.length).toBeGreaterThan(10);
});
