// Colour arithmetic and palettes for the generated demo portraits (kept apart so scenes and figure share them).

/** Mixes two #rrggbb colours; t=0 gives `a`, t=1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const pa = parse(a);
  const pb = parse(b);
  const c = pa.map((v, i) => Math.round(v + (pb[i] - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Darker shade of `c` by fraction `t` (0..1). */
export const shade = (c: string, t: number) => mix(c, '#000000', t);
/** Lighter tint of `c` by fraction `t` (0..1). */
export const tint = (c: string, t: number) => mix(c, '#ffffff', t);

function parse(c: string): number[] {
  const h = c.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}

/** Six skin tones, light to deep (the generator's `skin` is an index into this list). */
export const skinTones = ['#f5d7c3', '#ebc2a3', '#dba57f', '#c4885c', '#9a6342', '#6b4330'] as const;

/** Hair base colours for the contract's hair_color values; `other` is a dyed shade picked per member. */
export const hairColors: Record<string, readonly string[]> = {
  black: ['#1d1a1c', '#24201f', '#151318'],
  brown: ['#4e3121', '#5d3a24', '#6b4a33', '#3f281c'],
  blonde: ['#d7b271', '#c9a064', '#e2c48a', '#b98f55'],
  red: ['#a2472a', '#b5552f', '#8e3b24'],
  grey: ['#b5b1ac', '#9f9b97', '#cfccc8'],
  other: ['#7b2f4b', '#4b3a6b', '#e6dccd', '#a05a7a'],
};

/** Dyed shades for men with hair_color "other": platinum, blue-black, copper (pastels read as a knitted cap). */
export const maleOtherHair = ['#e6dccd', '#2e3744', '#8a4f2e'] as const;

/** Clothing colours that photograph well against the scenes. */
export const clothes = [
  '#2f3e5c',
  '#8c2f39',
  '#f0ece4',
  '#3f6b5a',
  '#c97b4a',
  '#1f1f24',
  '#5f77a3',
  '#d8a9a0',
  '#6b7a3a',
  '#e0b955',
  '#fafafa',
  '#6f4f86',
  '#2b5c7a',
  '#b04a5a',
] as const;

export const eyeColors: Record<string, string> = {
  brown: '#4a2e1c',
  blue: '#4f7fae',
  green: '#4f7d4f',
  grey: '#6f7d87',
  hazel: '#7a5a2e',
};
