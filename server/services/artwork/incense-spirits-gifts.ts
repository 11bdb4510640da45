/**
 * The incense, spirits and gift motifs: incense sticks, censer, bottle, glass and gift box. All draw in
 * absolute 800×800 coordinates, centred near x=400, resting on y≈612.
 */
import { n, shadow, wisp, type Ctx } from './drawing.ts';

export function drawIncense(c: Ctx): string {
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

export function drawCenser(c: Ctx): string {
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

export function drawBottle(c: Ctx): string {
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

export function drawGlass(c: Ctx): string {
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

export function drawBox(c: Ctx): string {
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
