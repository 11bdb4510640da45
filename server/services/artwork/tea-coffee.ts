/**
 * The tea and coffee motifs: leaves, teapot, cup, coffee beans, pour-over dripper and gooseneck kettle.
 * All draw in absolute 800×800 coordinates, centred near x=400, resting on y≈612.
 */
import { n, n2, shadow, wisp, type Ctx } from './drawing.ts';

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

export function drawLeaf(c: Ctx): string {
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

export function drawTeapot(c: Ctx): string {
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

export function drawCup(c: Ctx): string {
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

export function drawBean(c: Ctx): string {
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

export function drawPourover(c: Ctx): string {
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

export function drawKettle(c: Ctx): string {
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
