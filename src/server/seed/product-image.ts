import type { SeedImageMotif, SeedImageSpec } from './catalogue-types';

/**
 * Draws a demo product picture as a standalone SVG: a calm studio shot on a pale background tinted
 * from the hue, a soft floor shadow and a flat illustration of the motif. Deterministic (the same
 * spec always gives the same bytes), with no text, fonts or network references, so the seed needs
 * no binary files.
 */

/** Escapes text for use in SVG/XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

interface Palette {
  /** The object's colour. */
  main: string;
  /** Darker shade for rims, handles and details. */
  dark: string;
  /** A shade between main and dark, for sides in shadow. */
  shade: string;
  /** Lighter tint for highlights. */
  light: string;
  /** Very pale tint (linen, glass, paper). */
  pale: string;
  /** Warm off-white. */
  paper: string;
  /** The flat wall colour, for cut-outs. */
  wall: string;
  metal: string;
  metalDark: string;
  wood: string;
  leaf: string;
  leafDark: string;
  flame: string;
  flameCore: string;
}

function paletteFor(h: number): Palette {
  return {
    main: `hsl(${h}, 42%, 56%)`,
    dark: `hsl(${h}, 38%, 34%)`,
    shade: `hsl(${h}, 38%, 45%)`,
    light: `hsl(${h}, 50%, 74%)`,
    pale: `hsl(${h}, 30%, 88%)`,
    paper: `hsl(${h}, 25%, 97%)`,
    wall: `hsl(${h}, 28%, 93%)`,
    metal: 'hsl(210, 8%, 76%)',
    metalDark: 'hsl(210, 8%, 52%)',
    wood: 'hsl(32, 42%, 62%)',
    leaf: 'hsl(118, 32%, 46%)',
    leafDark: 'hsl(118, 34%, 32%)',
    flame: 'hsl(36, 95%, 58%)',
    flameCore: 'hsl(50, 100%, 86%)',
  };
}

// Small builders keep the motif drawings short. `x` is extra attributes, starting with a space.
const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? ` rx="${rx}"` : ''} fill="${fill}"${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${extra}/>`;
const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}"${extra}/>`;
const line = (d: string, colour: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
const poly = (points: string, fill: string, extra = '') => `<polygon points="${points}" fill="${fill}"${extra}/>`;
const group = (transform: string, ...parts: string[]) => `<g transform="${transform}">${parts.join('')}</g>`;
const op = (o: number) => ` opacity="${o}"`;
const rot = (a: number, cx: number, cy: number) => ` transform="rotate(${a} ${cx} ${cy})"`;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** A teardrop flame with a pale core and a soft glow, tip at (cx, top). */
const flame = (c: Palette, cx: number, top: number, h: number) =>
  circle(cx, top + h * 0.65, h * 0.9, c.flameCore, op(0.35)) +
  path(`M${cx} ${top} C${cx + h * 0.35} ${top + h * 0.45} ${cx + h * 0.35} ${top + h} ${cx} ${top + h} C${cx - h * 0.35} ${top + h} ${cx - h * 0.35} ${top + h * 0.45} ${cx} ${top} Z`, c.flame) +
  path(`M${cx} ${top + h * 0.4} C${cx + h * 0.16} ${top + h * 0.65} ${cx + h * 0.16} ${top + h * 0.95} ${cx} ${top + h * 0.95} C${cx - h * 0.16} ${top + h * 0.95} ${cx - h * 0.16} ${top + h * 0.65} ${cx} ${top + h * 0.4} Z`, c.flameCore);

/** One work or garden glove, fingers up, wrist at the bottom. */
const glove = (fill: string, cuff: string, seam: string) =>
  [
    rect(302, 236, 44, 160, fill, 22),
    rect(350, 204, 44, 180, fill, 22),
    rect(398, 214, 44, 170, fill, 22),
    rect(446, 250, 40, 140, fill, 20),
    rect(278, 322, 46, 156, fill, 23, rot(-34, 301, 478)),
    rect(298, 320, 190, 200, fill, 50),
    ...[348, 396, 444].map((x) => line(`M${x} 372 V450`, seam, 4, op(0.35))),
    rect(292, 500, 202, 92, cuff, 12),
    line('M300 520 H486', seam, 4, op(0.6)),
  ].join('');

/** Books standing on a shelf whose top is at y = base, starting at x. */
const books = (c: Palette, x: number, base: number, sizes: [number, number][]) => {
  const fills = [c.main, c.light, c.paper, c.dark, c.pale];
  let left = x;
  return sizes
    .map(([w, h], i) => {
      const book = rect(left, base - h, w, h, fills[i % fills.length], 3) + rect(left, base - h + 14, w, 5, c.dark, 0, op(0.35));
      left += w + 4;
      return book;
    })
    .join('');
};

type Drawing = (c: Palette) => string;

const MOTIFS: Record<SeedImageMotif, Drawing> = {
  mug: (c) =>
    group(
      'translate(-30 0)',
      line('M470 360 H500 A62 62 0 0 1 500 484 H470', c.dark, 30),
      path('M260 300 V556 Q260 590 294 590 H466 Q500 590 500 556 V300 Z', c.main),
      ellipse(380, 300, 120, 22, c.dark),
      ellipse(380, 302, 106, 15, c.shade),
      rect(260, 566, 240, 8, c.dark, 0, op(0.5)),
      rect(286, 332, 20, 210, c.light, 10, op(0.6)),
    ),
  plate: (c) =>
    [
      ellipse(400, 520, 245, 78, c.dark),
      ellipse(400, 508, 245, 78, c.main),
      ellipse(400, 484, 245, 78, c.dark),
      ellipse(400, 472, 245, 78, c.main),
      ellipse(400, 476, 168, 50, c.shade, op(0.35)),
      ellipse(400, 472, 165, 48, c.light),
      ellipse(400, 472, 212, 66, 'none', ` stroke="${c.dark}" stroke-width="3"${op(0.3)}`),
      line('M240 440 Q300 410 380 402', c.paper, 8, op(0.5)),
    ].join(''),
  bowl: (c) =>
    [
      rect(330, 556, 140, 38, c.dark, 8),
      path('M200 370 A200 200 0 0 0 600 370 Z', c.main),
      ellipse(400, 370, 200, 46, c.dark),
      ellipse(400, 374, 184, 36, c.shade),
      ellipse(400, 384, 120, 20, c.light, op(0.25)),
      line('M240 420 Q260 500 330 540', c.light, 14, op(0.6)),
    ].join(''),
  teapot: (c) =>
    [
      line('M555 380 C640 380 640 540 550 550', c.dark, 26),
      path('M280 450 C230 440 205 390 182 318 L210 308 C228 362 255 392 300 398 Z', c.main),
      ellipse(400, 465, 170, 130, c.main),
      rect(300, 575, 200, 20, c.dark, 8),
      ellipse(400, 342, 96, 22, c.dark),
      path('M318 342 Q400 262 482 342 Z', c.main),
      circle(400, 288, 16, c.dark),
      line('M295 430 Q305 380 350 360', c.light, 14, op(0.7)),
    ].join(''),
  pan: (c) =>
    group(
      'translate(-35 0)',
      rect(556, 418, 190, 40, c.dark, 20, rot(-10, 556, 438)),
      circle(723, 408, 10, c.wall),
      path('M148 440 L172 520 A188 70 0 0 0 548 520 L572 440 Z', c.shade),
      ellipse(360, 440, 212, 90, c.dark),
      ellipse(360, 448, 188, 74, c.main),
      ellipse(360, 466, 150, 50, c.shade, op(0.25)),
      line('M230 410 Q260 386 320 378', c.light, 10, op(0.6)),
    ),
  knife: (c) =>
    group(
      'rotate(-22 400 420) translate(-10 0)',
      path('M470 380 H230 Q168 386 140 440 Q300 472 470 470 Z', c.metal),
      line('M142 440 Q300 472 470 470', c.metalDark, 6),
      rect(470, 374, 26, 102, c.metalDark, 6),
      rect(494, 392, 196, 66, c.main, 28),
      ...[548, 596, 644].map((x) => circle(x, 425, 7, c.metal)),
      line('M510 404 H670', c.light, 6, op(0.5)),
    ),
  board: (c) =>
    group(
      'translate(-45 0)',
      rect(190, 352, 420, 244, c.dark, 34),
      rect(580, 428, 124, 86, c.dark, 34),
      rect(190, 338, 420, 244, c.main, 34),
      rect(580, 414, 124, 86, c.main, 34),
      circle(666, 457, 18, c.wall),
      line('M230 400 Q400 378 570 408', c.dark, 5, op(0.35)),
      line('M222 462 Q400 440 584 474', c.dark, 5, op(0.35)),
      line('M240 528 Q380 510 560 536', c.dark, 5, op(0.35)),
    ),
  jar: (c) =>
    [
      rect(290, 296, 220, 296, c.pale, 38, ` stroke="${c.light}" stroke-width="6"`),
      path('M296 420 H504 V550 Q504 586 468 586 H332 Q296 586 296 550 Z', c.main),
      ...range(9).map((i) => circle(320 + (i % 5) * 40 + (i > 4 ? 20 : 0), 460 + (i > 4 ? 60 : 0), 8, c.dark, op(0.45))),
      rect(300, 236, 200, 64, c.wood, 12),
      rect(300, 282, 200, 10, c.dark, 0, op(0.25)),
      rect(314, 320, 16, 240, c.paper, 8, op(0.7)),
    ].join(''),
  lamp: (c) =>
    [
      rect(388, 380, 24, 60, c.metalDark),
      path('M400 425 C480 425 505 505 470 562 H330 C295 505 320 425 400 425 Z', c.main),
      rect(325, 556, 150, 38, c.dark, 10),
      poly('300,200 500,200 570,390 230,390', c.pale),
      ellipse(400, 390, 170, 14, c.light),
      line('M300 200 H500', c.light, 8),
      line('M345 470 Q340 510 355 540', c.light, 12, op(0.6)),
    ].join(''),
  candle: (c) =>
    [
      flame(c, 400, 214, 100),
      rect(397, 318, 6, 44, 'hsl(30, 20%, 22%)'),
      rect(290, 360, 220, 232, c.main, 24),
      ellipse(400, 362, 110, 22, c.pale),
      ellipse(400, 366, 96, 14, c.light),
      rect(325, 440, 150, 96, c.paper, 6),
      rect(350, 468, 100, 10, c.dark, 5, op(0.5)),
      rect(365, 492, 70, 8, c.dark, 4, op(0.35)),
    ].join(''),
  cushion: (c) =>
    [
      path('M225 255 Q400 292 575 255 Q538 420 575 585 Q400 548 225 585 Q262 420 225 255 Z', c.main, ` stroke="${c.dark}" stroke-width="10" stroke-linejoin="round"`),
      line('M290 320 Q345 370 335 420', c.dark, 6, op(0.3)),
      line('M510 520 Q455 470 465 420', c.dark, 6, op(0.3)),
      line('M300 300 Q400 330 500 300', c.light, 10, op(0.5)),
      circle(400, 420, 14, c.dark),
    ].join(''),
  throw: (c) =>
    [
      ...[[500, c.main], [415, c.shade], [330, c.main]].map(([y, fill]) => rect(220, Number(y), 360, 92, String(fill), 46)),
      ...[330, 415, 500].map((y) => rect(240, y + 20, 340, 8, c.light, 0, op(0.6))),
      ...[300, 380, 460].map((x) => rect(x, 330, 8, 262, c.light, 0, op(0.35))),
      ...range(3).map((i) => line(range(7).map((k) => `M${578} ${346 + i * 85 + k * 10} h26`).join(' '), c.dark, 4)),
    ].join(''),
  vase: (c) =>
    [
      ...[['M400 250 Q370 180 320 140', -30], ['M400 250 Q420 170 470 130', 30], ['M400 250 Q400 180 395 110', 0]].map(([d]) => line(String(d), c.leafDark, 7)),
      ellipse(320, 140, 16, 34, c.leaf, rot(-40, 320, 140)),
      ellipse(470, 130, 16, 34, c.leaf, rot(40, 470, 130)),
      ellipse(395, 104, 14, 30, c.leaf),
      path('M360 250 H440 V290 C440 322 540 360 540 460 C540 542 490 592 400 592 C310 592 260 542 260 460 C260 360 360 322 360 290 Z', c.main),
      rect(345, 240, 110, 20, c.dark, 8),
      ...[[330, 310], [370, 370], [430, 430], [470, 490]].map(([a, b]) => line(`M${a} 360 Q${a - 30} 470 ${b - (b - a) * 0.5} 582`, c.dark, 5, op(0.25))),
      line('M300 420 Q290 490 320 550', c.light, 14, op(0.6)),
    ].join(''),
  plant: (c) =>
    [
      ...[-70, -40, -12, 14, 42, 72].map((a, i) =>
        ellipse(400, 300, 40, 120, i % 2 ? c.dark : c.main, rot(a, 400, 450)) + line('M400 420 L400 200', c.leafDark, 4, rot(a, 400, 450) + op(0.4)),
      ),
      poly('300,460 500,460 475,592 325,592', c.paper),
      rect(290, 446, 220, 34, c.pale, 8),
      rect(304, 480, 192, 8, c.dark, 0, op(0.15)),
    ].join(''),
  pot: (c) =>
    [
      ellipse(400, 590, 125, 14, c.dark),
      poly('292,350 508,350 478,588 322,588', c.main),
      poly('300,360 335,360 350,585 325,585', c.light, op(0.35)),
      rect(270, 300, 260, 64, c.main, 8),
      poly('293,364 507,364 506,376 294,376', c.dark, op(0.3)),
      ellipse(400, 302, 128, 16, c.dark),
      ellipse(400, 305, 112, 10, 'hsl(25, 35%, 24%)'),
      rect(282, 312, 18, 40, c.light, 6, op(0.4)),
    ].join(''),
  mirror: (c) =>
    [
      line('M318 262 L400 150 L482 262', c.wood, 10),
      circle(400, 150, 12, c.metalDark),
      circle(400, 405, 188, c.main),
      circle(400, 405, 170, c.dark),
      circle(400, 405, 162, 'hsl(200, 28%, 86%)'),
      path('M270 470 A135 135 0 0 0 530 470 Z', 'hsl(200, 25%, 80%)', op(0.6)),
      line('M310 340 L370 280', c.paper, 18, op(0.8)),
      line('M330 385 L420 295', c.paper, 10, op(0.6)),
    ].join(''),
  clock: (c) =>
    [
      circle(400, 400, 196, c.main),
      circle(400, 400, 170, c.paper),
      ...range(12).map((i) => rect(396, 240, 8, i % 3 ? 16 : 32, c.dark, 3, rot(i * 30, 400, 400))),
      rect(392, 308, 16, 104, c.dark, 8, rot(-60, 400, 400)),
      rect(396, 262, 8, 150, c.dark, 4, rot(48, 400, 400)),
      rect(399, 258, 3, 170, c.main, 0, rot(170, 400, 400)),
      circle(400, 400, 12, c.dark),
    ].join(''),
  frame: (c) =>
    [
      rect(245, 190, 310, 404, c.main, 6),
      rect(245, 190, 310, 404, 'none', 6, ` stroke="${c.dark}" stroke-width="6"`),
      rect(270, 215, 260, 354, c.paper),
      rect(305, 255, 190, 274, c.light),
      circle(445, 320, 30, c.paper),
      path('M305 470 Q360 400 410 448 T495 425 V529 H305 Z', c.dark),
      path('M305 500 Q380 455 495 490 V529 H305 Z', c.shade),
    ].join(''),
  chair: (c) =>
    [
      rect(300, 200, 22, 400, c.dark, 8),
      rect(478, 200, 22, 400, c.dark, 8),
      ...[345, 380, 415, 450].map((x) => rect(x, 300, 10, 130, c.shade, 4)),
      rect(286, 206, 228, 104, c.main, 26),
      path('M270 420 H530 L548 458 H252 Z', c.main),
      rect(252, 454, 296, 24, c.dark, 6),
      poly('266,476 296,476 288,600 262,600', c.dark),
      poly('504,476 534,476 538,600 512,600', c.dark),
      rect(300, 226, 200, 10, c.light, 5, op(0.5)),
    ].join(''),
  table: (c) =>
    [
      poly('300,412 318,412 312,566 304,566', c.shade),
      poly('482,412 500,412 496,566 488,566', c.shade),
      rect(222, 376, 356, 40, c.shade),
      poly('226,380 258,380 250,598 234,598', c.dark),
      poly('542,380 574,380 566,598 550,598', c.dark),
      rect(186, 336, 428, 30, c.main, 10),
      rect(186, 358, 428, 20, c.dark, 6),
      rect(210, 343, 300, 6, c.light, 3, op(0.6)),
    ].join(''),
  shelf: (c) =>
    [
      rect(250, 186, 300, 414, c.dark, 6),
      rect(268, 204, 264, 378, c.shade),
      rect(268, 318, 264, 16, c.dark),
      rect(268, 450, 264, 16, c.dark),
      books(c, 282, 318, [[28, 94], [22, 104], [30, 84], [24, 98]]),
      rect(430, 262, 60, 56, c.paper, 8) + ellipse(460, 244, 34, 26, c.leaf),
      books(c, 286, 450, [[34, 86], [26, 100], [20, 76]]) + poly('410,450 440,370 462,376 434,450', c.light),
      rect(296, 518, 208, 64, c.pale, 8) + line('M320 540 H480', c.dark, 4, op(0.3)),
    ].join(''),
  basket: (c) => {
    const edge = (y: number) => 40 * ((y - 330) / 260);
    return [
      line('M248 372 Q192 396 236 448', c.dark, 12),
      line('M552 372 Q608 396 564 448', c.dark, 12),
      path('M240 330 H560 L520 590 H280 Z', c.main),
      ...range(6).map((i) => 370 + i * 40).map((y) => line(`M${240 + edge(y)} ${y} H${560 - edge(y)}`, c.dark, 6, op(0.4))),
      ...range(9).map((i) => line(`M${260 + i * 35} 340 L${290 + i * 27.5} 588`, c.dark, 4, op(0.25))),
      rect(228, 310, 344, 34, c.dark, 16),
      line('M250 320 H550', c.light, 4, op(0.5)),
    ].join('');
  },
  towel: (c) =>
    [
      rect(190, 248, 420, 20, c.metal, 10),
      rect(200, 230, 16, 56, c.metalDark, 6),
      rect(584, 230, 16, 56, c.metalDark, 6),
      rect(272, 258, 256, 326, c.shade, 10),
      rect(262, 266, 276, 290, c.main, 10),
      rect(256, 244, 288, 34, c.main, 16),
      rect(262, 488, 276, 14, c.light),
      rect(262, 510, 276, 6, c.light),
      ...[300, 350, 400, 450, 500].map((x) => line(`M${x} 290 V470`, c.dark, 3, op(0.15))),
    ].join(''),
  soap: (c) =>
    [
      ellipse(400, 556, 220, 44, c.pale),
      ellipse(400, 546, 196, 30, c.paper),
      rect(270, 440, 260, 104, c.shade, 44),
      rect(270, 420, 260, 92, c.main, 42),
      ellipse(400, 464, 72, 22, 'none', ` stroke="${c.dark}" stroke-width="5"${op(0.5)}`),
      line('M300 440 Q330 428 370 426', c.light, 8, op(0.7)),
      ...[[505, 360, 24], [552, 316, 14], [462, 322, 16], [520, 268, 10]].map(([x, y, r]) => circle(x, y, r, c.paper, ` stroke="${c.light}" stroke-width="4"${op(0.85)}`)),
    ].join(''),
  'watering-can': (c) =>
    group(
      'translate(30 0)',
      line('M350 524 L185 338', c.main, 26),
      ellipse(178, 330, 24, 44, c.dark, rot(-42, 178, 330)),
      line('M360 362 Q450 232 540 362', c.dark, 20),
      line('M560 392 C622 404 622 522 560 540', c.dark, 20),
      rect(330, 360, 230, 230, c.main, 14),
      ellipse(445, 360, 115, 22, c.dark),
      rect(330, 410, 230, 12, c.shade),
      rect(330, 542, 230, 12, c.shade),
      rect(350, 380, 16, 150, c.light, 8, op(0.5)),
    ),
  trowel: (c) =>
    group(
      'rotate(-35 400 400)',
      path('M400 150 Q478 260 464 372 L336 372 Q322 260 400 150 Z', c.metal),
      line('M400 190 V360', c.metalDark, 5, op(0.5)),
      rect(390, 370, 20, 64, c.metalDark),
      rect(368, 428, 64, 210, c.main, 30),
      rect(380, 446, 12, 170, c.light, 6, op(0.45)),
      circle(400, 612, 8, c.dark),
    ),
  gloves: (c) =>
    group('translate(-30 10)', group('translate(120 -18) rotate(12 400 400)', glove(c.shade, c.dark, c.paper)), glove(c.main, c.dark, c.paper)),
  seeds: (c) =>
    [
      rect(270, 190, 260, 372, c.paper, 10),
      path(`M270 240 ${range(13).map((i) => `L${270 + i * 20 + 10} ${i % 2 ? 240 : 250}`).join(' ')} L530 240 V200 Q530 190 520 190 H280 Q270 190 270 200 Z`, c.dark),
      rect(300, 270, 200, 220, c.pale, 8),
      line('M400 480 V360', c.leafDark, 8),
      ellipse(370, 430, 30, 12, c.leaf, rot(-30, 370, 430)),
      ellipse(430, 410, 30, 12, c.leaf, rot(30, 430, 410)),
      ...range(6).map((i) => ellipse(400, 306, 18, 38, c.main, rot(i * 60, 400, 340))),
      circle(400, 340, 20, c.dark),
      rect(300, 506, 150, 12, c.dark, 6, op(0.5)) + rect(300, 530, 100, 10, c.dark, 5, op(0.3)),
      ...[[580, 582, 20], [610, 590, -30], [598, 572, 60]].map(([x, y, a]) => ellipse(x, y, 10, 6, 'hsl(30, 35%, 38%)', rot(a, x, y))),
    ].join(''),
  'bird-feeder': (c) =>
    [
      line('M400 150 V232', c.metalDark, 6),
      circle(400, 136, 16, 'none', ` stroke="${c.metalDark}" stroke-width="6"`),
      rect(345, 244, 110, 300, c.pale, 10, op(0.7)),
      rect(354, 300, 92, 236, 'hsl(36, 40%, 60%)'),
      ...range(24).map((i) => circle(364 + (i % 6) * 14 + (Math.floor(i / 6) % 2) * 7, 318 + Math.floor(i / 6) * 56, 4, 'hsl(30, 35%, 38%)')),
      path('M330 238 Q400 170 470 238 Z', c.main),
      rect(320, 228, 160, 18, c.dark, 8),
      ...[350, 470].map((y) => ellipse(400, y, 22, 16, c.main) + ellipse(400, y, 10, 8, c.dark) + rect(300, y + 24, 200, 9, c.metalDark, 4)),
      rect(330, 538, 140, 26, c.main, 10),
    ].join(''),
  lantern: (c) =>
    [
      line('M318 302 Q400 162 482 302', c.dark, 10),
      poly('330,302 470,302 440,252 360,252', c.main),
      rect(372, 238, 56, 18, c.dark, 6),
      ellipse(400, 420, 102, 128, c.pale, op(0.65)),
      flame(c, 400, 398, 70),
      line('M342 306 Q284 420 342 534', c.dark, 6),
      line('M458 306 Q516 420 458 534', c.dark, 6),
      line('M400 300 V340 M400 500 V534', c.dark, 6),
      rect(306, 528, 188, 64, c.main, 14),
      ellipse(400, 530, 94, 12, c.dark),
      rect(322, 546, 14, 36, c.light, 7, op(0.5)),
    ].join(''),
  drill: (c) =>
    group(
      'translate(30 20)',
      rect(135, 298, 100, 16, c.metal, 4),
      path('M230 278 L300 264 V348 L230 334 Z', c.metalDark),
      path('M410 340 H512 L492 540 H394 Z', c.main),
      path('M440 360 H506 L488 528 H426 Z', c.dark, op(0.85)),
      rect(390, 364, 28, 46, c.dark, 10),
      rect(290, 250, 294, 112, c.main, 50),
      ...[512, 532, 552].map((x) => rect(x, 276, 8, 60, c.dark, 4, op(0.6))),
      rect(320, 266, 150, 10, c.light, 5, op(0.6)),
      rect(348, 528, 204, 72, c.dark, 14),
      ...[372, 392, 412].map((x) => rect(x, 548, 12, 8, c.light, 3)),
    ),
  hammer: (c) =>
    group(
      'rotate(-20 400 400)',
      rect(370, 270, 60, 340, c.main, 24),
      rect(364, 430, 72, 182, c.dark, 28),
      ...[460, 500, 540, 580].map((y) => line(`M372 ${y} H428`, c.main, 4, op(0.5))),
      rect(250, 200, 212, 76, c.metal, 10),
      rect(212, 206, 46, 64, c.metalDark, 8),
      path('M455 204 C522 200 576 232 602 292 L576 300 C552 260 516 264 455 272 Z', c.metal),
      line('M270 216 H440', c.paper, 6, op(0.6)),
    ),
  screwdriver: (c) =>
    group(
      'rotate(40 400 400)',
      rect(355, 150, 90, 230, c.main, 38),
      ...[372, 395, 418].map((x) => rect(x, 172, 10, 186, c.dark, 5, op(0.45))),
      rect(366, 372, 68, 32, c.dark, 8),
      rect(388, 404, 24, 218, c.metal),
      poly('388,622 412,622 406,652 394,652', c.metalDark),
      rect(392, 410, 6, 200, c.paper, 3, op(0.5)),
    ),
  saw: (c) => {
    const teeth = range(21).map((i) => {
      const x = 520 - i * 18.5;
      const y = 440 - i * 1;
      return `L${x} ${y} L${x - 9} ${y + 14}`;
    });
    return group(
      'rotate(-8 400 400)',
      path(`M150 360 L520 300 ${teeth.join(' ')} L150 420 Z`, c.metal),
      line('M170 372 L500 320', c.paper, 6, op(0.6)),
      path('M505 288 H620 Q664 288 664 336 V432 Q664 476 620 476 H505 Z M566 334 H610 Q624 334 624 348 V410 Q624 426 610 426 H566 Q550 426 550 410 V348 Q550 334 566 334 Z', c.main, ' fill-rule="evenodd"'),
      circle(526, 320, 7, c.metal) + circle(526, 448, 7, c.metal),
    );
  },
  spanner: (c) => {
    const edge = ` stroke="${c.metalDark}" stroke-width="4"`;
    const hex = range(6).map((i) => `${(565 + 28 * Math.cos((i * Math.PI) / 3)).toFixed(1)} ${(402 + 28 * Math.sin((i * Math.PI) / 3)).toFixed(1)}`);
    return group(
      'translate(0 70) rotate(-30 400 402)',
      rect(250, 382, 272, 40, c.metal, 16, edge),
      path('M172.8 378 L215 378 L215 426 L172.8 426 A62 62 0 1 0 172.8 378 Z', c.metal, edge),
      path(`M507 402 A58 58 0 1 0 623 402 A58 58 0 1 0 507 402 Z M${hex.join(' L')} Z`, c.metal, ` fill-rule="evenodd"${edge}`),
      rect(236, 388, 280, 28, c.metal),
      rect(300, 394, 200, 16, c.main, 8),
      line('M270 388 H520', c.paper, 4, op(0.7)),
    );
  },
  tape: (c) =>
    [
      rect(130, 548, 210, 34, 'hsl(48, 90%, 58%)'),
      ...range(14).map((i) => rect(146 + i * 13, 548, 3, i % 5 ? 10 : 18, c.dark)),
      rect(120, 538, 12, 52, c.metalDark, 3),
      rect(290, 270, 300, 310, c.main, 72),
      rect(580, 320, 22, 170, c.metalDark, 8),
      circle(445, 420, 78, c.dark),
      circle(445, 420, 30, c.main),
      rect(300, 330, 28, 76, c.dark, 12),
      line('M330 300 Q400 284 480 288', c.light, 10, op(0.6)),
    ].join(''),
  toolbox: (c) =>
    [
      line('M320 330 V282 Q320 262 340 262 H460 Q480 262 480 282 V330', c.dark, 22),
      rect(360, 250, 80, 22, c.metalDark, 10),
      rect(210, 372, 380, 220, c.main, 16),
      rect(200, 330, 400, 72, c.dark, 14),
      rect(250, 386, 36, 52, c.metal, 6),
      rect(514, 386, 36, 52, c.metal, 6),
      rect(210, 480, 380, 10, c.dark, 0, op(0.3)),
      rect(226, 342, 180, 8, c.light, 4, op(0.5)),
    ].join(''),
  ladder: (c) => {
    const at = (y: number, left: boolean) => (left ? 315 - ((y - 190) * 60) / 410 : 485 + ((y - 190) * 60) / 410);
    return [
      poly('470,200 492,200 610,596 586,596', c.shade),
      poly('310,190 342,190 288,600 252,600', c.main),
      poly('458,190 490,190 548,600 512,600', c.main),
      ...[300, 395, 490].map((y) => rect(at(y, true) + 10, y, at(y, false) - at(y, true) - 20, 18, c.metal, 4)),
      rect(296, 176, 208, 30, c.dark, 6),
      rect(248, 588, 46, 14, c.dark, 5) + rect(508, 588, 46, 14, c.dark, 5),
      line('M322 206 L278 580', c.light, 5, op(0.5)),
    ].join('');
  },
  torch: (c) =>
    group(
      'rotate(-15 400 400)',
      poly('248,350 248,450 110,540 110,260', 'hsl(50, 100%, 80%)', op(0.45)),
      path('M250 336 L334 360 V440 L250 464 Z', c.dark),
      ellipse(250, 400, 16, 64, 'hsl(50, 90%, 90%)'),
      rect(328, 360, 300, 80, c.main, 20),
      ...range(8).map((i) => rect(420 + i * 16, 364, 6, 72, c.dark, 3, op(0.35))),
      rect(470, 344, 46, 20, c.dark, 8),
      rect(618, 364, 28, 72, c.dark, 10),
      rect(340, 372, 240, 8, c.light, 4, op(0.6)),
    ),
  paint: (c) =>
    [
      line('M272 352 Q400 182 528 352', c.metalDark, 6),
      rect(270, 332, 260, 260, c.metal, 10),
      rect(270, 392, 260, 150, c.main),
      rect(270, 432, 260, 18, c.paper, 0, op(0.7)),
      ellipse(400, 332, 130, 26, c.metalDark),
      ellipse(400, 334, 114, 19, c.main),
      path('M300 340 Q306 372 300 404 Q296 424 306 424 Q316 424 312 404 Q308 372 322 345 Z', c.main),
      rect(282, 350, 12, 230, c.paper, 6, op(0.5)),
      group('rotate(-32 560 420)', rect(540, 300, 30, 150, c.wood, 10), rect(536, 440, 38, 34, c.metal, 4), path('M536 474 H574 L570 530 Q555 540 540 530 Z', c.main)),
    ].join(''),
};

/** How much the motif drawings are enlarged about the floor point (400, 600) to fill the frame. */
const SCALE = 1.12;

/** A generic parcel, should an unknown motif ever reach the renderer from untyped data. */
const FALLBACK: Drawing = (c) => rect(270, 320, 260, 270, c.main, 14) + rect(270, 320, 260, 50, c.dark, 14) + rect(385, 320, 30, 270, c.light, 0, op(0.6));

/**
 * Renders one product or category picture as an SVG document, `size` pixels square. The drawing
 * sits on a 0 0 800 800 canvas; the alt text goes in <title> for assistive technology.
 */
export function renderProductImage(spec: SeedImageSpec, size = 800): string {
  const hue = Number.isFinite(spec.hue) ? ((Math.round(spec.hue) % 360) + 360) % 360 : 0;
  const px = Number.isFinite(size) && size > 0 ? Math.round(size) : 800;
  const c = paletteFor(hue);
  const draw = Object.prototype.hasOwnProperty.call(MOTIFS, spec.motif) ? MOTIFS[spec.motif] : FALLBACK;
  const title = escapeXml(spec.alt);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="${px}" height="${px}" role="img">`,
    `<title>${title}</title>`,
    '<defs>',
    `<radialGradient id="wall" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="hsl(${hue}, 30%, 97%)"/><stop offset="1" stop-color="hsl(${hue}, 24%, 88%)"/></radialGradient>`,
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue}, 20%, 88%)"/><stop offset="1" stop-color="hsl(${hue}, 22%, 92%)"/></linearGradient>`,
    `<radialGradient id="shadow"><stop offset="0" stop-color="hsl(${hue}, 25%, 25%)" stop-opacity="0.28"/><stop offset="1" stop-color="hsl(${hue}, 25%, 25%)" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    '<rect width="800" height="800" fill="url(#wall)"/>',
    '<rect y="596" width="800" height="204" fill="url(#floor)"/>',
    '<ellipse cx="400" cy="604" rx="270" ry="34" fill="url(#shadow)"/>',
    // Drawings are made on the canvas with the floor at y = 600; scale them up a little about that point.
    `<g transform="translate(400 600) scale(${SCALE}) translate(-400 -600)">${draw(c)}</g>`,
    '</svg>',
  ].join('\n');
}
