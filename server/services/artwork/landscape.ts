/**
 * The landscape motif: misty mountain ridges in layers, a sun or moon, sometimes birds and a boat. Unlike
 * the objects it fills the whole 800×800 frame.
 */
import { hsl, n, type Ctx, type Rng } from './drawing.ts';

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

export function drawLandscape(c: Ctx): string {
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
