// Hair of the generated demo portraits: back and front layers per style, strand and curl textures, beards.
// Same local frame as portrait-figure.ts (head centre at 0,0).
import { shade, tint } from './portrait-color.ts';
import type { Look } from './portrait-figure.ts';

/** Fine strands over a hair area (clipped to it by the caller), so hair reads as hair and not as a helmet. */
export function strands(look: Look, part: number, bottom: number): string {
  let s = '';
  for (let i = 0; i <= 24; i++) {
    const x = -132 + i * 11;
    const c = i % 2 ? tint(look.hair, 0.3) : shade(look.hair, 0.35);
    s += `<path d="M${(part + x * 0.2).toFixed(1)},-170 C${(x * 0.95).toFixed(1)},-150 ${(x * 1.2).toFixed(1)},-40 ${(x * 1.12 + (i % 3) * 3).toFixed(1)},${bottom}" stroke="${c}" stroke-width="${1.5 + (i % 3) * 0.7}" fill="none" opacity="0.22"/>`;
  }
  return s;
}

/** Small rings of light and dark over an area (clipped by the caller): the texture of curly hair. */
export function curls(look: Look, { x0, x1, y0, y1 }: { x0: number; x1: number; y0: number; y1: number }): string {
  let s = '';
  for (let y = y0, row = 0; y <= y1; y += 13, row++) {
    for (let x = x0 + (row % 2) * 7; x <= x1; x += 14) {
      const c = (x / 14 + row) % 2 === 0 ? tint(look.hair, 0.3) : shade(look.hair, 0.35);
      s += `<circle cx="${x}" cy="${y}" r="5.5" fill="none" stroke="${c}" stroke-width="2.4" opacity="0.4"/>`;
    }
  }
  return s;
}

/** Hair drawn behind the head and body (long styles hang behind the shoulders). */
export function backHair(look: Look): string {
  const h = shade(look.hair, 0.18);
  switch (look.hairStyle) {
    case 'long':
      return `<path d="M-98,-40 C-128,40 -150,200 -160,340 Q0,372 160,340 C150,200 128,40 98,-40 Z" fill="${h}"/>`;
    case 'wavy':
      return `<path d="M-98,-40 C-130,30 -144,110 -138,190 C-134,250 -162,290 -156,350 Q0,380 156,350 C162,290 134,250 138,190 C144,110 130,30 98,-40 Z" fill="${h}"/>`;
    case 'shoulder':
      return `<path d="M-104,-60 C-128,40 -136,140 -138,220 Q0,246 138,220 C136,140 128,40 104,-60 Z" fill="${h}"/>`;
    case 'bob':
      return `<path d="M-104,-50 C-124,30 -126,96 -118,134 Q0,156 118,134 C126,96 124,30 104,-50 Z" fill="${h}"/>`;
    case 'curly': {
      let s = '';
      for (let a = 0; a < 360; a += 22) {
        const rad = (a * Math.PI) / 180;
        const y = -10 + Math.sin(rad) * 150;
        if (y > 200) continue;
        s += `<circle cx="${(Math.cos(rad) * 138).toFixed(1)}" cy="${y.toFixed(1)}" r="${48 + (a % 3) * 6}" fill="${h}"/>`;
      }
      return s + `<ellipse cx="0" cy="-10" rx="150" ry="160" fill="${h}"/>`;
    }
    case 'medium':
      return `<path d="M-96,-60 C-112,0 -110,50 -100,80 L100,80 C110,50 112,0 96,-60 Z" fill="${h}"/>`;
    default:
      return '';
  }
}

/** Hair drawn over the face: the cap, fringe and locks that frame it. */
export function frontHair(look: Look, id: string, flat = false): string {
  const f = flat ? look.hair : `url(#${id}-hair)`;
  switch (look.hairStyle) {
    case 'long':
    case 'wavy':
    case 'shoulder': {
      const len = look.hairStyle === 'shoulder' ? 200 : 260;
      const wave = look.hairStyle === 'wavy' ? 22 : 0;
      return (
        `<path d="M-106,40 C-114,-92 -60,-156 6,-156 C78,-156 116,-92 106,40 C${112 + wave},120 ${104 - wave},180 ${120 + wave},${len} Q100,${len + 14} 80,${len - 6} ` +
        `C86,150 84,60 78,-20 C62,-70 34,-92 14,-104 C-20,-84 -64,-66 -80,-20 C-86,60 -88,150 -80,${len - 6} Q-100,${len + 14} -${120 + wave},${len} C-${104 - wave},180 -${112 + wave},120 -106,40 Z" fill="${f}"/>`
      );
    }
    case 'bob':
      return (
        `<path d="M-108,30 C-116,-96 -60,-156 4,-156 C74,-156 116,-96 108,30 C112,80 116,110 120,134 Q100,144 82,128 C84,80 84,20 80,-30 ` +
        `C70,-56 50,-62 30,-62 L-40,-60 C-62,-58 -76,-50 -80,-30 C-84,20 -84,80 -82,128 Q-100,144 -120,134 C-116,110 -112,80 -108,30 Z" fill="${f}"/>`
      );
    case 'bun':
      return (
        `<circle cx="22" cy="-170" r="50" fill="${f}"/>` +
        `<path d="M-92,-8 C-100,-100 -56,-148 2,-148 C62,-148 100,-100 92,-8 C86,-52 64,-88 0,-92 C-60,-88 -86,-52 -92,-8 Z" fill="${f}"/>`
      );
    case 'ponytail':
      return (
        `<path d="M74,-110 C170,-90 176,70 150,230 Q130,254 118,226 C132,90 118,-10 66,-70 Z" fill="${f}"/>` +
        `<path d="M-92,-8 C-100,-100 -56,-150 2,-150 C62,-150 100,-100 92,-8 C86,-52 64,-86 8,-92 C-56,-86 -86,-52 -92,-8 Z" fill="${f}"/>`
      );
    case 'curly': {
      let s = '';
      for (let x = -96; x <= 96; x += 24) {
        const y = -96 + Math.abs(x) * 0.35 - (x % 48 === 0 ? 6 : 0);
        s += `<circle cx="${x}" cy="${y.toFixed(1)}" r="${30 - Math.abs(x) * 0.05}" fill="${f}"/>`;
      }
      return `<path d="M-98,-40 C-100,-120 -50,-160 0,-160 C50,-160 100,-120 98,-40 Z" fill="${f}"/>` + s;
    }
    case 'short':
      return (
        `<path d="M-92,-16 C-100,-102 -56,-152 0,-152 C58,-152 100,-102 92,-16 L86,-22 C82,-66 60,-84 20,-86 C-20,-90 -68,-78 -86,-22 Z" fill="${f}"/>` +
        `<path d="M-89,-24 L-80,-26 L-81,22 L-88,18 Z M89,-24 L80,-26 L81,22 L88,18 Z" fill="${f}"/>`
      );
    case 'sidepart':
      return (
        `<path d="M-94,-14 C-106,-112 -62,-170 8,-168 C84,-166 110,-104 94,-14 L86,-26 C82,-78 56,-94 -6,-98 C-46,-98 -76,-78 -86,-26 Z" fill="${f}"/>` +
        `<path d="M-89,-24 L-80,-26 L-81,20 L-88,16 Z M89,-24 L80,-26 L81,20 L88,16 Z" fill="${f}"/>`
      );
    case 'buzz':
      return `<path d="M-90,-20 C-96,-100 -54,-134 0,-134 C54,-134 96,-100 90,-20 L86,-26 C80,-66 56,-80 0,-82 C-56,-80 -80,-66 -86,-26 Z" fill="${f}" opacity="0.85"/>`;
    case 'curlyshort': {
      // A bumpy outline (same colour, so no ring) and small light and dark curls over the cap.
      let s = '';
      for (let a = 190; a <= 350; a += 16) {
        const t = (a * Math.PI) / 180;
        s += `<circle cx="${(Math.cos(t) * 92).toFixed(1)}" cy="${(-52 + Math.sin(t) * 92).toFixed(1)}" r="17" fill="${f}"/>`;
      }
      const cap = `M-92,-20 C-98,-100 -54,-146 0,-146 C54,-146 98,-100 92,-20 L86,-28 C80,-70 56,-86 0,-88 C-56,-86 -80,-70 -86,-28 Z`;
      return (
        `<path d="${cap}" fill="${f}"/>` +
        s +
        (flat
          ? ''
          : `<clipPath id="${id}-cc"><path d="${cap}"/>${s}</clipPath><g clip-path="url(#${id}-cc)">${curls(look, { x0: -110, x1: 110, y0: -160, y1: -70 })}</g>`)
      );
    }
    case 'receding':
      return (
        `<path d="M-92,-10 C-98,-60 -90,-90 -72,-104 C-78,-76 -82,-40 -84,-8 Z M92,-10 C98,-60 90,-90 72,-104 C78,-76 82,-40 84,-8 Z" fill="${f}"/>` +
        `<path d="M-72,-104 C-40,-128 40,-128 72,-104 C40,-116 -40,-116 -72,-104 Z" fill="${f}" opacity="0.6"/>`
      );
    case 'medium':
    default:
      return `<path d="M-100,40 C-110,-100 -58,-160 4,-158 C72,-156 112,-100 100,40 L88,50 C88,0 84,-40 70,-62 C40,-80 -10,-52 -60,-70 C-80,-40 -84,0 -86,50 Z" fill="${f}"/>`;
  }
}

/** Stubble, short or full beard with moustache, in the member's natural hair colour. */
export function beard(look: Look): string {
  if (look.beard === 'none') return '';
  const chin = look.beard === 'full' ? 150 : 136;
  const d =
    `M-86,-8 C-86,30 -80,74 -58,102 C-36,128 -16,${chin} 0,${chin} C16,${chin} 36,128 58,102 C80,74 86,30 86,-8 ` +
    `C80,36 64,48 40,46 Q0,38 -40,46 C-64,48 -80,36 -86,-8 Z`;
  const opacity = look.beard === 'stubble' ? 0.22 : look.beard === 'short' ? 0.8 : 0.95;
  const moustache =
    look.beard === 'stubble' ? '' : `<path d="M-30,58 Q0,44 30,58 Q0,54 -30,58 Z" fill="${look.body}" opacity="${opacity}"/>`;
  return `<path d="${d}" fill="${look.body}" opacity="${opacity}"/>` + moustache;
}
