/**
 * Product artwork generator.
 *
 * Product images are not photos: every image is an SVG drawn here from a short seed
 * `<motif>-<hue>-<variant>` (see ArtSeed in server/db/seed/types.ts) and served at
 * /media/art/<seed>.svg. Rendering is pure and deterministic: the only randomness is a
 * small PRNG seeded from the seed string, so the same seed always yields byte-identical
 * markup (safe to cache forever / ETag by seed).
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

// ---------------------------------------------------------------------------------------
// Deterministic helpers

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed | 0;
  }
  /** mulberry32: uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(a: number, b: number): number {
    return a + (b - a) * this.next();
  }
  int(a: number, b: number): number {
    return Math.floor(this.range(a, b + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** Compact, deterministic number formatting (one decimal). */
function n(x: number): string {
  const r = Math.round(x * 10) / 10;
  return String(r === 0 ? 0 : r);
}

/** Two-decimal formatting, for scale factors. */
function n2(x: number): string {
  const r = Math.round(x * 100) / 100;
  return String(r === 0 ? 0 : r);
}

function hsl(h: number, s: number, l: number): string {
  const hh = ((Math.round(h) % 360) + 360) % 360;
  return `hsl(${hh},${Math.round(s)}%,${Math.round(l)}%)`;
}

interface Palette {
  h: number;
  bgTop: string;
  bgBottom: string;
  backdrop: string;
  table: string;
  ink: string;
  deep: string;
  main: string;
  soft: string;
  pale: string;
  accent: string;
  accentDeep: string;
  white: string;
}

function palette(h: number): Palette {
  const a = h + 32;
  return {
    h,
    bgTop: hsl(h, 30, 96),
    bgBottom: hsl(h + 10, 24, 89),
    backdrop: hsl(h, 30, 91),
    table: hsl(h + 10, 20, 86),
    ink: hsl(h, 30, 22),
    deep: hsl(h, 32, 36),
    main: hsl(h, 30, 53),
    soft: hsl(h, 32, 73),
    pale: hsl(h, 36, 88),
    accent: hsl(a, 46, 63),
    accentDeep: hsl(a, 36, 45),
    white: hsl(h, 40, 98),
  };
}

interface Ctx {
  p: Palette;
  r: Rng;
  v: number;
  /** Document-unique id (seed-prefixed, so several inlined SVGs don't clash). */
  id: (name: string) => string;
}

// ---------------------------------------------------------------------------------------
// Shared pieces

function shadow(c: Ctx, cx: number, cy: number, rx: number, ry = 16): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${c.p.ink}" opacity=".13"/>`;
}

/** A rising wisp of smoke or steam from (x, y) upwards by `height`. */
function wisp(x: number, y: number, height: number, sway: number, phase: 1 | -1): string {
  const s = sway * phase;
  const q = height / 4;
  return (
    `M${n(x)} ${n(y)}` +
    `C${n(x + s)} ${n(y - q * 0.7)} ${n(x + s)} ${n(y - q * 1.3)} ${n(x)} ${n(y - q * 2)}` +
    `S${n(x - s * 0.8)} ${n(y - q * 3.4)} ${n(x + s * 0.2)} ${n(y - height)}`
  );
}

function grain(c: Ctx, count: number): string {
  let dark = '';
  let light = '';
  for (let i = 0; i < count; i++) {
    const d = `M${n(c.r.range(8, 792))} ${n(c.r.range(8, 792))}h.1`;
    if (i % 3 === 0) light += d;
    else dark += d;
  }
  return (
    `<path d="${dark}" stroke="${c.p.ink}" stroke-width="2.4" stroke-linecap="round" opacity=".1"/>` +
    `<path d="${light}" stroke="${c.p.white}" stroke-width="3" stroke-linecap="round" opacity=".7"/>`
  );
}

function backdrop(c: Ctx): string {
  const { p, v } = c;
  const kind = v % 3;
  if (kind === 0) {
    return `<circle cx="400" cy="392" r="292" fill="${p.backdrop}"/>`;
  }
  if (kind === 1) {
    return `<path d="M178 ${n(640)}V352A222 222 0 0 1 622 352V640Z" fill="${p.backdrop}"/>`;
  }
  let rings = `<circle cx="400" cy="400" r="250" fill="${p.backdrop}"/>`;
  for (let r = 280; r <= 370; r += 30) {
    rings += `<circle cx="400" cy="400" r="${r}" fill="none" stroke="${p.soft}" stroke-width="1.6" opacity="${n(0.65 - (r - 280) / 200)}"/>`;
  }
  return rings;
}

/** Small calm accents around the edges: a few dots, or a little red seal mark. */
function accents(c: Ctx): string {
  const { p, r, v } = c;
  let out = '';
  if (v % 4 === 1 || v % 4 === 2) {
    const count = 3 + (v % 3);
    const base = r.range(0, Math.PI * 2);
    for (let i = 0; i < count; i++) {
      const a = base + i * 0.32 + r.range(-0.05, 0.05);
      const rad = 318 + r.range(-12, 18);
      const x = 400 + Math.cos(a) * rad;
      const y = 392 + Math.sin(a) * rad * 0.92;
      if (y > 600) continue;
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r.range(4, 9))}" fill="${i % 2 ? p.accent : p.soft}"/>`;
    }
  }
  if (v >= 6) {
    // A chop seal, tea house style.
    out +=
      `<g transform="translate(712 712)" opacity=".85"><rect x="-22" y="-22" width="44" height="44" rx="6" fill="${hsl(4, 56, 50)}"/>` +
      `<path d="M-11 -11h22M-11 0h22M0 -11v22M-11 11h22" stroke="${p.white}" stroke-width="3.4" stroke-linecap="round" fill="none"/></g>`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Motifs. All draw in absolute 800×800 coordinates, centred near x=400, resting on y≈612.

function leafShape(
  x: number,
  y: number,
  len: number,
  w: number,
  angle: number,
  light: string,
  dark: string,
  vein: string,
  veins: number,
): string {
  const bend = w * 0.16;
  const outline = `M0 0C${n(w)} ${n(-len * 0.22)} ${n(w * 0.86)} ${n(-len * 0.74)} 0 ${n(-len)}`;
  let d = `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)})">`;
  d += `<path d="${outline}C${n(-w * 0.86)} ${n(-len * 0.74)} ${n(-w)} ${n(-len * 0.22)} 0 0Z" fill="${light}"/>`;
  d += `<path d="M0 0C${n(-w)} ${n(-len * 0.22)} ${n(-w * 0.86)} ${n(-len * 0.74)} 0 ${n(-len)}Q${n(bend)} ${n(-len / 2)} 0 0Z" fill="${dark}"/>`;
  let v = `M0 ${n(len * 0.06)}Q${n(bend)} ${n(-len / 2)} 0 ${n(-len * 0.93)}`;
  for (let k = 1; k <= veins; k++) {
    const t = k / (veins + 1);
    const vx = 2 * t * (1 - t) * bend;
    const vy = -len * t;
    const reach = w * (0.7 - 0.25 * Math.abs(t - 0.4));
    v += `M${n(vx)} ${n(vy)}Q${n(vx + reach * 0.5)} ${n(vy - len * 0.04)} ${n(vx + reach)} ${n(vy - len * 0.13)}`;
    v += `M${n(vx)} ${n(vy)}Q${n(vx - reach * 0.5)} ${n(vy - len * 0.04)} ${n(vx - reach)} ${n(vy - len * 0.13)}`;
  }
  d += `<path d="${v}" fill="none" stroke="${vein}" stroke-width="3.2" stroke-linecap="round" opacity=".8"/></g>`;
  return d;
}

function drawLeaf(c: Ctx): string {
  const { p, r, v } = c;
  const mirror = v % 2 === 1;
  const rot = r.range(-10, 10) + (v % 5) * 3 - 6;
  let g = `<g transform="rotate(${n(rot)} 400 420)${mirror ? ' translate(800 0) scale(-1 1)' : ''}">`;
  g += `<path d="M388 668C376 560 428 430 406 218" fill="none" stroke="${p.deep}" stroke-width="9" stroke-linecap="round"/>`;
  const leaves: Array<[number, number, number, number, number]> = [
    [393, 560, -58 + r.range(-6, 6), 230 + r.range(-10, 14), 88],
    [409, 455, 52 + r.range(-6, 6), 210 + r.range(-12, 12), 80],
  ];
  if (v % 3 !== 2) leaves.push([414, 352, -40 + r.range(-6, 6), 160 + r.range(-10, 10), 62]);
  for (const [x, y, a, len, w] of leaves) {
    g += leafShape(x, y, len, w, a, p.main, p.deep, p.pale, 5);
  }
  // The bud.
  g += leafShape(406, 226, 118, 34, 6 + r.range(-4, 4), p.soft, p.main, p.pale, 0);
  g += `</g>`;
  let extra = '';
  if (v % 4 === 3) {
    // A few loose dried leaves at the foot.
    for (let i = 0; i < 3; i++) {
      extra += leafShape(300 + i * 95 + r.range(-10, 10), 650 + r.range(-8, 8), 56, 20, 70 + r.range(-40, 40), p.soft, p.main, p.pale, 0);
    }
  }
  return shadow(c, 400, 676, 120, 12) + g + extra;
}

function drawTeapot(c: Ctx): string {
  const { p, r, v } = c;
  const clip = c.id('pot');
  const topHandle = v % 2 === 1;
  const squat = v % 3 === 2 ? 0.88 : 1;
  const ry = 140 * squat;
  const cy = 598 - ry;
  const top = cy - ry * 0.88;
  let s = shadow(c, 400, 616, 210);
  s += `<defs><clipPath id="${clip}"><ellipse cx="400" cy="${n(cy)}" rx="178" ry="${n(ry)}"/></clipPath></defs>`;
  // Spout.
  s += `<path d="M540 ${n(cy - 10)}C596 ${n(cy - 20)} 630 ${n(cy - 70)} 668 ${n(cy - 136)}L694 ${n(cy - 126)}C668 ${n(cy - 50)} 640 ${n(cy + 60)} 548 ${n(cy + 78)}Z" fill="${p.main}"/>`;
  s += `<path d="M668 ${n(cy - 136)}L694 ${n(cy - 126)}" stroke="${p.deep}" stroke-width="8" stroke-linecap="round"/>`;
  // Handle.
  if (topHandle) {
    s += `<path d="M296 ${n(top + 30)}C300 ${n(top - 150)} 500 ${n(top - 150)} 504 ${n(top + 30)}" fill="none" stroke="${p.ink}" stroke-width="16" stroke-linecap="round"/>`;
    s += `<path d="M316 ${n(top - 52)}C350 ${n(top - 110)} 450 ${n(top - 110)} 484 ${n(top - 52)}" fill="none" stroke="${p.accentDeep}" stroke-width="22" stroke-linecap="round"/>`;
  } else {
    s += `<path d="M240 ${n(cy - 78)}C140 ${n(cy - 100)} 128 ${n(cy + 70)} 252 ${n(cy + 52)}" fill="none" stroke="${p.deep}" stroke-width="26" stroke-linecap="round"/>`;
  }
  // Foot and body.
  s += `<path d="M318 ${n(cy + ry - 14)}H482L470 612H330Z" fill="${p.deep}"/>`;
  s += `<ellipse cx="400" cy="${n(cy)}" rx="178" ry="${n(ry)}" fill="${p.main}"/>`;
  // Decoration, clipped to the body.
  let deco = '';
  const kind = v % 3;
  if (kind === 0) {
    deco += `<path d="M210 ${n(cy + 6)}Q400 ${n(cy + 58)} 590 ${n(cy + 6)}" fill="none" stroke="${p.deep}" stroke-width="22"/>`;
    for (let i = 0; i < 9; i++) {
      const t = (i + 0.5) / 9;
      const x = 232 + t * 336;
      const y = cy + 6 + 2 * t * (1 - t) * 52;
      deco += `<circle cx="${n(x)}" cy="${n(y)}" r="4.5" fill="${p.accent}"/>`;
    }
  } else if (kind === 1) {
    deco += `<circle cx="400" cy="${n(cy + 6)}" r="56" fill="${p.soft}"/>`;
    deco += leafShape(388, cy + 40, 82, 26, 28, p.main, p.deep, p.soft, 0);
    deco += leafShape(400, cy + 40, 70, 22, -24, p.main, p.deep, p.soft, 0);
  } else {
    for (let i = 0; i < 3; i++) {
      const y = cy + 20 + i * 22;
      deco += `<path d="M200 ${n(y)}q25 -14 50 0t50 0t50 0t50 0t50 0t50 0t50 0t50 0" fill="none" stroke="${p.soft}" stroke-width="5" opacity="${n(0.9 - i * 0.2)}"/>`;
    }
  }
  deco += `<ellipse cx="330" cy="${n(cy - ry * 0.45)}" rx="90" ry="${n(ry * 0.32)}" fill="${p.white}" opacity=".18" transform="rotate(-28 330 ${n(cy - ry * 0.45)})"/>`;
  s += `<g clip-path="url(#${clip})">${deco}</g>`;
  // Lid and knob.
  s += `<ellipse cx="400" cy="${n(top)}" rx="104" ry="17" fill="${p.deep}"/>`;
  s += `<path d="M314 ${n(top - 2)}C322 ${n(top - 58)} 478 ${n(top - 58)} 486 ${n(top - 2)}Z" fill="${p.soft}"/>`;
  s += `<rect x="391" y="${n(top - 62)}" width="18" height="22" fill="${p.deep}"/>`;
  s += `<circle cx="400" cy="${n(top - 64)}" r="${n(17 + r.range(0, 4))}" fill="${p.accent}"/>`;
  return s;
}

function drawCup(c: Ctx): string {
  const { p, r, v } = c;
  let s = '';
  const bowl = v % 2 === 0;
  let rimY: number;
  let steamX: number[];
  if (bowl) {
    const clip = c.id('bowl');
    rimY = 420;
    s += shadow(c, 400, 614, 170);
    s += `<defs><clipPath id="${clip}"><path d="M232 420H568C568 530 500 598 400 598C300 598 232 530 232 420Z"/></clipPath></defs>`;
    s += `<path d="M338 588H462L454 614H346Z" fill="${p.deep}"/>`;
    s += `<path d="M232 420H568C568 530 500 598 400 598C300 598 232 530 232 420Z" fill="${p.main}"/>`;
    // Glaze pooling at the rim.
    let drip = `M220 410H580V${n(470 + r.range(-6, 6))}`;
    for (let x = 580; x > 220; x -= 40) {
      drip += `Q${n(x - 20)} ${n(500 + r.range(-18, 26))} ${n(x - 40)} ${n(466 + r.range(-8, 10))}`;
    }
    s += `<g clip-path="url(#${clip})"><path d="${drip}Z" fill="${p.soft}"/>`;
    s += `<ellipse cx="330" cy="520" rx="34" ry="60" fill="${p.white}" opacity=".14" transform="rotate(24 330 520)"/></g>`;
    s += `<ellipse cx="400" cy="420" rx="168" ry="30" fill="${p.pale}"/>`;
    s += `<ellipse cx="400" cy="424" rx="150" ry="22" fill="${p.accentDeep}"/>`;
    s += `<ellipse cx="372" cy="420" rx="60" ry="7" fill="${p.white}" opacity=".25"/>`;
    steamX = [352, 400, 448];
  } else {
    rimY = 410;
    s += shadow(c, 400, 624, 230, 14);
    s += `<ellipse cx="400" cy="604" rx="220" ry="34" fill="${p.deep}"/>`;
    s += `<ellipse cx="400" cy="598" rx="214" ry="30" fill="${p.soft}"/>`;
    s += `<ellipse cx="400" cy="596" rx="120" ry="14" fill="${p.main}" opacity=".45"/>`;
    s += `<path d="M512 446C604 430 606 560 500 552" fill="none" stroke="${p.deep}" stroke-width="22" stroke-linecap="round"/>`;
    s += `<path d="M270 410H530C530 510 486 590 400 590C314 590 270 510 270 410Z" fill="${p.main}"/>`;
    s += `<path d="M276 ${n(460)}C340 472 460 472 524 460" fill="none" stroke="${p.accent}" stroke-width="10"/>`;
    s += `<ellipse cx="400" cy="410" rx="130" ry="24" fill="${p.pale}"/>`;
    s += `<ellipse cx="400" cy="414" rx="114" ry="17" fill="${p.accentDeep}"/>`;
    steamX = [370, 430];
    if (v % 4 === 1) steamX = [350, 400, 450];
  }
  let steam = '';
  steamX.forEach((x, i) => {
    steam += wisp(x, rimY - 30, 150 + r.range(0, 50) - (i % 2) * 30, 22, i % 2 ? 1 : -1);
  });
  s += `<path d="${steam}" fill="none" stroke="${p.soft}" stroke-width="11" stroke-linecap="round" opacity=".75"/>`;
  return s;
}

function bean(c: Ctx, x: number, y: number, scale: number, angle: number, body: string, half: string): string {
  const { p } = c;
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(angle)}) scale(${n2(scale)})">` +
    `<ellipse rx="94" ry="132" fill="${body}"/>` +
    `<path d="M0 -132C46 -62 -46 56 0 132A94 132 0 0 1 0 -132Z" fill="${half}"/>` +
    `<path d="M2 -118C42 -56 -42 50 2 118" fill="none" stroke="${p.ink}" stroke-width="12" stroke-linecap="round"/>` +
    `<path d="M54 -74C74 -34 74 26 56 68" fill="none" stroke="${p.white}" stroke-width="9" stroke-linecap="round" opacity=".22"/>` +
    `</g>`
  );
}

function drawBean(c: Ctx): string {
  const { p, r, v } = c;
  const spin = (v % 5) * 9 - 18 + r.range(-5, 5);
  let s = shadow(c, 400, 604, 210, 18);
  if (v % 3 === 1) {
    for (let i = 0; i < 4; i++) {
      const a = r.range(0, 360);
      const bx = 210 + i * 130 + r.range(-20, 20);
      const by = 640 + r.range(-14, 14);
      s += bean(c, bx, by, 0.26, a, p.soft, p.main);
    }
  }
  s += bean(c, 318 + r.range(-8, 8), 420 + r.range(-10, 10), 1, -32 + spin, p.deep, p.ink);
  s += bean(c, 490 + r.range(-8, 8), 470 + r.range(-10, 10), 0.92, 24 + spin, p.main, p.deep);
  return s;
}

function drawPourover(c: Ctx): string {
  const { p, r, v } = c;
  const clip = c.id('carafe');
  const carafe =
    'M352 428V446C262 474 238 560 276 598Q288 612 310 612H490Q512 612 524 598C562 560 538 474 448 446V428Z';
  let s = shadow(c, 400, 616, 190);
  s += `<defs><clipPath id="${clip}"><path d="${carafe}"/></clipPath></defs>`;
  s += `<path d="${carafe}" fill="${p.pale}"/>`;
  const level = 540 + r.range(-20, 20);
  s += `<g clip-path="url(#${clip})"><path d="M200 ${n(level)}Q400 ${n(level + 12)} 600 ${n(level)}V640H200Z" fill="${p.deep}"/>`;
  s += `<rect x="296" y="470" width="18" height="120" rx="9" fill="${p.white}" opacity=".55" transform="rotate(18 305 530)"/></g>`;
  s += `<path d="${carafe}" fill="none" stroke="${p.deep}" stroke-width="6" stroke-linejoin="round"/>`;
  if (v % 2 === 0) {
    // Wooden collar with a leather tie.
    s += `<path d="M338 446H462L470 486H330Z" fill="${p.accentDeep}"/>`;
    s += `<path d="M400 470l-26 36M400 470l22 38" stroke="${p.ink}" stroke-width="6" stroke-linecap="round"/>`;
    s += `<circle cx="400" cy="468" r="8" fill="${p.ink}"/>`;
  }
  // Dripper.
  s += `<ellipse cx="400" cy="418" rx="98" ry="14" fill="${p.deep}"/>`;
  const handleSide = v % 4 < 2 ? 1 : -1;
  s += `<path d="M${400 + 84 * handleSide} 282C${400 + 150 * handleSide} 282 ${400 + 150 * handleSide} 362 ${400 + 62 * handleSide} 360" fill="none" stroke="${p.main}" stroke-width="20" stroke-linecap="round"/>`;
  s += `<path d="M292 252H508L444 406H356Z" fill="${p.main}"/>`;
  s += `<path d="M330 268L374 396M364 268L387 396M436 268L413 396M470 268L426 396" stroke="${p.deep}" stroke-width="4" stroke-linecap="round" opacity=".45"/>`;
  // Filter paper above the rim.
  let paper = 'M306 246';
  for (let x = 306; x < 494; x += 23.5) {
    paper += `L${n(x + 11.7)} ${n(214 + r.range(-4, 4))}L${n(x + 23.5)} ${n(222 + r.range(-3, 3))}`;
  }
  s += `<path d="${paper}L494 246Z" fill="${p.white}"/>`;
  s += `<rect x="284" y="238" width="232" height="20" rx="10" fill="${p.soft}"/>`;
  // Kettle stream for some variants.
  if (v % 3 === 0) {
    s += `<path d="M${n(404 + r.range(-6, 6))} 90Q400 150 402 214" fill="none" stroke="${p.deep}" stroke-width="5" stroke-linecap="round" opacity=".55"/>`;
  } else {
    s += `<path d="${wisp(380, 200, 120, 16, 1)}${wisp(424, 196, 100, 14, -1)}" fill="none" stroke="${p.soft}" stroke-width="9" stroke-linecap="round" opacity=".75"/>`;
  }
  return s;
}

function drawIncense(c: Ctx): string {
  const { p, r, v } = c;
  let s = shadow(c, 400, 616, 200);
  const board = v % 3 === 2;
  const baseY = board ? 570 : 542;
  const count = v % 2 === 0 ? 3 : 2;
  const xs = count === 3 ? [352, 400, 448] : [374, 426];
  let sticks = '';
  let tips = '';
  let ash = '';
  let smoke = '';
  xs.forEach((x0, i) => {
    const lean = (i - (count - 1) / 2) * 14 + r.range(-5, 5);
    const len = 250 + r.range(-30, 40) - Math.abs(i - (count - 1) / 2) * 20;
    const a = (lean * Math.PI) / 180;
    const tx = x0 + Math.sin(a) * len;
    const ty = baseY - Math.cos(a) * len;
    const ax = x0 + Math.sin(a) * (len - 26);
    const ay = baseY - Math.cos(a) * (len - 26);
    sticks += `M${n(x0)} ${n(baseY)}L${n(ax)} ${n(ay)}`;
    ash += `M${n(ax)} ${n(ay)}L${n(tx)} ${n(ty)}`;
    tips += `<circle cx="${n(tx)}" cy="${n(ty)}" r="6" fill="${p.accent}"/>`;
    smoke += wisp(tx, ty - 8, 150 + r.range(0, 60), 18 + r.range(0, 10), i % 2 ? 1 : -1);
  });
  s += `<path d="${smoke}" fill="none" stroke="${p.deep}" stroke-width="3.2" stroke-linecap="round" opacity=".35"/>`;
  s += `<path d="${sticks}" stroke="${p.accentDeep}" stroke-width="7" stroke-linecap="round"/>`;
  s += `<path d="${ash}" stroke="${p.soft}" stroke-width="7" stroke-linecap="round"/>`;
  s += tips;
  if (board) {
    s += `<rect x="210" y="570" width="380" height="34" rx="17" fill="${p.main}"/>`;
    s += `<rect x="230" y="564" width="340" height="14" rx="7" fill="${p.soft}"/>`;
    s += `<ellipse cx="400" cy="570" rx="70" ry="12" fill="${p.deep}"/>`;
  } else {
    s += `<path d="M262 542H538C538 590 494 612 400 612C306 612 262 590 262 542Z" fill="${p.main}"/>`;
    s += `<ellipse cx="400" cy="542" rx="138" ry="20" fill="${p.pale}"/>`;
    s += `<path d="M268 566C340 580 460 580 532 566" fill="none" stroke="${p.deep}" stroke-width="6" opacity=".6"/>`;
  }
  return s;
}

function drawCenser(c: Ctx): string {
  const { p, r, v } = c;
  const clip = c.id('censer');
  const body = 'M262 436H538C538 522 482 566 400 566C318 566 262 522 262 436Z';
  let s = shadow(c, 400, 616, 190);
  // Smoke first, behind the lid.
  let smoke = '';
  const wisps = 2 + (v % 2);
  for (let i = 0; i < wisps; i++) {
    smoke += wisp(400 + (i - (wisps - 1) / 2) * 34, 292, 170 + r.range(0, 50), 20 + r.range(0, 10), i % 2 ? 1 : -1);
  }
  s += `<path d="${smoke}" fill="none" stroke="${p.deep}" stroke-width="3.4" stroke-linecap="round" opacity=".35"/>`;
  // Legs.
  s += `<path d="M300 520L284 608M400 560V614M500 520L516 608" stroke="${p.deep}" stroke-width="20" stroke-linecap="round"/>`;
  s += `<defs><clipPath id="${clip}"><path d="${body}"/></clipPath></defs>`;
  s += `<path d="${body}" fill="${p.main}"/>`;
  let deco = `<path d="M250 478H550" stroke="${p.deep}" stroke-width="16"/>`;
  if (v % 3 === 0) {
    deco += `<path d="M262 478${'h12v-8h12v16h12v-8'.repeat(8)}" fill="none" stroke="${p.accent}" stroke-width="3"/>`;
  } else {
    for (let x = 282; x < 530; x += 24) deco += `<circle cx="${x}" cy="478" r="4" fill="${p.accent}"/>`;
  }
  deco += `<ellipse cx="330" cy="500" rx="24" ry="50" fill="${p.white}" opacity=".16" transform="rotate(30 330 500)"/>`;
  s += `<g clip-path="url(#${clip})">${deco}</g>`;
  // Ears.
  s += `<path d="M270 430V370Q270 356 284 356H300Q314 356 314 370V430M486 430V370Q486 356 500 356H516Q530 356 530 370V430" fill="none" stroke="${p.deep}" stroke-width="14"/>`;
  // Rim and lid.
  s += `<rect x="246" y="420" width="308" height="24" rx="12" fill="${p.deep}"/>`;
  s += `<path d="M318 422C326 346 474 346 482 422Z" fill="${p.soft}"/>`;
  let holes = '';
  for (let i = 0; i < 5; i++) holes += `<circle cx="${352 + i * 24}" cy="${i % 2 ? 398 : 392}" r="5" fill="${p.deep}" opacity=".5"/>`;
  s += holes;
  s += `<circle cx="400" cy="346" r="16" fill="${p.accent}"/>`;
  s += `<rect x="392" y="354" width="16" height="14" fill="${p.deep}"/>`;
  return s;
}

function drawBottle(c: Ctx): string {
  const { p, r, v } = c;
  const clip = c.id('bottle');
  const kind = v % 3;
  let s = '';
  let path: string;
  let label: string;
  let cap: string;
  if (kind === 0) {
    // Whisky: square shoulders, short neck.
    path = 'M296 612Q290 612 290 600V374C290 330 368 316 370 282V196H430V282C432 316 510 330 510 374V600Q510 612 504 612Z';
    cap = `<rect x="362" y="146" width="76" height="58" rx="8" fill="${p.ink}"/><rect x="362" y="190" width="76" height="10" fill="${p.accent}"/>`;
    label =
      `<rect x="318" y="420" width="164" height="128" rx="6" fill="${p.white}"/>` +
      `<rect x="330" y="432" width="140" height="104" rx="3" fill="none" stroke="${p.accentDeep}" stroke-width="2"/>` +
      `<circle cx="400" cy="470" r="${n(18 + r.range(0, 6))}" fill="${p.accent}"/>` +
      `<path d="M354 508H446M370 522H430" stroke="${p.deep}" stroke-width="5" stroke-linecap="round"/>`;
  } else if (kind === 1) {
    // Tokkuri sake flask.
    path = 'M374 176H426L420 196V262C420 302 526 368 526 492C526 576 474 612 400 612C326 612 274 576 274 492C274 368 380 302 380 262V196Z';
    cap = `<ellipse cx="400" cy="176" rx="30" ry="8" fill="${p.deep}"/>`;
    label =
      `<rect x="366" y="420" width="68" height="142" rx="4" fill="${p.white}"/>` +
      `<circle cx="400" cy="452" r="16" fill="${p.accent}"/>` +
      `<path d="M400 482V548" stroke="${p.ink}" stroke-width="7" stroke-linecap="round" stroke-dasharray="12 9"/>`;
  } else {
    // Tall isshobin sake bottle.
    path = 'M320 612Q312 612 312 602V336C312 290 376 268 380 228V150H420V228C424 268 488 290 488 336V602Q488 612 480 612Z';
    cap = `<rect x="374" y="120" width="52" height="40" rx="6" fill="${p.accent}"/><path d="M374 150H426" stroke="${p.ink}" stroke-width="5"/>`;
    label =
      `<path d="M330 380H470V560H330Z" fill="${p.white}"/>` +
      `<path d="M330 380H470V410H330Z" fill="${p.accent}"/>` +
      `<path d="M400 430V540M380 440V500M420 440V520" stroke="${p.ink}" stroke-width="7" stroke-linecap="round"/>`;
  }
  s += shadow(c, 400, 616, 150);
  s += `<defs><clipPath id="${clip}"><path d="${path}"/></clipPath></defs>`;
  s += `<path d="${path}" fill="${kind === 1 ? p.soft : p.main}"/>`;
  s += `<g clip-path="url(#${clip})">`;
  if (kind !== 1) {
    s += `<rect x="200" y="${n(kind === 0 ? 340 : 300)}" width="400" height="400" fill="${p.deep}" opacity=".35"/>`;
  } else {
    s += `<path d="M200 ${n(300 + r.range(-10, 10))}H600V340H200Z" fill="${p.main}"/>`;
  }
  s += `<rect x="${kind === 1 ? 300 : 304}" y="220" width="16" height="400" rx="8" fill="${p.white}" opacity=".28"/></g>`;
  s += cap + label;
  if (v >= 5) {
    // A small sake cup or tasting glass beside it.
    s += shadow(c, 590, 616, 56, 10);
    s += `<path d="M548 546H632C632 590 614 610 590 610C566 610 548 590 548 546Z" fill="${p.main}"/>`;
    s += `<ellipse cx="590" cy="546" rx="42" ry="8" fill="${p.pale}"/>`;
    s += `<ellipse cx="590" cy="548" rx="34" ry="5" fill="${p.accentDeep}"/>`;
  }
  return s;
}

function drawGlass(c: Ctx): string {
  const { p, r, v } = c;
  let s = '';
  if (v % 2 === 0) {
    const clip = c.id('glass');
    const glass = 'M280 340H520L498 598Q496 612 482 612H318Q304 612 302 598Z';
    s += shadow(c, 400, 616, 150);
    s += `<defs><clipPath id="${clip}"><path d="${glass}"/></clipPath></defs>`;
    s += `<path d="${glass}" fill="${p.white}" opacity=".55"/>`;
    const level = 452 + r.range(-20, 20);
    s += `<g clip-path="url(#${clip})">`;
    s += `<rect x="260" y="${n(level)}" width="280" height="200" fill="${p.main}" opacity=".85"/>`;
    s += `<rect x="260" y="${n(level)}" width="280" height="10" fill="${p.soft}"/>`;
    // Ice.
    const cubes: Array<[number, number, number]> = [
      [352 + r.range(-10, 10), level - 20, -14 + r.range(-8, 8)],
      [440 + r.range(-10, 10), level + 2, 18 + r.range(-8, 8)],
    ];
    if (v % 4 === 2) cubes.push([400, level + 62, 6]);
    for (const [x, y, a] of cubes) {
      s += `<rect x="${n(x - 38)}" y="${n(y - 38)}" width="76" height="76" rx="12" fill="${p.white}" opacity=".5" stroke="${p.white}" stroke-width="4" transform="rotate(${n(a)} ${n(x)} ${n(y)})"/>`;
    }
    s += `<path d="M300 570H500V620H300Z" fill="${p.white}" opacity=".35"/>`;
    s += `<rect x="306" y="360" width="14" height="200" rx="7" fill="${p.white}" opacity=".6" transform="rotate(-5 313 460)"/>`;
    s += `</g>`;
    s += `<path d="${glass}" fill="none" stroke="${p.deep}" stroke-width="6" stroke-linejoin="round"/>`;
    if (v % 4 === 0) {
      // Citrus peel garnish.
      s += `<path d="M488 350C530 320 560 330 576 300" fill="none" stroke="${p.accent}" stroke-width="14" stroke-linecap="round"/>`;
    }
  } else {
    // Sake set: flask behind, a janome tasting cup in front.
    s += shadow(c, 400, 616, 200);
    s += `<path d="M310 232H350L346 250V300C346 332 418 380 418 468C418 548 386 596 330 596C274 596 242 548 242 468C242 380 314 332 314 300V250Z" fill="${p.soft}"/>`;
    s += `<path d="M266 404C300 414 360 414 394 404" stroke="${p.main}" stroke-width="14" fill="none"/>`;
    s += `<ellipse cx="330" cy="232" rx="22" ry="6" fill="${p.deep}"/>`;
    s += `<path d="M408 492H572C572 572 530 608 490 608C450 608 408 572 408 492Z" fill="${p.white}"/>`;
    s += `<path d="M462 600H518L514 614H466Z" fill="${p.deep}"/>`;
    s += `<ellipse cx="490" cy="492" rx="82" ry="18" fill="${p.pale}"/>`;
    s += `<ellipse cx="490" cy="494" rx="72" ry="13" fill="none" stroke="${p.main}" stroke-width="2"/>`;
    s += `<ellipse cx="490" cy="494" rx="44" ry="8" fill="none" stroke="${p.deep}" stroke-width="6"/>`;
    s += `<ellipse cx="490" cy="494" rx="18" ry="3.5" fill="${p.deep}"/>`;
    s += `<path d="M420 520C450 540 530 540 560 520" fill="none" stroke="${p.soft}" stroke-width="4"/>`;
  }
  return s;
}

function drawKettle(c: Ctx): string {
  const { p, r, v } = c;
  const clip = c.id('kettle');
  const body =
    'M300 612H500C534 612 544 590 538 566L512 420C508 398 494 388 470 388H330C306 388 292 398 288 420L262 566C256 590 266 612 300 612Z';
  let s = shadow(c, 400, 618, 200);
  // Spout: a thick gooseneck from the lower body, tapering near the tip.
  s += `<path d="M286 580C228 574 212 520 208 450C204 380 196 322 160 300" fill="none" stroke="${p.deep}" stroke-width="22" stroke-linecap="round"/>`;
  s += `<path d="M166 304C150 294 132 292 116 300" fill="none" stroke="${p.deep}" stroke-width="13" stroke-linecap="round"/>`;
  // Handle.
  const wood = v % 2 === 0;
  s += `<path d="M500 420C616 404 620 560 530 570" fill="none" stroke="${wood ? p.accentDeep : p.ink}" stroke-width="24" stroke-linecap="round"/>`;
  s += `<defs><clipPath id="${clip}"><path d="${body}"/></clipPath></defs>`;
  s += `<path d="${body}" fill="${p.main}"/>`;
  s += `<g clip-path="url(#${clip})">`;
  s += `<path d="M250 ${v % 3 === 0 ? 560 : 576}H560V630H250Z" fill="${p.deep}" opacity=".5"/>`;
  s += `<rect x="318" y="400" width="20" height="190" rx="10" fill="${p.white}" opacity=".3" transform="rotate(8 328 495)"/>`;
  s += `</g>`;
  // Lid.
  s += `<rect x="316" y="378" width="168" height="18" rx="9" fill="${p.deep}"/>`;
  s += `<path d="M336 382C342 340 458 340 464 382Z" fill="${p.soft}"/>`;
  s += `<circle cx="400" cy="${n(336 - r.range(0, 3))}" r="16" fill="${wood ? p.accentDeep : p.ink}"/>`;
  if (v % 3 !== 1) {
    s += `<path d="${wisp(128, 282, 110, 14, 1)}" fill="none" stroke="${p.soft}" stroke-width="8" stroke-linecap="round" opacity=".8"/>`;
  }
  return s;
}

function drawBox(c: Ctx): string {
  const { p, r, v } = c;
  const clip = c.id('box');
  const wide = v % 2 === 0;
  const x0 = wide ? 236 : 280;
  const x1 = 800 - x0;
  const top = wide ? 420 : 360;
  const bodyTop = top + 44;
  let s = '';
  const pair = v % 3 === 2;
  if (pair) {
    // A second, smaller box behind and to the right; the pair is re-centred below.
    s += shadow(c, 610, 616, 110);
    s += `<rect x="524" y="500" width="172" height="112" fill="${p.soft}"/>`;
    s += `<rect x="594" y="500" width="24" height="112" fill="${p.accentDeep}" opacity=".7"/>`;
    s += `<rect x="512" y="468" width="196" height="40" rx="4" fill="${p.main}"/>`;
    s += `<rect x="594" y="468" width="24" height="40" fill="${p.accentDeep}"/>`;
  }
  s += shadow(c, 400, 616, (x1 - x0) / 2 + 30);
  s += `<defs><clipPath id="${clip}"><rect x="${x0}" y="${n(bodyTop)}" width="${x1 - x0}" height="${n(612 - bodyTop)}"/></clipPath></defs>`;
  s += `<rect x="${x0}" y="${n(bodyTop)}" width="${x1 - x0}" height="${n(612 - bodyTop)}" fill="${p.main}"/>`;
  // Pattern on the paper.
  let pat = '';
  const kind = v % 4;
  if (kind === 0 || kind === 3) {
    for (let y = bodyTop + 24; y < 612; y += 36) {
      for (let x = x0 + 20 + ((y - bodyTop) % 72 === 24 ? 0 : 18); x < x1; x += 36) {
        pat += `M${n(x)} ${n(y)}h.1`;
      }
    }
    s += `<g clip-path="url(#${clip})"><path d="${pat}" stroke="${p.soft}" stroke-width="9" stroke-linecap="round"/></g>`;
  } else if (kind === 1) {
    for (let x = x0 - 200; x < x1; x += 34) pat += `M${x} 640L${x + 200} ${n(bodyTop - 20)}`;
    s += `<g clip-path="url(#${clip})"><path d="${pat}" stroke="${p.soft}" stroke-width="6" opacity=".7"/></g>`;
  } else {
    for (let x = x0 + 12; x < x1; x += 50) {
      pat += `M${x} ${n(bodyTop + 30)}q12 12 0 24t0 24t0 24t0 24t0 24t0 24`;
    }
    s += `<g clip-path="url(#${clip})"><path d="${pat}" fill="none" stroke="${p.soft}" stroke-width="4"/></g>`;
  }
  // Lid.
  s += `<rect x="${x0 - 14}" y="${n(top)}" width="${x1 - x0 + 28}" height="56" rx="4" fill="${p.deep}"/>`;
  s += `<rect x="${x0 - 14}" y="${n(top + 48)}" width="${x1 - x0 + 28}" height="8" fill="${p.ink}" opacity=".3"/>`;
  // Ribbon.
  s += `<rect x="382" y="${n(top)}" width="36" height="${n(612 - top)}" fill="${p.accent}"/>`;
  s += `<rect x="382" y="${n(top + 56)}" width="36" height="10" fill="${p.accentDeep}" opacity=".5"/>`;
  // Bow.
  const lift = r.range(-6, 6);
  s += `<path d="M400 ${n(top)}C350 ${n(top - 96 + lift)} 282 ${n(top - 70)} 312 ${n(top - 18)}Q340 ${n(top + 6)} 400 ${n(top)}Z" fill="${p.accent}"/>`;
  s += `<path d="M400 ${n(top)}C450 ${n(top - 96 - lift)} 518 ${n(top - 70)} 488 ${n(top - 18)}Q460 ${n(top + 6)} 400 ${n(top)}Z" fill="${p.accent}"/>`;
  s += `<path d="M400 ${n(top)}C372 ${n(top - 60)} 340 ${n(top - 50)} 338 ${n(top - 30)}M400 ${n(top)}C428 ${n(top - 60)} 460 ${n(top - 50)} 462 ${n(top - 30)}" fill="none" stroke="${p.accentDeep}" stroke-width="4" opacity=".55"/>`;
  s += `<path d="M394 ${n(top + 4)}L360 ${n(top + 70)}L378 ${n(top + 64)}L384 ${n(top + 84)}L404 ${n(top + 8)}ZM406 ${n(top + 4)}L440 ${n(top + 70)}L422 ${n(top + 64)}L416 ${n(top + 84)}L396 ${n(top + 8)}Z" fill="${p.accentDeep}"/>`;
  s += `<ellipse cx="400" cy="${n(top - 2)}" rx="22" ry="17" fill="${p.accentDeep}"/>`;
  // Gift tag for some variants.
  if (v >= 5) {
    s += `<path d="M${x1 - 70} ${n(top + 70)}l40 0l14 18l-14 18l-40 0Z" fill="${p.white}" transform="rotate(-12 ${x1 - 50} ${n(top + 88)})"/>`;
  }
  return pair ? `<g transform="translate(-64 0)">${s}</g>` : s;
}

function ridge(r: Rng, baseY: number, amp: number, step: number, peakX: number, peakH: number): string {
  const pts: Array<[number, number]> = [];
  for (let x = -40; x <= 840 + step; x += step) {
    const dist = Math.abs(x - peakX) / 260;
    const peak = peakH * Math.max(0, 1 - dist * dist);
    pts.push([x, baseY - peak - r.range(0, amp)]);
  }
  const first = pts[0] ?? [-40, baseY];
  let d = `M-40 820L${n(first[0])} ${n(first[1])}`;
  for (let i = 1; i < pts.length; i++) {
    const prev = pts[i - 1] ?? first;
    const cur = pts[i] ?? first;
    const mx = (prev[0] + cur[0]) / 2;
    const my = (prev[1] + cur[1]) / 2;
    d += `Q${n(prev[0])} ${n(prev[1])} ${n(mx)} ${n(my)}`;
  }
  const last = pts[pts.length - 1] ?? first;
  d += `L${n(last[0])} ${n(last[1])}L${n(last[0])} 820Z`;
  return d;
}

function drawLandscape(c: Ctx): string {
  const { p, r, v } = c;
  const h = p.h;
  let s = '';
  // Sun or moon.
  const sunX = 220 + ((v * 37) % 360) + r.range(-10, 10);
  const sunY = 200 + r.range(0, 70);
  const moon = v % 3 === 2;
  s += `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="${n(moon ? 58 : 74)}" fill="${moon ? p.white : hsl(h + 20, 60, 80)}"/>`;
  if (moon) s += `<circle cx="${n(sunX)}" cy="${n(sunY)}" r="82" fill="${p.white}" opacity=".35"/>`;
  const layers = 4;
  let defs = '';
  for (let i = 0; i < layers; i++) {
    const gid = c.id(`m${i}`);
    const l = 78 - i * 14;
    const sat = 18 + i * 5;
    defs += `<linearGradient id="${gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(h + i * 4, sat, l)}"/><stop offset=".6" stop-color="${hsl(h, sat - 6, l + 12)}"/></linearGradient>`;
  }
  const blur = c.id('mist');
  defs += `<filter id="${blur}" x="-20%" y="-200%" width="140%" height="500%"><feGaussianBlur stdDeviation="14"/></filter>`;
  s += `<defs>${defs}</defs>`;
  for (let i = 0; i < layers; i++) {
    const baseY = 430 + i * 95;
    const peakX = 160 + r.range(0, 480);
    const peakH = 190 - i * 35 + r.range(-30, 40);
    const step = 70 + i * 15;
    s += `<path d="${ridge(r, baseY, 26 - i * 3, step, peakX, peakH)}" fill="url(#${c.id(`m${i}`)})"/>`;
    if (i < layers - 1) {
      s += `<ellipse cx="${n(r.range(200, 600))}" cy="${n(baseY + 40)}" rx="${n(r.range(260, 380))}" ry="22" fill="${p.white}" opacity=".55" filter="url(#${blur})"/>`;
    }
  }
  // Birds.
  if (v % 2 === 0) {
    let birds = '';
    const bx = 500 - (sunX - 400) * 0.6;
    for (let i = 0; i < 3; i++) {
      const x = bx + i * 34 + r.range(-6, 6);
      const y = 170 + i * 16 + r.range(-8, 8);
      const w = 11 - i * 2;
      birds += `M${n(x - w)} ${n(y - 4)}Q${n(x - w / 2)} ${n(y - 8)} ${n(x)} ${n(y)}Q${n(x + w / 2)} ${n(y - 8)} ${n(x + w)} ${n(y - 4)}`;
    }
    s += `<path d="${birds}" fill="none" stroke="${p.deep}" stroke-width="3" stroke-linecap="round"/>`;
  }
  // A small boat on the water line for some variants.
  if (v % 4 === 3) {
    s += `<path d="M520 744Q560 760 600 744Z" fill="${p.ink}"/><path d="M560 744V714" stroke="${p.ink}" stroke-width="3"/>`;
  }
  return s;
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

const DRAW: Record<ArtMotif, (c: Ctx) => string> = {
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
