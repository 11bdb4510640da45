/**
 * The artwork's drawing kit, shared by every motif: a small PRNG seeded from the seed string (the only
 * randomness, so the same seed always yields the same markup), compact number formatting, the palette a
 * hue gives, and the pieces every picture may use: a shadow, a wisp of smoke or steam, the paper grain,
 * the backdrop shape and the calm accents around the edges.
 */

export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export class Rng {
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
export function n(x: number): string {
  const r = Math.round(x * 10) / 10;
  return String(r === 0 ? 0 : r);
}

/** Two-decimal formatting, for scale factors. */
export function n2(x: number): string {
  const r = Math.round(x * 100) / 100;
  return String(r === 0 ? 0 : r);
}

export function hsl(h: number, s: number, l: number): string {
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

export function palette(h: number): Palette {
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

export interface Ctx {
  p: Palette;
  r: Rng;
  v: number;
  /** Document-unique id (seed-prefixed, so several inlined SVGs don't clash). */
  id: (name: string) => string;
}

export function shadow(c: Ctx, cx: number, cy: number, rx: number, ry = 16): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${c.p.ink}" opacity=".13"/>`;
}

/** A rising wisp of smoke or steam from (x, y) upwards by `height`. */
export function wisp(x: number, y: number, height: number, sway: number, phase: 1 | -1): string {
  const s = sway * phase;
  const q = height / 4;
  return (
    `M${n(x)} ${n(y)}` +
    `C${n(x + s)} ${n(y - q * 0.7)} ${n(x + s)} ${n(y - q * 1.3)} ${n(x)} ${n(y - q * 2)}` +
    `S${n(x - s * 0.8)} ${n(y - q * 3.4)} ${n(x + s * 0.2)} ${n(y - height)}`
  );
}

export function grain(c: Ctx, count: number): string {
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

export function backdrop(c: Ctx): string {
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
export function accents(c: Ctx): string {
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

/** A motif's drawing: absolute 800×800 coordinates, centred near x=400, resting on y≈612. */
export type Draw = (c: Ctx) => string;
