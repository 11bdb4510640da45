/**
 * Product artwork generator: the seeds, their URL, and the SVG document a seed renders to.
 *
 * Product images are not photos: every image is an SVG drawn from a short seed
 * `<motif>-<hue>-<variant>` (see ArtSeed in server/db/seed/types.ts) and served at
 * /media/art/<seed>.svg. Rendering is pure and deterministic: the only randomness is a
 * small PRNG seeded from the seed string, so the same seed always yields byte-identical
 * markup (safe to cache forever / ETag by seed). This module lays out the frame; the
 * drawing is in artwork/: drawing.ts (the PRNG, palette and shared pieces) and the
 * motifs (tea-coffee.ts, incense-spirits-gifts.ts, landscape.ts).
 *
 * Style: a light, low-saturation gradient from the hue, a quiet paper grain, a soft
 * backdrop shape and a flat illustration of the motif in a few hsl() tones of the hue.
 * The variant (0–9) changes composition: backdrop, offsets, small rotations, accents and
 * per-motif details (handle style, bottle shape, number of leaves, ...).
 *
 * Nothing user-provided is interpolated into the markup except the validated motif name
 * and two small integers.
 */
import type { ArtMotif } from '../db/seed/types.ts';
import { accents, backdrop, grain, hashString, n, n2, palette, Rng, type Ctx, type Draw } from './artwork/drawing.ts';
import { drawBottle, drawBox, drawCenser, drawGlass, drawIncense } from './artwork/incense-spirits-gifts.ts';
import { drawLandscape } from './artwork/landscape.ts';
import { drawBean, drawCup, drawKettle, drawLeaf, drawPourover, drawTeapot } from './artwork/tea-coffee.ts';

export const ART_MOTIFS: readonly ArtMotif[] = [
  'leaf',
  'teapot',
  'cup',
  'bean',
  'pourover',
  'incense',
  'censer',
  'bottle',
  'glass',
  'kettle',
  'box',
  'landscape',
];

const MOTIF_TITLES: Record<ArtMotif, string> = {
  leaf: 'Tea leaves',
  teapot: 'Teapot',
  cup: 'Tea cup',
  bean: 'Coffee beans',
  pourover: 'Pour-over coffee dripper',
  incense: 'Incense sticks',
  censer: 'Incense censer',
  bottle: 'Bottle',
  glass: 'Glass',
  kettle: 'Gooseneck kettle',
  box: 'Gift box',
  landscape: 'Misty mountain landscape',
};

export interface ParsedArtSeed {
  motif: ArtMotif;
  hue: number;
  variant: number;
}

const SEED_RE = /^([a-z]+)-(0|[1-9][0-9]{0,2})-([0-9])$/;

/** Strictly parse `<motif>-<hue>-<variant>`; anything else (including leading zeros) is null. */
export function parseArtSeed(seed: string): ParsedArtSeed | null {
  if (typeof seed !== 'string' || seed.length > 32) return null;
  const m = SEED_RE.exec(seed);
  if (!m) return null;
  const motif = m[1] as ArtMotif;
  if (!(ART_MOTIFS as readonly string[]).includes(motif)) return null;
  const hue = Number(m[2]);
  const variant = Number(m[3]);
  if (!Number.isInteger(hue) || hue < 0 || hue > 359) return null;
  if (!Number.isInteger(variant) || variant < 0 || variant > 9) return null;
  return { motif, hue, variant };
}

/** Public URL of the rendered artwork for a seed. */
export function artworkUrl(seed: string): string {
  return `/media/art/${seed}.svg`;
}

/** Per-motif scale so every object fills the frame similarly. */
const MOTIF_SCALE: Record<ArtMotif, number> = {
  leaf: 1,
  teapot: 1.04,
  cup: 1.08,
  bean: 1.04,
  pourover: 1.04,
  incense: 1.1,
  censer: 1.1,
  bottle: 1.04,
  glass: 1.22,
  kettle: 1.06,
  box: 1.16,
  landscape: 1,
};

const DRAW: Record<ArtMotif, Draw> = {
  leaf: drawLeaf,
  teapot: drawTeapot,
  cup: drawCup,
  bean: drawBean,
  pourover: drawPourover,
  incense: drawIncense,
  censer: drawCenser,
  bottle: drawBottle,
  glass: drawGlass,
  kettle: drawKettle,
  box: drawBox,
  landscape: drawLandscape,
};

/**
 * Render the artwork for a seed as a standalone SVG document, or null if the seed is
 * invalid. Deterministic: the same seed always gives byte-identical output.
 */
export function renderArtwork(seed: string): string | null {
  const parsed = parseArtSeed(seed);
  if (!parsed) return null;
  const { motif, hue, variant } = parsed;
  const canonical = `${motif}-${hue}-${variant}`;
  const p = palette(hue);
  const c: Ctx = {
    p,
    r: new Rng(hashString(`sip&gather:${canonical}`)),
    v: variant,
    id: (name) => `sg-${canonical}-${name}`,
  };
  const bgId = c.id('bg');
  const title = MOTIF_TITLES[motif];
  let body = '';
  body += `<defs><linearGradient id="${bgId}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bgTop}"/><stop offset="1" stop-color="${p.bgBottom}"/></linearGradient></defs>`;
  body += `<rect width="800" height="800" fill="url(#${bgId})"/>`;
  if (motif === 'landscape') {
    body += grain(c, 110 + variant * 6);
    body += DRAW[motif](c);
  } else {
    body += backdrop(c);
    body += `<rect y="${n(612)}" width="800" height="188" fill="${p.table}" opacity=".55"/>`;
    body += grain(c, 110 + (variant % 4) * 25);
    body += accents(c);
    const dx = c.r.range(-14, 14);
    const tilt = motif === 'leaf' || motif === 'bean' ? 0 : c.r.range(-2.5, 2.5);
    const scale = MOTIF_SCALE[motif] * (0.95 + (variant % 3) * 0.025);
    body += `<g transform="translate(${n(400 + dx)} 612) rotate(${n(tilt)}) scale(${n2(scale)}) translate(-400 -612)">`;
    body += DRAW[motif](c);
    body += `</g>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    body +
    `</svg>`
  );
}
