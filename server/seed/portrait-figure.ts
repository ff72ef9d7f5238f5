// The person in a generated demo portrait: head and shoulders with skin tone, hair style and colour, clothes.
// Drawn in a local frame with the head centre at (0,0), face about 170 wide and 245 high. Hair: portrait-hair.ts.
import type { Random } from './random.ts';
import { clothes, eyeColors, mix, shade, tint } from './portrait-color.ts';
import { backHair, beard, curls, frontHair, strands } from './portrait-hair.ts';

/** What stays the same on every photo of one member. */
export interface Look {
  gender: 'male' | 'female';
  skin: string;
  hair: string;
  hairStyle: string;
  /** Natural colour for brows and beard (dyed hair keeps dark brows). */
  body: string;
  eye: string;
  age: number;
  beard: 'none' | 'stubble' | 'short' | 'full';
  glasses: boolean;
}

/** What changes from photo to photo: pose and outfit. */
export interface Pose {
  tilt: number;
  lookX: number;
  outfit: string;
  top: string;
  accent: string;
  light: number;
  lightColor: string;
  earrings: boolean;
  necklace: boolean;
  smile: number;
}

const femaleStyles = ['long', 'wavy', 'bob', 'bun', 'curly', 'ponytail', 'shoulder'] as const;
const maleStyles = ['short', 'sidepart', 'buzz', 'curlyshort', 'receding', 'medium'] as const;

/** Picks a member's look from seeded randomness; `hair` is the SVG colour, `dyed` true for hair_color "other". */
export function pickLook(
  r: Random,
  {
    gender,
    skin,
    hair,
    dyed,
    age,
    eyeColor,
  }: { gender: 'male' | 'female'; skin: string; hair: string; dyed: boolean; age: number; eyeColor: string },
): Look {
  const hairStyle =
    gender === 'female'
      ? r.pick(age > 55 ? (['bob', 'shoulder', 'bun', 'wavy', 'curly'] as const) : femaleStyles)
      : age > 48 && r.chance(0.45)
        ? 'receding'
        : r.pick(maleStyles.filter((s) => s !== 'receding'));
  const beard = gender === 'male' ? r.weighted({ none: 4, stubble: 3, short: 2, full: 1 }) : 'none';
  return {
    gender,
    skin,
    hair,
    hairStyle,
    body: dyed ? '#3b2a20' : hair,
    eye: eyeColors[eyeColor] ?? eyeColors.brown,
    age,
    beard,
    glasses: r.chance(age > 45 ? 0.3 : 0.12),
  };
}

/** Picks the pose and outfit of one photo. */
export function pickPose(r: Random, look: Look, light: number, lightColor: string): Pose {
  const female = look.gender === 'female';
  const outfit = female
    ? r.pick(['crew', 'vneck', 'scoop', 'straps', 'jacket'])
    : r.pick(['crew', 'vneck', 'shirt', 'jacket', 'shirt']);
  return {
    tilt: (r.next() - 0.5) * 12,
    lookX: (r.next() - 0.5) * 16,
    outfit,
    top: r.pick(clothes),
    accent: r.pick(clothes),
    light,
    lightColor,
    earrings: female && r.chance(0.5),
    necklace: female && r.chance(0.4),
    smile: r.next(),
  };
}

function facePath(male: boolean): string {
  const j = male ? 60 : 48;
  const c = male ? 130 : 124;
  return (
    `M0,-120 C54,-120 86,-84 86,-22 C86,30 ${j + 22},72 ${j},98 C${j - 16},114 18,${c} 0,${c} ` +
    `C-18,${c} -${j - 16},114 -${j},98 C-${j + 22},72 -86,30 -86,-22 C-86,-84 -54,-120 0,-120 Z`
  );
}

/**
 * A soft-edged ellipse (radial gradient to transparent): looks like a blurred shape, costs no filter. The gradient is
 * named for its colour and opacity (`<id>-s<color>-<opacity>`), so equal ones are one definition.
 */
function soft(
  id: string,
  { cx, cy, rx, ry }: { cx: number; cy: number; rx: number; ry: number },
  color: string,
  opacity: number,
): string {
  const g = `${id}-s${color.replace('#', '')}-${opacity}`.replace(/\./g, '_');
  return (
    `<radialGradient id="${g}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="0.55" stop-color="${color}" stop-opacity="${(opacity * 0.6).toFixed(3)}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#${g})"/>`
  );
}

function features(look: Look, pose: Pose, id: string): string {
  const male = look.gender === 'male';
  const x = pose.lookX;
  const brow = shade(look.body, 0.15);
  const line = '#2b1d19';
  let s = '';
  for (const side of [-1, 1]) {
    const ex = side * 34 + x;
    const ey = -6;
    s += `<clipPath id="${id}-eye${side}"><path d="M${ex - 15},${ey} Q${ex},${ey - 11} ${ex + 15},${ey} Q${ex},${ey + 9} ${ex - 15},${ey} Z"/></clipPath>`;
    s += `<path d="M${ex - 15},${ey} Q${ex},${ey - 11} ${ex + 15},${ey} Q${ex},${ey + 9} ${ex - 15},${ey} Z" fill="#fbf6f1"/>`;
    s +=
      `<g clip-path="url(#${id}-eye${side})"><circle cx="${ex + x * 0.25}" cy="${ey}" r="7.5" fill="${look.eye}"/><circle cx="${ex + x * 0.25}" cy="${ey}" r="3.6" fill="#1a1412"/>` +
      `<circle cx="${ex + x * 0.25 + 2.5}" cy="${ey - 2.5}" r="1.8" fill="#ffffff" opacity="0.9"/></g>`;
    s += `<path d="M${ex - 16},${ey + 1} Q${ex},${ey - 12} ${ex + 16},${ey - 1}" stroke="${line}" stroke-width="${male ? 2.6 : 3.4}" fill="none" stroke-linecap="round"/>`;
    s += `<path d="M${ex - 19},${ey - 24} Q${ex + side * 2},${ey - 36} ${ex + 19},${ey - 26}" stroke="${brow}" stroke-width="${male ? 7 : 5}" fill="none" stroke-linecap="round" transform="scale(1,1)"/>`;
  }
  const skinDark = shade(look.skin, 0.28);
  s += `<path d="M${x - 11},38 Q${x},45 ${x + 11},38" stroke="${skinDark}" stroke-width="3" fill="none" stroke-linecap="round" opacity="0.7"/>`;
  s += `<path d="M${x + pose.light * -4},-4 Q${x + pose.light * -8},20 ${x + pose.light * -6},34" stroke="${skinDark}" stroke-width="3" fill="none" opacity="0.25" stroke-linecap="round"/>`;
  const m = 68;
  const curve = 6 + pose.smile * 8;
  if (male) {
    s += `<path d="M${x - 22},${m} Q${x},${m + curve} ${x + 22},${m}" stroke="${shade(look.skin, 0.45)}" stroke-width="3.5" fill="none" stroke-linecap="round"/>`;
    s += `<path d="M${x - 10},${m + curve + 6} Q${x},${m + curve + 9} ${x + 10},${m + curve + 6}" stroke="${skinDark}" stroke-width="2.5" fill="none" opacity="0.4" stroke-linecap="round"/>`;
  } else {
    const lip = mix(look.skin, '#b8475a', 0.55);
    s += `<path d="M${x - 24},${m} Q${x - 12},${m - 7} ${x},${m - 3} Q${x + 12},${m - 7} ${x + 24},${m} Q${x + 12},${m + curve + 8} ${x},${m + curve + 8} Q${x - 12},${m + curve + 8} ${x - 24},${m} Z" fill="${lip}"/>`;
    s += `<path d="M${x - 23},${m} Q${x},${m + curve} ${x + 23},${m}" stroke="${shade(lip, 0.35)}" stroke-width="2" fill="none" stroke-linecap="round"/>`;
    s += `<ellipse cx="${x + 4}" cy="${m + curve + 3}" rx="8" ry="2.5" fill="#ffffff" opacity="0.25"/>`;
  }
  if (look.age > 50) {
    s += `<path d="M${x - 34},40 Q${x - 42},58 ${x - 36},76 M${x + 34},40 Q${x + 42},58 ${x + 36},76" stroke="${skinDark}" stroke-width="2.5" fill="none" opacity="0.25"/>`;
  }
  s +=
    soft(id, { cx: x - 52, cy: 28, rx: 34, ry: 20 }, '#e0787a', male ? 0.1 : 0.22) +
    soft(id, { cx: x + 52, cy: 28, rx: 34, ry: 20 }, '#e0787a', male ? 0.1 : 0.22);
  if (look.glasses) {
    s +=
      `<g stroke="#2a2624" stroke-width="4" fill="#ffffff" fill-opacity="0.08"><rect x="${x - 60}" y="-28" width="50" height="40" rx="16"/><rect x="${x + 10}" y="-28" width="50" height="40" rx="16"/></g>` +
      `<path d="M${x - 10},-12 Q${x},-18 ${x + 10},-12" stroke="#2a2624" stroke-width="4" fill="none"/>`;
  }
  return s;
}

function outfit(look: Look, pose: Pose, id: string): string {
  const male = look.gender === 'male';
  const sw = male ? 232 : 198;
  const B = 164; // where the neck meets the shoulders
  // Right half of the shoulder line, from the neck outwards and down; the left half mirrors it. `g` grows it
  // outwards so the clothes cover the skin layer's edge (no halo along the shoulders).
  const right = (nx: number, g = 0) => {
    const ny = B + (nx - 44) * 0.2 - g;
    return `${nx},${ny} C${nx + 40},${ny + 4} ${sw - 70},${B + 20 - g} ${sw - 20},${B + 30 - g} C${sw + 30 + g},${B + 44 - g} ${sw + 62 + g},${B + 110} ${sw + 72 + g},${B + 230} L${sw + 96 + g},${B + 640}`;
  };
  const left = (nx: number, g = 0) => {
    const ny = B + (nx - 44) * 0.2 - g;
    return `-${sw + 96 + g},${B + 640} L-${sw + 72 + g},${B + 230} C-${sw + 62 + g},${B + 110} -${sw + 30 + g},${B + 44 - g} -${sw - 20},${B + 30 - g} C-${sw - 70},${B + 20 - g} -${nx + 40},${ny + 4} -${nx},${ny}`;
  };
  const n = male ? 52 : 42; // half the neck's width where it meets the collar
  const fill = `url(#${id}-top)`;
  let s = `<path d="M${left(44)} L${right(44)} Z" fill="${shade(look.skin, 0.08)}"/>`;
  const collarbones = `<path d="M-92,${B + 62} Q-50,${B + 52} -18,${B + 66} M92,${B + 62} Q50,${B + 52} 18,${B + 66}" stroke="${shade(look.skin, 0.3)}" stroke-width="3" fill="none" opacity="0.35" stroke-linecap="round"/>`;
  switch (pose.outfit) {
    case 'vneck':
      s += `<path d="M${left(n + 12, 2)} L0,${B + (male ? 96 : 116)} L${right(n + 12, 2)} Z" fill="${fill}"/>`;
      break;
    case 'scoop':
      s += collarbones + `<path d="M${left(100, 2)} Q0,${B + 140} ${right(100, 2)} Z" fill="${fill}"/>`;
      break;
    case 'straps':
      s += collarbones;
      s += `<path d="M-${sw + 10},960 L-${sw + 20},${B + 230} C-${sw - 10},${B + 170} -140,${B + 140} -120,${B + 128} Q0,${B + 170} 120,${B + 128} C140,${B + 140} ${sw - 10},${B + 170} ${sw + 20},${B + 230} L${sw + 10},960 Z" fill="${fill}"/>`;
      s += `<path d="M-122,${B + 132} L-117,${B + 12} M122,${B + 132} L117,${B + 12}" stroke="${pose.top}" stroke-width="12"/>`;
      break;
    case 'shirt':
      s += `<path d="M${left(n + 4, 2)} L0,${B + 90} L${right(n + 4, 2)} Z" fill="${fill}"/>`;
      s += `<path d="M-${n + 2},${B - 14} L-14,${B + 90} L-${n + 24},${B + 64} Z M${n + 2},${B - 14} L14,${B + 90} L${n + 24},${B + 64} Z" fill="${tint(pose.top, 0.25)}"/>`;
      s += `<path d="M0,${B + 100} L0,960" stroke="${shade(pose.top, 0.25)}" stroke-width="3"/>`;
      break;
    case 'jacket':
      s += `<path d="M${left(n + 2, 1)} Q0,${B + 56} ${right(n + 2, 1)} Z" fill="${pose.accent === pose.top ? tint(pose.top, 0.6) : pose.accent}"/>`;
      s += `<path d="M${left(n + 14, 2)} L-50,${B + 120} L-20,960 L-${sw + 98},960 Z" fill="${fill}"/>`;
      s += `<path d="M${right(n + 14, 2)} L${sw + 98},960 L20,960 L50,${B + 120} Z" fill="${fill}"/>`;
      s += `<path d="M-${n + 14},${B + 2} L-50,${B + 120} L-${n + 44},${B + 64} Z M${n + 14},${B + 2} L50,${B + 120} L${n + 44},${B + 64} Z" fill="${shade(pose.top, 0.2)}"/>`;
      break;
    case 'crew':
    default:
      s += `<path d="M${left(n + 4, 2)} Q0,${B + 56} ${right(n + 4, 2)} Z" fill="${fill}"/>`;
      s += `<path d="M-${n + 4},${B + (n - 40) * 0.2} Q0,${B + 56} ${n + 4},${B + (n - 40) * 0.2}" stroke="${shade(pose.top, 0.2)}" stroke-width="6" fill="none"/>`;
  }
  if (pose.necklace) {
    const dip = pose.outfit === 'crew' || pose.outfit === 'jacket' ? B + 44 : B + 70;
    s += `<path d="M-44,${B + 4} Q0,${dip + 4} 44,${B + 4}" stroke="#d9b65c" stroke-width="2.5" fill="none"/><circle cx="0" cy="${dip}" r="5" fill="#e4c36e"/>`;
  }
  return s;
}

/** Gradients used by the figure (face light and volume, hair, clothes). Ids are prefixed with `id`. */
function figureDefs(look: Look, pose: Pose, id: string): string {
  const l = pose.light;
  const gx = (a: number) => (l < 0 ? a : 1 - a);
  return (
    `<linearGradient id="${id}-face" x1="${gx(0)}" y1="0" x2="${gx(1)}" y2="0.3"><stop offset="0" stop-color="${tint(look.skin, 0.12)}"/><stop offset="0.55" stop-color="${look.skin}"/><stop offset="1" stop-color="${shade(look.skin, 0.16)}"/></linearGradient>` +
    `<linearGradient id="${id}-hair" x1="${gx(0)}" y1="0" x2="${gx(1)}" y2="1"><stop offset="0" stop-color="${tint(look.hair, 0.22)}"/><stop offset="0.5" stop-color="${look.hair}"/><stop offset="1" stop-color="${shade(look.hair, 0.3)}"/></linearGradient>` +
    `<linearGradient id="${id}-top" x1="${gx(0)}" y1="0" x2="${gx(1)}" y2="0.4"><stop offset="0" stop-color="${mix(pose.top, pose.lightColor, 0.18)}"/><stop offset="1" stop-color="${shade(pose.top, 0.3)}"/></linearGradient>` +
    `<radialGradient id="${id}-vol" cx="${0.5 - l * 0.14}" cy="0.36" r="0.66"><stop offset="0.55" stop-color="${shade(look.skin, 0.4)}" stop-opacity="0"/><stop offset="1" stop-color="${shade(look.skin, 0.45)}" stop-opacity="0.5"/></radialGradient>` +
    ''
  );
}

/** The whole figure as SVG (defs and drawing) in the local frame; place it with a transform. */
export function drawFigure(look: Look, pose: Pose, id: string): { defs: string; body: string } {
  const male = look.gender === 'male';
  const face = facePath(male);
  const neckW = male ? 46 : 36;
  const earsVisible = !['long', 'wavy', 'shoulder', 'bob', 'curly', 'medium'].includes(look.hairStyle);
  const neck =
    `<path d="M-${neckW},40 L-${neckW + 6},180 Q0,200 ${neckW + 6},180 L${neckW},40 Z" fill="${shade(look.skin, 0.08)}"/>` +
    soft(id, { cx: 0, cy: 116, rx: neckW + 24, ry: 34 }, shade(look.skin, 0.35), 0.55);
  const ears = [-1, 1]
    .map(
      (s) =>
        `<ellipse cx="${s * 84}" cy="2" rx="15" ry="26" fill="${shade(look.skin, 0.06)}"/><ellipse cx="${s * 86}" cy="2" rx="6" ry="14" fill="${shade(look.skin, 0.2)}" opacity="0.5"/>`,
    )
    .join('');
  const earrings =
    pose.earrings && earsVisible
      ? `<circle cx="-86" cy="34" r="6" fill="#e2c06a"/><circle cx="86" cy="34" r="6" fill="#e2c06a"/>`
      : '';
  const back = backHair(look);
  const part =
    look.hairStyle === 'long' || look.hairStyle === 'wavy' || look.hairStyle === 'shoulder'
      ? 14
      : look.hairStyle === 'sidepart'
        ? -40
        : 0;
  const head =
    `<clipPath id="${id}-hc">${frontHair(look, id, true)}</clipPath>` +
    (back ? `<clipPath id="${id}-bc">${back}</clipPath>` : '') +
    `<g transform="rotate(${pose.tilt.toFixed(2)} 0 120)">` +
    back +
    (back
      ? `<g clip-path="url(#${id}-bc)">${look.hairStyle === 'curly' ? curls(look, { x0: -300, x1: 300, y0: -180, y1: 220 }) : strands(look, part, 380)}</g>`
      : '') +
    `</g>` +
    soft(id, { cx: 0, cy: 236, rx: male ? 250 : 220, ry: 90 }, '#000000', 0.2) +
    neck +
    outfit(look, pose, id) +
    `<g transform="rotate(${pose.tilt.toFixed(2)} 0 120)">` +
    ears +
    earrings +
    `<path d="${face}" fill="url(#${id}-face)"/>` +
    `<path d="${face}" fill="url(#${id}-vol)"/>` +
    soft(id, { cx: pose.lookX, cy: 8, rx: 12, ry: 36 }, tint(look.skin, 0.35), 0.45) +
    beard(look) +
    features(look, pose, id) +
    [9, 6, 3]
      .map(
        (d) =>
          `<g transform="translate(${pose.light * -d * 0.5} ${d})" opacity="0.09">${frontHair({ ...look, hair: shade(look.skin, 0.6) }, id, true)}</g>`,
      )
      .join('') +
    frontHair(look, id) +
    (['buzz', 'curlyshort', 'short', 'receding'].includes(look.hairStyle)
      ? ''
      : `<g clip-path="url(#${id}-hc)">${look.hairStyle === 'curly' ? curls(look, { x0: -130, x1: 130, y0: -190, y1: -40 }) : strands(look, part, 380)}</g>`) +
    `</g>`;
  return { defs: figureDefs(look, pose, id), body: head };
}
