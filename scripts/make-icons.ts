// Renders the PWA's PNG icons from SVG with sharp (run once after a change of the artwork, then commit the
// PNGs): `node --import tsx scripts/make-icons.ts`. The "any" icons are public/icons/logo.svg itself, so the
// favicon and the app icon are the same drawing; the others reuse its mark.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../public/icons');

/** Theme colours (src/ui/_settings.scss): brand green, brand pink, dark navy. */
const GREEN = '#1f9d55';
const PINK = '#e8455f';
const NAVY = '#14213d';

const gradient = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${GREEN}"/><stop offset="1" stop-color="${PINK}"/></linearGradient></defs>`;

/** The logo's mark (speech bubble with a heart) in the 64 x 64 grid of logo.svg; its centre is (32, 36.5). */
const mark = `<path d="M20 21h24a7 7 0 0 1 7 7v11a7 7 0 0 1-7 7H31l-8 6v-6h-3a7 7 0 0 1-7-7V28a7 7 0 0 1 7-7Z" fill="#fff"/><path d="M32 41s-8-4.6-8-9.6c0-2.6 1.9-4.4 4.2-4.4 1.6 0 3 .9 3.8 2.2.8-1.3 2.2-2.2 3.8-2.2 2.3 0 4.2 1.8 4.2 4.4 0 5-8 9.6-8 9.6Z" fill="${PINK}"/>`;

/**
 * A full-bleed square (no transparent corners) with the mark scaled by `scale` around the centre. Maskable icons
 * keep everything inside the central circle of radius 40 % (the safe zone, w3.org/TR/appmanifest/#icon-masks):
 * at 1.1 the farthest point of the mark (a rounded corner, 21.7 units out at scale 1) is 23.9 from the centre, inside 25.6.
 */
const fullBleed = (scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}<rect width="64" height="64" fill="url(#g)"/><g transform="translate(32 32) scale(${scale}) translate(-32 -36.5)">${mark}</g></svg>`;

/** Shortcut icons (96 px): a white glyph (24 x 24 grid, as src/app/layouts/icons.tsx) on a full-bleed colour. */
const glyph = (fill: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="${fill}"/><g transform="translate(12 12)" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round">${body}</g></svg>`;
const chatGlyph =
  '<path d="M4 5.5h16a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 3.5V17.5H4A1.5 1.5 0 0 1 2.5 16V7A1.5 1.5 0 0 1 4 5.5Z"/>';
const heartGlyph =
  '<path d="M12 20s-8-4.8-8-10.3C4 7 6 5 8.5 5c1.5 0 2.8.8 3.5 2 .7-1.2 2-2 3.5-2C18 5 20 7 20 9.7 20 15.2 12 20 12 20Z" fill="#fff"/>';
const searchGlyph = '<circle cx="10.5" cy="10.5" r="6.5"/><path d="m15.5 15.5 5 5"/>';

/** Android's notification badge: white on transparent, the system tints it. */
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M12 21s-9-5.4-9-11.6C3 6.4 5.2 4 8 4c1.7 0 3.2.9 4 2.3C12.8 4.9 14.3 4 16 4c2.8 0 5 2.4 5 5.4C21 15.6 12 21 12 21Z" fill="#fff"/></svg>`;

async function render(svg: string | Buffer, size: number, file: string): Promise<void> {
  const png = await sharp(typeof svg === 'string' ? Buffer.from(svg) : svg, { density: 72 * Math.ceil(size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true, quality: 95, dither: 1 })
    .toBuffer();
  await writeFile(path.join(OUT, file), png);
  console.log(`${file}: ${size}x${size}, ${(png.length / 1024).toFixed(1)} KB`);
}

const logo = await readFile(path.join(OUT, 'logo.svg'));
await render(logo, 192, 'icon-192.png');
await render(logo, 512, 'icon-512.png');
await render(fullBleed(1.1), 192, 'maskable-192.png');
await render(fullBleed(1.1), 512, 'maskable-512.png');
// iOS rounds the corners itself and crops nothing: the mark may be larger.
await render(fullBleed(1.25), 180, 'apple-touch-icon.png');
await render(glyph(GREEN, chatGlyph), 96, 'shortcut-messages.png');
await render(glyph(PINK, heartGlyph), 96, 'shortcut-likes.png');
await render(glyph(NAVY, searchGlyph), 96, 'shortcut-search.png');
await render(badge, 96, 'badge-96.png');
