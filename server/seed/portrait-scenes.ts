// Backgrounds of the generated demo portraits: soft, out-of-focus scenes drawn from shapes (no text, no downloads).
import type { Random } from './random.ts';
import { mix, shade, tint } from './portrait-color.ts';

export const W = 720;
export const H = 960;

/** The scene kinds; a member's photos cycle through different ones. */
export const sceneKinds = ['studio', 'beach', 'city', 'forest', 'cafe', 'mountains', 'park'] as const;
export type SceneKind = (typeof sceneKinds)[number];

/** A scene: SVG defs, the drawing (blurred like a shallow depth of field), and the side its light comes from. */
export interface Scene {
  defs: string;
  body: string;
  /** -1 light from the left, 1 from the right. */
  light: number;
  /** Colour of the light falling on the person (for the rim light and the overall tone). */
  lightColor: string;
  /** Background blur in px. */
  blur: number;
}

const lin = (id: string, stops: [number, string][], x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('')}</linearGradient>`;
const rad = (id: string, { cx, cy, r }: { cx: number; cy: number; r: number }, stops: [number, string, number?][]) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" gradientUnits="userSpaceOnUse">${stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a ?? 1}"/>`)
    .join('')}</radialGradient>`;

/** `n` circles of `colors` between heights `y` ([min, max]), radii and opacities drawn from the `size` and `opacity` ranges. */
function bokeh(
  r: Random,
  colors: readonly string[],
  { n, y: [yMin, yMax], size, opacity }: { n: number; y: [number, number]; size: [number, number]; opacity: [number, number] },
): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    const rr = r.int(size[0], size[1]);
    s += `<circle cx="${r.int(-20, W + 20)}" cy="${r.int(yMin, yMax)}" r="${rr}" fill="${r.pick(colors)}" opacity="${(opacity[0] + r.next() * (opacity[1] - opacity[0])).toFixed(2)}"/>`;
  }
  return s;
}

function studio(r: Random): Scene {
  const palettes = [
    ['#ead9c8', '#9c8069'],
    ['#b9d3cf', '#47706b'],
    ['#ecc9c4', '#94606a'],
    ['#c3cde0', '#4f5d7a'],
    ['#ecd8a6', '#9b7b3c'],
    ['#cfd8be', '#66754f'],
    ['#d9cbe3', '#6c587f'],
    ['#f0d2b6', '#b06d4a'],
  ];
  const [light, dark] = r.pick(palettes);
  const cx = r.int(260, 460);
  return {
    defs: rad('bg', { cx, cy: 330, r: 760 }, [
      [0, tint(light, 0.25)],
      [0.45, light],
      [1, dark],
    ]),
    body: `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    light: cx < 360 ? -1 : 1,
    lightColor: tint(light, 0.5),
    blur: 0,
  };
}

function beach(r: Random): Scene {
  const horizon = r.int(520, 600);
  const sunX = r.int(80, 640);
  const evening = r.chance(0.5);
  const skyTop = evening ? '#6f8fc4' : '#5fa3d6';
  const skyLow = evening ? '#f7c39a' : '#d6ecf5';
  return {
    defs:
      lin('sky', [
        [0, skyTop],
        [1, skyLow],
      ]) +
      lin('sea', [
        [0, evening ? '#6d8fb0' : '#3f93b8'],
        [1, evening ? '#c9a38f' : '#8fcadb'],
      ]) +
      lin('sand', [
        [0, '#ecd6ad'],
        [1, '#d9bb8a'],
      ]) +
      rad('sun', { cx: sunX, cy: horizon - 40, r: 320 }, [
        [0, '#fff6dc', 0.95],
        [0.25, '#ffe2b0', 0.5],
        [1, '#ffe2b0', 0],
      ]),
    body:
      `<rect width="${W}" height="${horizon}" fill="url(#sky)"/>` +
      `<ellipse cx="${r.int(100, 600)}" cy="${r.int(120, 300)}" rx="${r.int(120, 220)}" ry="${r.int(25, 45)}" fill="#ffffff" opacity="0.55"/>` +
      `<ellipse cx="${r.int(100, 600)}" cy="${r.int(200, 380)}" rx="${r.int(90, 180)}" ry="${r.int(18, 35)}" fill="#ffffff" opacity="0.4"/>` +
      `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#sea)"/>` +
      `<path d="M0 ${horizon + 150} Q ${W / 2} ${horizon + 110} ${W} ${horizon + 170} L ${W} ${H} L 0 ${H} Z" fill="url(#sand)"/>` +
      `<path d="M0 ${horizon + 150} Q ${W / 2} ${horizon + 110} ${W} ${horizon + 170}" stroke="#ffffff" stroke-width="10" fill="none" opacity="0.6"/>` +
      `<rect width="${W}" height="${H}" fill="url(#sun)"/>`,
    light: sunX < 360 ? -1 : 1,
    lightColor: evening ? '#ffd2a8' : '#fff4e0',
    blur: 7,
  };
}

function city(r: Random): Scene {
  const sky = r.pick([
    ['#23264f', '#7d4a7a', '#e58b6a'],
    ['#1d2c4f', '#4f5f93', '#e3a16b'],
    ['#2a1f45', '#a04f75', '#f3b06d'],
  ]);
  let buildings = '';
  for (let x = -20; x < W;) {
    const w = r.int(50, 120);
    const h = r.int(180, 520);
    const top = 760 - h;
    const c = mix('#1a1c36', sky[0], r.next() * 0.5);
    buildings += `<rect x="${x}" y="${top}" width="${w}" height="${H - top}" fill="${c}"/>`;
    for (let wy = top + 14; wy < 900; wy += 26) {
      for (let wx = x + 8; wx < x + w - 12; wx += 18) {
        if (r.chance(0.35))
          buildings += `<rect x="${wx}" y="${wy}" width="8" height="12" fill="${r.pick(['#ffd58a', '#ffe7b5', '#f6b15f'])}" opacity="0.85"/>`;
      }
    }
    x += w + r.int(-10, 6);
  }
  return {
    defs: lin('sky', [
      [0, sky[0]],
      [0.6, sky[1]],
      [1, sky[2]],
    ]),
    body:
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
      buildings +
      bokeh(r, ['#ffcf7d', '#ff9f6b', '#fff0c4', '#f07aa0'], { n: 26, y: [520, 960], size: [14, 40], opacity: [0.35, 0.8] }),
    light: r.chance(0.5) ? -1 : 1,
    lightColor: '#ffb98a',
    blur: 9,
  };
}

function forest(r: Random): Scene {
  const greens = ['#2f4a2c', '#3c5e35', '#4d7343', '#6b8f55', '#8aab66'];
  let trees = '';
  for (let i = 0; i < 9; i++) {
    const x = r.int(-40, W + 40);
    trees += `<rect x="${x}" y="0" width="${r.int(18, 46)}" height="${H}" fill="${shade('#3a2b20', r.next() * 0.4)}" opacity="0.8"/>`;
  }
  const sunX = r.int(120, 600);
  return {
    defs:
      lin('sky', [
        [0, '#e6efd0'],
        [0.5, '#9dbb7c'],
        [1, '#3f5b34'],
      ]) +
      rad('glow', { cx: sunX, cy: 180, r: 420 }, [
        [0, '#fff7d6', 0.9],
        [1, '#fff7d6', 0],
      ]),
    body:
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
      bokeh(r, greens, { n: 40, y: [0, 700], size: [40, 110], opacity: [0.6, 0.95] }) +
      trees +
      bokeh(r, greens, { n: 30, y: [500, 960], size: [50, 120], opacity: [0.7, 1] }) +
      `<rect width="${W}" height="${H}" fill="url(#glow)"/>` +
      bokeh(r, ['#fff6c8', '#f4f9d0'], { n: 14, y: [0, 500], size: [10, 26], opacity: [0.4, 0.8] }),
    light: sunX < 360 ? -1 : 1,
    lightColor: '#fff2c9',
    blur: 10,
  };
}

function cafe(r: Random): Scene {
  const wall = r.pick(['#caa27e', '#b98f73', '#a9b3a0', '#c7a99a']);
  const winX = r.int(-100, 420);
  return {
    defs:
      lin('wall', [
        [0, tint(wall, 0.1)],
        [1, shade(wall, 0.45)],
      ]) +
      lin('win', [
        [0, '#f4f1e6'],
        [1, '#cfe0e8'],
      ]),
    body:
      `<rect width="${W}" height="${H}" fill="url(#wall)"/>` +
      `<rect x="${winX}" y="90" width="360" height="520" fill="url(#win)" opacity="0.9"/>` +
      `<rect x="${winX + 174}" y="90" width="12" height="520" fill="${shade(wall, 0.5)}"/>` +
      `<rect x="0" y="${r.int(660, 720)}" width="${W}" height="300" fill="${shade(wall, 0.55)}"/>` +
      bokeh(r, ['#ffd27a', '#ffb347', '#fff1c9'], { n: 22, y: [40, 520], size: [12, 34], opacity: [0.5, 0.95] }),
    light: winX + 180 < 360 ? -1 : 1,
    lightColor: '#fff3dc',
    blur: 8,
  };
}

function mountains(r: Random): Scene {
  const dusk = r.chance(0.4);
  const layers = dusk ? ['#8c7aa3', '#6d5f8a', '#4c4468', '#332e4a'] : ['#a9c2d9', '#7f9fbd', '#5b7c99', '#3d5a70'];
  let ridges = '';
  layers.forEach((c, i) => {
    const base = 430 + i * 90;
    let d = `M0 ${base}`;
    for (let x = 0; x <= W; x += 90) d += ` L ${x} ${base - r.int(20, 140 - i * 20)}`;
    ridges += `<path d="${d} L ${W} ${H} L 0 ${H} Z" fill="${c}"/>`;
  });
  return {
    defs: lin(
      'sky',
      dusk
        ? [
            [0, '#4a5a8c'],
            [0.7, '#e8a58c'],
            [1, '#f6d0a8'],
          ]
        : [
            [0, '#79aee0'],
            [1, '#eaf3f7'],
          ],
    ),
    body: `<rect width="${W}" height="${H}" fill="url(#sky)"/>` + ridges,
    light: r.chance(0.5) ? -1 : 1,
    lightColor: dusk ? '#ffc9a6' : '#f5f8ff',
    blur: 5,
  };
}

function park(r: Random): Scene {
  const sunX = r.int(60, 660);
  return {
    defs:
      lin('sky', [
        [0, '#f4d9a8'],
        [0.55, '#f0b77e'],
        [1, '#9a8c4a'],
      ]) +
      rad('sun', { cx: sunX, cy: 300, r: 380 }, [
        [0, '#fff4d2', 1],
        [0.3, '#ffdca0', 0.6],
        [1, '#ffdca0', 0],
      ]),
    body:
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
      bokeh(r, ['#7f8f3f', '#5f7034', '#a39a4d', '#4e5c2c'], { n: 24, y: [150, 560], size: [50, 130], opacity: [0.75, 1] }) +
      `<rect y="620" width="${W}" height="340" fill="#7d8a3c"/>` +
      `<rect width="${W}" height="${H}" fill="url(#sun)"/>` +
      bokeh(r, ['#fff1c0', '#ffe39a'], { n: 16, y: [100, 600], size: [10, 28], opacity: [0.5, 0.9] }),
    light: sunX < 360 ? -1 : 1,
    lightColor: '#ffd9a0',
    blur: 10,
  };
}

const builders: Record<SceneKind, (r: Random) => Scene> = { studio, beach, city, forest, cafe, mountains, park };

/** Draws a scene of `kind` with the randomness of `r`. */
export function drawScene(kind: SceneKind, r: Random): Scene {
  return builders[kind](r);
}
