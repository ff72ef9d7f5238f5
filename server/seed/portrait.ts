// Demo portraits: an SVG drawn from a photo's generator params, rendered by the image service with sharp.
// Same member = same look (skin, hair, eyes); each photo index gets its own scene, pose, crop and outfit.
import sharp from 'sharp';
import { createRandom } from './random.ts';
import { hairColors, maleOtherHair, mix, skinTones } from './portrait-color.ts';
import { drawFigure, pickLook, pickPose } from './portrait-figure.ts';
import { H, W, drawScene, sceneKinds } from './portrait-scenes.ts';

/** The params stored in `photos.generator` for a generated demo portrait. */
export interface PortraitParams {
  /** Generator version; bump when the drawing changes so stored files can be told apart. */
  v: 1;
  /** The member's seed: the same for all their photos. */
  seed: number;
  /** Photo position (0 = main photo). */
  index: number;
  gender: 'male' | 'female';
  /** Contract hair_color: black, brown, blonde, red, grey, other. */
  hair_color: string;
  /** Contract eye_color. */
  eye_color: string;
  /** Index into the six skin tones, light (0) to deep (5). */
  skin: number;
  /** Age in years (older members get grey or receding hair more often, and smile lines). */
  age: number;
}

/** Reads generator params from a `photos.generator` value; null when it is not a portrait generator. */
export function parsePortraitParams(g: Record<string, string | number> | null | undefined): PortraitParams | null {
  if (!g || g.v !== 1) return null;
  const num = (k: string) => (typeof g[k] === 'number' ? (g[k] as number) : NaN);
  const params: PortraitParams = {
    v: 1,
    seed: num('seed'),
    index: num('index'),
    gender: g.gender === 'male' ? 'male' : 'female',
    hair_color: String(g.hair_color ?? 'brown'),
    eye_color: String(g.eye_color ?? 'brown'),
    skin: num('skin'),
    age: num('age'),
  };
  return [params.seed, params.index, params.skin, params.age].every(Number.isFinite) ? params : null;
}

/** The two layers of a portrait: the scene (blurred by the renderer) and the person with the light on top. */
interface PortraitLayers {
  /** Scene SVG drawn at half size (360x480), since it is blurred anyway. */
  scene: string;
  /** Gaussian blur of the scene at full size, in px (0 = sharp studio backdrop). */
  blur: number;
  /** Person, light glow and vignette: a transparent 720x960 SVG. */
  figure: string;
}

/** Draws a portrait's layers as SVG, shapes only (no text or fonts needed). Deterministic for the same params. */
function portraitLayers(p: PortraitParams): PortraitLayers {
  const member = createRandom(p.seed);
  const shades = p.hair_color === 'other' && p.gender === 'male' ? maleOtherHair : (hairColors[p.hair_color] ?? hairColors.brown);
  const look = pickLook(member, {
    gender: p.gender,
    skin: skinTones[Math.min(5, Math.max(0, p.skin))],
    hair: member.pick(shades),
    dyed: p.hair_color === 'other',
    age: p.age,
    eyeColor: p.eye_color,
  });
  // Each photo: its own scene (main photos prefer the studio), pose and crop.
  const photo = createRandom((p.seed ^ Math.imul(p.index + 1, 0x9e3779b1)) >>> 0);
  const order = member.sample(sceneKinds, sceneKinds.length);
  const kind = p.index === 0 && member.chance(0.4) ? 'studio' : order[p.index % order.length];
  const scene = drawScene(kind, photo);
  const pose = pickPose(photo, look, scene.light, scene.lightColor);
  const crop = p.index === 0 ? photo.pick([1.36, 1.44]) : photo.pick([1.1, 1.22, 1.34, 1.46]);
  const cx = W / 2 + (photo.next() - 0.5) * (p.index === 0 ? 40 : 140);
  const cy = 410 + (1.3 - crop) * 110 + (photo.next() - 0.5) * 40;
  const fig = drawFigure(look, pose, 'p');
  const glowX = scene.light < 0 ? 0.15 : 0.85;
  const svg = (w: number, h: number, body: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
  return {
    scene: svg(
      W / 2,
      H / 2,
      `<defs>${scene.defs}</defs><rect width="${W}" height="${H}" fill="${mix(scene.lightColor, '#556070', 0.5)}"/>${scene.body}`,
    ),
    blur: scene.blur,
    figure: svg(
      W,
      H,
      `<defs>${fig.defs}` +
        `<radialGradient id="vig" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.38"/></radialGradient>` +
        `<radialGradient id="glow" cx="${glowX}" cy="0.25" r="0.7"><stop offset="0" stop-color="${scene.lightColor}" stop-opacity="0.28"/><stop offset="1" stop-color="${scene.lightColor}" stop-opacity="0"/></radialGradient>` +
        `</defs>` +
        `<g transform="translate(${cx.toFixed(1)} ${cy.toFixed(1)}) scale(${crop})">${fig.body}</g>` +
        `<rect width="${W}" height="${H}" fill="url(#glow)"/>` +
        `<rect width="${W}" height="${H}" fill="url(#vig)"/>`,
    ),
  };
}

/**
 * Renders a portrait to raw RGB pixels, 720x960: the scene rendered small, blurred and scaled up (cheap
 * depth of field), with the person composited on top. About 60-100 ms on one core.
 */
export async function renderPortrait(p: PortraitParams): Promise<{ data: Buffer; info: sharp.OutputInfo }> {
  const layers = portraitLayers(p);
  let scene = sharp(Buffer.from(layers.scene)).removeAlpha();
  if (layers.blur > 0)
    scene = sharp(
      await scene
        .blur(layers.blur / 2)
        .raw()
        .toBuffer(),
      { raw: { width: W / 2, height: H / 2, channels: 3 } },
    );
  const background = await scene.resize(W, H, { kernel: 'cubic' }).png({ compressionLevel: 0 }).toBuffer();
  return sharp(background)
    .composite([{ input: Buffer.from(layers.figure) }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
}
