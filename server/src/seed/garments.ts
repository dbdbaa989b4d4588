import sharp from 'sharp';

/**
 * Flat-illustration product photos for the demo shop, drawn as SVG and rendered with sharp.
 * Everything is deterministic: the same look and view always give the same bytes, so the
 * content-hashed image store keeps one copy of each distinct picture.
 */

export const GARMENT_KINDS = [
  'dress',
  'tshirt',
  'blouse',
  'hoodie',
  'shirt',
  'jeans',
  'trousers',
  'shorts',
  'jacket',
  'coat',
  'bomber',
  'skirt',
  'sneaker',
  'boot',
  'bag',
  'tote',
  'backpack',
  'scarf',
] as const;
export type GarmentKind = (typeof GARMENT_KINDS)[number];

export const GARMENT_PATTERNS = [
  'plain',
  'stripes',
  'pinstripe',
  'dots',
  'check',
  'floral',
  'kitenge',
  'denim',
  'quilted',
  'weave',
] as const;
export type GarmentPattern = (typeof GARMENT_PATTERNS)[number];

/** front on a hanger or the floor, the back, a close-up of the front, and a fabric swatch with a tag */
export const GARMENT_VIEWS = ['front', 'back', 'detail', 'fabric'] as const;
export type GarmentView = (typeof GARMENT_VIEWS)[number];

export interface GarmentLook {
  kind: GarmentKind;
  /** main colour, #rrggbb */
  color: string;
  pattern?: GarmentPattern;
  /** second colour of the pattern, print or trim, #rrggbb */
  accent?: string;
  /** drawn smaller, with a star print on tops */
  kids?: boolean;
}

/** pixels of the rendered picture: the shop's largest image width is 640 on most screens */
export const GARMENT_IMAGE_WIDTH = 640;
export const GARMENT_IMAGE_HEIGHT = 800;
const OUT_W = GARMENT_IMAGE_WIDTH;
const OUT_H = GARMENT_IMAGE_HEIGHT;
// drawing coordinates
const W = 800;
const H = 1000;

// ---------------------------------------------------------------- colours

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function hex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** mixes `a` towards `b` by `t` (0..1) */
function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return hex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

const darker = (c: string, t: number) => mix(c, '#000000', t);
const lighter = (c: string, t: number) => mix(c, '#ffffff', t);

function luminance(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** a colour for seams and trims that stays visible on both dark and light garments */
function lineColor(c: string): string {
  return luminance(c) < 0.22 ? lighter(c, 0.3) : darker(c, 0.32);
}

function defaultAccent(look: GarmentLook): string {
  if (look.accent) return look.accent;
  if (look.pattern === 'kitenge') return luminance(look.color) > 0.5 ? '#1d3f8f' : '#f2b631';
  return luminance(look.color) > 0.6 ? '#24324f' : '#f6f2ea';
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const BACKDROPS: [string, string][] = [
  ['#f6f1e9', '#e6dccb'],
  ['#eef2f5', '#d9e0e7'],
  ['#f1f2e8', '#dfe2cf'],
  ['#f7eef0', '#e8d6da'],
  ['#efeef6', '#dcdae9'],
  ['#f3efe7', '#ddd3c1'],
];

// ---------------------------------------------------------------- path helpers

type Pt = readonly [number, number];
interface Seg {
  to: Pt;
  q?: Pt;
}
const L = (x: number, y: number): Seg => ({ to: [x, y] });
const Q = (cx: number, cy: number, x: number, y: number): Seg => ({ q: [cx, cy], to: [x, y] });
const mirror = (p: Pt): Pt => [W - p[0], p[1]];
const pt = (p: Pt) => `${p[0]} ${p[1]}`;

/**
 * A closed outline symmetric about the vertical centre line: `half` runs from `start` (on the
 * centre line) down the right-hand side and must end on the centre line again.
 */
function symmetric(start: Pt, half: Seg[]): string {
  let d = `M${pt(start)}`;
  for (const s of half) d += s.q ? `Q${pt(s.q)} ${pt(s.to)}` : `L${pt(s.to)}`;
  const points: Pt[] = [start, ...half.map((s) => s.to)];
  for (let i = half.length - 1; i >= 0; i--) {
    const s = half[i];
    const to = mirror(points[i]);
    d += s.q ? `Q${pt(mirror(s.q))} ${pt(to)}` : `L${pt(to)}`;
  }
  return `${d}Z`;
}

/** the same open path on both sides of the centre line */
function both(d: string): string {
  const flipped = d.replace(
    /(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g,
    (_m, x: string, y: string) => `${W - Number(x)} ${y}`,
  );
  return `${d} ${flipped}`;
}

const path = (d: string, attrs: string) => `<path d="${d}" ${attrs}/>`;
const stroke = (color: string, width: number, extra = '') =>
  `fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" ${extra}`;
const stitch = (color: string, width = 3) => stroke(color, width, 'stroke-dasharray="9 7" opacity="0.8"');

// ---------------------------------------------------------------- garments

interface Drawing {
  /** the outline that takes colour, pattern and shading */
  body: string;
  /** drawn before the body (hood, handles, inside of a collar) */
  behind?: string;
  /** seams, pockets, buttons: drawn over the body, clipped to it */
  details?: string;
  /** drawn over everything, not clipped (collars, soles, straps) */
  over?: string;
  support: 'hanger' | 'clips' | 'floor' | 'rail';
  /** centre of the close-up view */
  focus: Pt;
}

interface Ink {
  main: string;
  line: string;
  seam: string;
  accent: string;
  metal: string;
  look: GarmentLook;
}

function tshirt(ink: Ink, back: boolean): Drawing {
  const neckY = back ? 214 : 258;
  const body = symmetric(
    [400, neckY],
    [
      Q(back ? 455 : 458, back ? 212 : 255, 492, 196),
      L(590, 218),
      L(700, 350),
      L(628, 398),
      L(588, 340),
      L(594, 866),
      Q(500, 872, 400, 872),
    ],
  );
  const collar = `M308 196Q${back ? '345 212' : '342 255'} 400 ${neckY}Q${back ? '455 212' : '458 255'} 492 196`;
  const details = [
    path(collar, stroke(ink.line, 14)),
    path('M212 842Q300 848 400 848Q500 848 588 842', stitch(ink.seam)),
    path(both('M689 338L618 384'), stitch(ink.seam)),
    path(both('M590 218L588 340'), stroke(ink.line, 2, 'opacity="0.35"')),
    path('M300 560Q330 600 320 700M480 620Q470 700 500 780', stroke(ink.line, 3, 'opacity="0.18"')),
  ];
  if (ink.look.kids && !back) details.push(star(400, 470, 90, ink.accent));
  return { body, details: details.join(''), support: 'hanger', focus: [400, 330] };
}

function blouse(ink: Ink, back: boolean): Drawing {
  const body = symmetric(
    [400, back ? 215 : 330],
    [
      back ? Q(450, 213, 484, 196) : L(484, 196),
      L(585, 212),
      L(705, 470),
      L(640, 505),
      L(586, 350),
      L(608, 860),
      Q(500, 876, 400, 876),
    ],
  );
  const details = [
    path(
      back ? 'M316 196Q350 213 400 215Q450 213 484 196' : 'M316 196L400 330L484 196',
      stroke(ink.line, 10, 'opacity="0.7"'),
    ),
    path(both('M694 452L632 486'), stroke(ink.line, 6, 'opacity="0.55"')),
    path('M214 846Q300 858 400 858Q500 858 586 846', stitch(ink.seam)),
    path('M330 420Q340 600 300 820M470 420Q462 600 500 820', stroke(ink.line, 3, 'opacity="0.16"')),
  ];
  if (!back) details.push(...[390, 450, 510].map((y) => circle(400, y, 8, ink.metal, ink.line)));
  return { body, details: details.join(''), support: 'hanger', focus: [400, 360] };
}

function hoodie(ink: Ink, back: boolean): Drawing {
  const body = symmetric(
    [400, back ? 220 : 262],
    [
      Q(455, back ? 218 : 258, 490, 206),
      L(590, 226),
      L(692, 420),
      L(736, 700),
      L(668, 720),
      L(624, 440),
      L(594, 360),
      L(596, 872),
      L(400, 872),
    ],
  );
  const hood = back
    ? path(
        'M288 232Q280 120 400 104Q520 120 512 232Q470 300 400 300Q330 300 288 232Z',
        `fill="${ink.main}" stroke="${ink.line}" stroke-width="3"`,
      )
    : path(
        'M300 220Q290 130 400 116Q510 130 500 220Q460 170 400 170Q340 170 300 220Z',
        `fill="${darker(ink.main, 0.25)}" stroke="${ink.line}" stroke-width="3"`,
      );
  const details = [
    path('M204 816L596 816', stroke(ink.line, 3, 'opacity="0.5"')),
    path(both('M668 720L736 700M674 690L730 672'), stroke(ink.line, 3, 'opacity="0.5"')),
  ];
  if (!back) {
    details.push(
      path(
        'M290 620L510 620L540 770L260 770Z',
        `fill="${darker(ink.main, 0.06)}" stroke="${ink.line}" stroke-width="3"`,
      ),
      path('M290 620L262 770M510 620L538 770', stitch(ink.seam)),
    );
    if (ink.look.kids) details.push(star(400, 440, 80, ink.accent));
  } else {
    details.push(path('M400 236L400 300', stroke(ink.line, 3, 'opacity="0.4"')));
  }
  const over = back
    ? ''
    : path('M300 222Q340 262 400 262Q460 262 500 222', stroke(darker(ink.main, 0.3), 12)) +
      path('M378 262L370 400M422 262L430 400', stroke(ink.accent, 6)) +
      circle(370, 404, 6, ink.metal, ink.line) +
      circle(430, 404, 6, ink.metal, ink.line);
  return { body, behind: hood, details: details.join(''), over, support: 'hanger', focus: [400, 420] };
}

function shirt(ink: Ink, back: boolean): Drawing {
  const body = symmetric(
    [400, back ? 196 : 238],
    [
      Q(445, back ? 194 : 234, 478, 188),
      L(582, 206),
      L(682, 330),
      L(722, 690),
      L(662, 708),
      L(614, 420),
      L(588, 362),
      L(590, 850),
      Q(520, 906, 400, 906),
    ],
  );
  const details: string[] = [path(both('M722 690L662 708M716 650L658 668'), stroke(ink.line, 3, 'opacity="0.55"'))];
  let over = '';
  if (back) {
    details.push(path('M218 272Q400 262 582 272', stroke(ink.line, 3, 'opacity="0.5"')));
    details.push(path('M380 272L392 330M420 272L408 330', stroke(ink.line, 2, 'opacity="0.4"')));
    over = path(
      'M322 188Q400 168 478 188L474 206Q400 188 326 206Z',
      `fill="${darker(ink.main, 0.12)}" stroke="${ink.line}" stroke-width="3"`,
    );
  } else {
    details.push(
      `<rect x="388" y="236" width="24" height="680" fill="${darker(ink.main, 0.04)}" stroke="${ink.line}" stroke-width="2"/>`,
      ...[300, 392, 484, 576, 668, 760].map((y) => circle(400, y, 7, ink.metal, ink.line)),
      path('M250 330L340 330L340 420L295 440L250 420Z', `fill="none" stroke="${ink.line}" stroke-width="3"`),
      path('M252 344L338 344', stitch(ink.seam, 2)),
    );
    over =
      path('M326 184Q400 168 474 184L470 196Q400 186 330 196Z', `fill="${darker(ink.main, 0.22)}"`) +
      path(
        both('M402 240L478 184L512 204L452 292Z'),
        `fill="${lighter(ink.main, 0.04)}" stroke="${ink.line}" stroke-width="3" stroke-linejoin="round"`,
      );
  }
  return { body, details: details.join(''), over, support: 'hanger', focus: [400, 320] };
}

function dress(ink: Ink, back: boolean): Drawing {
  const body = symmetric(
    [400, back ? 200 : 240],
    [
      Q(452, back ? 198 : 238, 468, 182),
      L(526, 176),
      Q(532, 262, 580, 300),
      L(548, 470),
      Q(600, 700, 690, 905),
      Q(560, 936, 400, 938),
    ],
  );
  const details = [
    `<rect x="150" y="456" width="500" height="34" fill="${darker(ink.main, 0.18)}" opacity="0.85"/>`,
    path('M330 490Q300 700 270 930M400 492L400 936M470 490Q500 700 530 930', stroke(ink.line, 3, 'opacity="0.2"')),
    path('M120 908Q400 940 680 908', stitch(ink.seam)),
    back ? path('M400 200L400 456', stroke(ink.line, 3, 'opacity="0.55"')) : '',
  ];
  const over = back ? '' : path('M548 474Q600 520 590 600M560 478Q612 500 630 580', stroke(darker(ink.main, 0.2), 10));
  return { body, details: details.join(''), over, support: 'hanger', focus: [400, 400] };
}

function skirt(ink: Ink, back: boolean): Drawing {
  const body = symmetric([400, 210], [L(524, 210), L(534, 252), Q(590, 500, 652, 800), Q(530, 830, 400, 832)]);
  const details = [
    `<rect x="150" y="210" width="500" height="42" fill="${darker(ink.main, 0.15)}"/>`,
    path('M340 252Q320 520 290 826M400 252L400 832M460 252Q480 520 510 826', stroke(ink.line, 3, 'opacity="0.22"')),
    path('M150 806Q400 836 650 806', stitch(ink.seam)),
    back ? path('M400 212L400 420', stroke(ink.metal, 4)) : circle(400, 231, 9, ink.metal, ink.line),
  ];
  return { body, details: details.join(''), support: 'clips', focus: [400, 330] };
}

function trousers(ink: Ink, back: boolean, kind: 'jeans' | 'trousers' | 'shorts'): Drawing {
  const hem = kind === 'shorts' ? 560 : 885;
  const outer = kind === 'shorts' ? 600 : 566;
  const inner = kind === 'shorts' ? 418 : 432;
  const body = symmetric(
    [400, 168],
    [L(562, 168), L(570, 214), Q(598, 300, 592, 380), L(outer, hem), L(inner, hem), L(406, 400), L(400, 394)],
  );
  const denim = kind === 'jeans' || ink.look.pattern === 'denim';
  const seamColor = denim ? '#d9a441' : ink.seam;
  const details: string[] = [
    `<rect x="200" y="168" width="400" height="44" fill="${darker(ink.main, 0.08)}"/>`,
    path('M236 212L564 212', stitch(seamColor, 3)),
    ...[262, 330, 470, 538].map(
      (x) =>
        `<rect x="${x - 6}" y="164" width="12" height="54" rx="3" fill="${darker(ink.main, 0.12)}" stroke="${ink.line}" stroke-width="2"/>`,
    ),
    path(both(`M${outer - 4} ${hem - 22}L${inner + 4} ${hem - 22}`), stitch(seamColor, 3)),
  ];
  if (back) {
    details.push(
      path('M230 262L400 300L570 262', stitch(seamColor, 3)),
      path(both('M460 320L556 308L562 410L512 440L466 414Z'), `fill="none" stroke="${ink.line}" stroke-width="3"`),
      path(both('M468 336L552 326'), stitch(seamColor, 2)),
    );
  } else {
    details.push(
      circle(400, 190, 10, ink.metal, darker(ink.metal, 0.4)),
      path('M428 214L428 330Q428 362 402 374', stitch(seamColor, 3)),
      path(both('M566 240Q500 246 488 306'), stroke(ink.line, 3)),
    );
    if (denim) {
      details.push(path('M512 228L548 226L550 262L514 266Z', `fill="none" stroke="${seamColor}" stroke-width="2"`));
      details.push(circle(560, 242, 5, ink.metal, ink.line), circle(240, 242, 5, ink.metal, ink.line));
      // worn-in fade on the thighs, hardly visible on dark denim
      const fade = luminance(ink.main) < 0.2 ? 0.04 : 0.1;
      for (const cx of [300, 500]) {
        details.push(`<ellipse cx="${cx}" cy="520" rx="48" ry="150" fill="#ffffff" opacity="${fade}"/>`);
      }
    } else if (kind === 'trousers') {
      details.push(path(both('M500 330L500 870'), stroke(ink.line, 2, 'opacity="0.35"')));
    }
  }
  return { body, details: details.join(''), support: 'clips', focus: [420, 280] };
}

function jacket(ink: Ink, back: boolean, long: boolean): Drawing {
  const hem = long ? 960 : 880;
  const body = symmetric(
    [400, back ? 194 : 214],
    [
      Q(448, back ? 192 : 212, 480, 186),
      L(600, 214),
      L(690, 340),
      L(728, 730),
      L(664, 746),
      L(626, 430),
      L(604, 372),
      L(614, hem),
      L(400, hem),
    ],
  );
  const details: string[] = [path(both('M728 730L664 746M724 700L662 716'), stroke(ink.line, 3, 'opacity="0.55"'))];
  let over = '';
  if (back) {
    details.push(path('M400 194L400 ' + hem, stroke(ink.line, 3, 'opacity="0.4"')));
    if (long) details.push(`<rect x="200" y="560" width="400" height="36" fill="${darker(ink.main, 0.1)}"/>`);
  } else {
    details.push(
      path('M346 214L400 520L454 214Z', `fill="${lighter(ink.accent, 0.1)}" stroke="${ink.line}" stroke-width="2"`),
      path(`M400 520L400 ${hem}`, stroke(ink.line, 3)),
      ...[590, 690].concat(long ? [790] : []).map((y) => circle(418, y, 11, ink.metal, ink.line)),
      path(
        both('M470 660L580 654L580 690L472 696Z'),
        `fill="${darker(ink.main, 0.06)}" stroke="${ink.line}" stroke-width="2"`,
      ),
      path('M240 400L322 396', stroke(ink.line, 4)),
    );
    if (long)
      details.push(
        `<rect x="180" y="560" width="440" height="34" fill="${darker(ink.main, 0.12)}"/>`,
        `<rect x="384" y="556" width="36" height="42" rx="4" fill="none" stroke="${ink.metal}" stroke-width="5"/>`,
      );
    over = path(
      both('M454 212L492 196L516 268L486 282L536 300L400 520Z'),
      `fill="${darker(ink.main, 0.06)}" stroke="${ink.line}" stroke-width="3" stroke-linejoin="round"`,
    );
  }
  return { body, details: details.join(''), over, support: 'hanger', focus: [420, 380] };
}

function bomber(ink: Ink, back: boolean): Drawing {
  const denim = ink.look.pattern === 'denim';
  const body = symmetric(
    [400, back ? 200 : 226],
    [
      Q(448, back ? 198 : 224, 478, 190),
      L(596, 216),
      L(688, 350),
      L(722, 700),
      L(660, 716),
      L(622, 440),
      L(600, 376),
      L(604, 836),
      L(400, 836),
    ],
  );
  const rib = denim ? darker(ink.main, 0.08) : darker(ink.main, 0.22);
  const details: string[] = [
    `<rect x="150" y="796" width="500" height="40" fill="${rib}"/>`,
    path(both('M722 700L660 716L654 680L716 664Z'), `fill="${rib}"`),
  ];
  if (ink.look.pattern === 'quilted') {
    details.push(path(both('M690 420L626 440M700 520L634 540M710 620L646 640'), stroke(ink.line, 3, 'opacity="0.5"')));
  }
  let over = '';
  if (!back) {
    if (denim) {
      details.push(
        path('M400 226L400 836', stroke(ink.line, 3)),
        ...[300, 400, 500, 600, 700].map((y) => circle(414, y, 9, ink.metal, ink.line)),
        path(
          both('M460 330L560 326L562 400L512 418L462 402Z'),
          `fill="none" stroke="#d9a441" stroke-width="3" stroke-dasharray="8 6"`,
        ),
        path('M230 560L340 610M570 560L460 610', stitch('#d9a441')),
      );
      over = path(
        both('M330 192Q400 176 470 192L520 250L430 300L400 232Z'),
        `fill="${darker(ink.main, 0.1)}" stroke="${ink.line}" stroke-width="3" stroke-linejoin="round"`,
      );
    } else {
      details.push(
        path('M400 226L400 796', stroke(ink.metal, 6)),
        path('M400 226L400 796', stroke(darker(ink.metal, 0.45), 2, 'stroke-dasharray="3 5"')),
        path(both('M456 560L500 680'), stroke(ink.line, 5)),
      );
      over =
        `<rect x="392" y="232" width="16" height="30" rx="4" fill="${ink.metal}" stroke="${ink.line}" stroke-width="2"/>` +
        path('M322 192Q400 240 478 192', stroke(rib, 16));
    }
  } else {
    over = path('M322 192Q400 210 478 192', stroke(rib, 14));
  }
  return { body, details: details.join(''), over, support: 'hanger', focus: [420, 330] };
}

function sneaker(ink: Ink): Drawing {
  const upper =
    'M150 735L150 560Q150 518 192 514Q250 514 290 546Q330 572 372 546L440 500Q470 488 494 506L566 560Q650 610 702 640Q748 666 748 704L748 735Z';
  const sole = path(
    'M132 734L764 734Q776 734 776 750L776 770Q776 788 756 788L150 788Q128 788 128 766L128 742Q128 734 132 734Z',
    `fill="#f7f5f0" stroke="#9a968e" stroke-width="3"`,
  );
  const laces = [0, 1, 2, 3, 4]
    .map((i) => {
      const x = 450 + i * 24;
      const y = 512 + i * 11;
      return path(`M${x - 14} ${y - 14}L${x + 14} ${y + 14}`, stroke('#f4f1ea', 7));
    })
    .join('');
  const details = [
    path('M600 735Q610 650 700 640', stroke(ink.line, 3, 'opacity="0.6"')),
    path('M150 600Q200 600 230 640L230 735', stroke(ink.line, 3, 'opacity="0.5"')),
    path(
      'M280 690Q430 700 620 600Q470 690 300 712Z',
      `fill="${ink.accent}" stroke="${darker(ink.accent, 0.25)}" stroke-width="2"`,
    ),
    path('M160 720L740 720', stitch(ink.seam, 2)),
    laces,
  ];
  const over = sole + path('M150 762L760 762', stroke('#c9c4b9', 3));
  return {
    body: upper,
    details: details.join(''),
    over,
    support: 'floor',
    focus: [470, 600],
  };
}

function boot(ink: Ink): Drawing {
  const upper =
    'M172 735L178 330Q180 316 196 316L352 316Q366 316 368 330L382 520Q520 560 640 618Q738 660 742 702L742 735Z';
  const sole = darker(ink.main, 0.55);
  const over =
    path('M150 734L768 734L768 770Q768 790 748 790L150 790Z', `fill="${sole}"`) +
    `<rect x="150" y="734" width="170" height="76" rx="6" fill="${sole}"/>` +
    path('M156 748L762 748', stitch(lighter(sole, 0.35), 2));
  const eyelets = [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const y = 360 + i * 36;
      return circle(372 - i * 1, y, 6, ink.metal, ink.line) + path(`M352 ${y}L392 ${y + 18}`, stroke('#2b2520', 5));
    })
    .join('');
  const details = [
    path('M382 520Q470 620 640 618', stroke(ink.line, 3, 'opacity="0.5"')),
    path('M182 700L740 700', stitch(ink.seam, 3)),
    path(
      'M200 316L200 260Q200 244 214 244L232 244Q246 244 246 260L246 316',
      `fill="none" stroke="${ink.line}" stroke-width="8"`,
    ),
    eyelets,
  ];
  return { body: upper, details: details.join(''), over, support: 'floor', focus: [420, 520] };
}

function bag(ink: Ink, back: boolean, kind: 'bag' | 'tote' | 'backpack'): Drawing {
  if (kind === 'backpack') {
    const body = 'M250 300Q250 230 320 230L480 230Q550 230 550 300L560 830Q560 860 530 860L270 860Q240 860 240 830Z';
    const behind = path('M330 230Q330 160 400 160Q470 160 470 230', stroke(darker(ink.main, 0.3), 18));
    const details = back
      ? [
          path('M300 260Q290 560 320 840M500 260Q510 560 480 840', stroke(darker(ink.main, 0.35), 36)),
          path('M300 260Q290 560 320 840M500 260Q510 560 480 840', stitch(lighter(ink.main, 0.3), 2)),
        ]
      : [
          path('M262 330Q400 300 538 330', stroke(ink.metal, 5)),
          path(
            'M290 560L510 560Q530 560 530 580L530 780Q530 810 500 810L300 810Q270 810 270 780L270 580Q270 560 290 560Z',
            `fill="${darker(ink.main, 0.1)}" stroke="${ink.line}" stroke-width="3"`,
          ),
          path('M290 600L510 600', stroke(ink.metal, 5)),
          `<rect x="430" y="590" width="12" height="34" rx="4" fill="${ink.metal}"/>`,
          path('M260 860L540 860', stitch(ink.seam)),
        ];
    return { body, behind, details: details.join(''), support: 'floor', focus: [400, 560] };
  }
  const top = kind === 'tote' ? 420 : 470;
  const body =
    kind === 'tote'
      ? 'M210 420L590 420L618 860L182 860Z'
      : 'M215 470L585 470L625 820Q625 850 595 850L205 850Q175 850 175 820Z';
  const handle =
    kind === 'tote'
      ? path(
          'M280 424Q290 200 340 190Q380 186 390 424M410 424Q420 186 460 190Q510 200 520 424',
          stroke(darker(ink.main, 0.3), 16),
        )
      : path('M300 474C300 300 500 300 500 474', stroke(darker(ink.main, 0.3), 22));
  const details: string[] = [path(kind === 'tote' ? 'M214 448L586 448' : 'M218 494L582 494', stitch(ink.seam))];
  if (kind === 'bag' && !back) {
    details.push(
      path(
        'M205 470L595 470L602 610Q400 670 198 610Z',
        `fill="${darker(ink.main, 0.1)}" stroke="${ink.line}" stroke-width="3"`,
      ),
      `<rect x="380" y="612" width="40" height="34" rx="6" fill="${ink.metal}" stroke="${darker(ink.metal, 0.4)}" stroke-width="2"/>`,
    );
  } else if (kind === 'tote' && !back) {
    details.push(path('M300 560L500 560L500 700L300 700Z', `fill="none" stroke="${ink.line}" stroke-width="3"`));
  }
  return { body, behind: handle, details: details.join(''), support: 'floor', focus: [400, top + 140] };
}

function scarf(ink: Ink): Drawing {
  const body = 'M290 200L420 200L412 880L300 880ZM392 200L520 200L536 820L420 820Z';
  const fringe = (x0: number, x1: number, y: number) =>
    Array.from({ length: 9 }, (_v, i) => {
      const x = x0 + ((x1 - x0) * i) / 8;
      return path(`M${x} ${y}L${x} ${y + 34}`, stroke(ink.main, 4));
    }).join('');
  const details = [path('M302 860L410 860M422 800L532 800', stitch(ink.seam))];
  return {
    body,
    details: details.join(''),
    over: fringe(304, 408, 880) + fringe(424, 532, 820),
    support: 'rail',
    focus: [410, 500],
  };
}

function star(cx: number, cy: number, r: number, color: string): string {
  const points = Array.from({ length: 10 }, (_v, i) => {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.45;
    return `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${color}" stroke="${darker(color, 0.3)}" stroke-width="3" stroke-linejoin="round"/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, line: string): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" stroke="${line}" stroke-width="2"/>`;
}

function draw(look: GarmentLook, back: boolean, ink: Ink): Drawing {
  switch (look.kind) {
    case 'tshirt':
      return tshirt(ink, back);
    case 'blouse':
      return blouse(ink, back);
    case 'hoodie':
      return hoodie(ink, back);
    case 'shirt':
      return shirt(ink, back);
    case 'dress':
      return dress(ink, back);
    case 'skirt':
      return skirt(ink, back);
    case 'jeans':
    case 'trousers':
    case 'shorts':
      return trousers(ink, back, look.kind);
    case 'jacket':
      return jacket(ink, back, false);
    case 'coat':
      return jacket(ink, back, true);
    case 'bomber':
      return bomber(ink, back);
    case 'sneaker':
      return sneaker(ink);
    case 'boot':
      return boot(ink);
    case 'bag':
    case 'tote':
    case 'backpack':
      return bag(ink, back, look.kind);
    case 'scarf':
      return scarf(ink);
  }
}

// ---------------------------------------------------------------- patterns

function patternDef(look: GarmentLook, accent: string): string {
  const c = look.color;
  const tile = (w: number, h: number, body: string, transform = '') =>
    `<pattern id="pat" width="${w}" height="${h}" patternUnits="userSpaceOnUse"${transform ? ` patternTransform="${transform}"` : ''}>${body}</pattern>`;
  switch (look.pattern ?? 'plain') {
    case 'plain':
      return '';
    case 'stripes':
      return tile(60, 60, `<rect width="60" height="22" fill="${accent}" opacity="0.9"/>`);
    case 'pinstripe':
      return tile(26, 26, `<rect width="5" height="26" fill="${accent}" opacity="0.8"/>`);
    case 'dots':
      return tile(
        64,
        64,
        `<circle cx="16" cy="16" r="8" fill="${accent}"/><circle cx="48" cy="48" r="8" fill="${accent}"/>`,
      );
    case 'check':
      return tile(
        96,
        96,
        `<rect width="36" height="96" fill="${accent}" opacity="0.45"/><rect width="96" height="36" fill="${accent}" opacity="0.45"/>` +
          `<rect x="60" width="4" height="96" fill="${darker(c, 0.45)}" opacity="0.5"/><rect y="60" width="96" height="4" fill="${darker(c, 0.45)}" opacity="0.5"/>`,
      );
    case 'floral': {
      const flower = (x: number, y: number, s: number) =>
        [0, 72, 144, 216, 288]
          .map(
            (a) =>
              `<ellipse cx="${x}" cy="${y - 9 * s}" rx="${6 * s}" ry="${10 * s}" fill="${accent}" transform="rotate(${a} ${x} ${y})"/>`,
          )
          .join('') + `<circle cx="${x}" cy="${y}" r="${5 * s}" fill="#f2c84b"/>`;
      return tile(
        110,
        110,
        flower(28, 30, 1) +
          flower(82, 84, 0.8) +
          `<ellipse cx="72" cy="30" rx="9" ry="4" fill="${mix(c, '#3f7d3a', 0.6)}" transform="rotate(-30 72 30)"/>` +
          `<ellipse cx="30" cy="84" rx="9" ry="4" fill="${mix(c, '#3f7d3a', 0.6)}" transform="rotate(25 30 84)"/>`,
      );
    }
    case 'kitenge': {
      const third = luminance(c) > 0.45 ? '#2b2118' : '#fbf3e2';
      return tile(
        140,
        140,
        `<circle cx="70" cy="70" r="50" fill="${accent}"/><circle cx="70" cy="70" r="34" fill="${third}"/>` +
          `<circle cx="70" cy="70" r="20" fill="${c}"/><circle cx="70" cy="70" r="8" fill="${accent}"/>` +
          [0, 140]
            .flatMap((x) => [0, 140].map((y) => `<circle cx="${x}" cy="${y}" r="22" fill="${third}"/>`))
            .join('') +
          `<path d="M70 0L80 10L70 20L60 10ZM70 120L80 130L70 140L60 130ZM0 70L10 60L20 70L10 80ZM120 70L130 60L140 70L130 80Z" fill="${accent}"/>`,
        'rotate(8)',
      );
    }
    case 'denim':
      return tile(10, 10, `<path d="M-2 12L12 -2" stroke="${lighter(c, 0.35)}" stroke-width="2" opacity="0.35"/>`);
    case 'quilted':
      return tile(
        W,
        100,
        `<rect width="${W}" height="4" fill="${darker(c, 0.4)}" opacity="0.55"/><rect y="8" width="${W}" height="26" fill="#ffffff" opacity="0.12"/>`,
      );
    case 'weave':
      return tile(
        24,
        24,
        `<rect width="12" height="12" fill="${accent}" opacity="0.5"/><rect x="12" y="12" width="12" height="12" fill="${accent}" opacity="0.5"/>` +
          `<path d="M0 6H24M0 18H24" stroke="${darker(c, 0.3)}" stroke-width="1.5" opacity="0.5"/>`,
      );
  }
}

// ---------------------------------------------------------------- composition

function backdrop(seed: number, floor: boolean): string {
  const [top, bottom] = BACKDROPS[seed % BACKDROPS.length];
  const wall = `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
  const floorBand = floor
    ? `<rect y="800" width="${W}" height="${H - 800}" fill="${darker(bottom, 0.06)}"/><rect y="800" width="${W}" height="3" fill="${darker(bottom, 0.12)}"/>`
    : '';
  return `<defs>${wall}</defs><rect width="${W}" height="${H}" fill="url(#bg)"/>${floorBand}`;
}

function support(kind: Drawing['support']): string {
  const wood = '#9b6a3f';
  const steel = '#8d939b';
  switch (kind) {
    case 'hanger':
      return (
        path('M400 196L400 150Q400 118 426 118Q452 118 452 144', stroke(steel, 8)) +
        path('M236 232Q400 150 564 232', stroke(wood, 18)) +
        path('M236 232Q400 150 564 232', stroke(lighter(wood, 0.3), 4, 'opacity="0.6"'))
      );
    case 'clips':
      return (
        path('M400 130L400 96Q400 68 426 68Q452 68 452 92', stroke(steel, 8)) +
        path('M190 134L610 134', stroke(steel, 10)) +
        [230, 570]
          .map((x) => `<rect x="${x - 16}" y="132" width="32" height="56" rx="5" fill="${darker(steel, 0.2)}"/>`)
          .join('')
      );
    case 'rail':
      return path('M140 206L660 206', stroke(darker('#9b6a3f', 0.1), 14));
    case 'floor':
      return '';
  }
}

function shading(id: string): string {
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">` +
    `<stop offset="0" stop-color="#000" stop-opacity="0.18"/><stop offset="0.3" stop-color="#fff" stop-opacity="0.08"/>` +
    `<stop offset="0.55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.16"/></linearGradient>`
  );
}

function fabricView(look: GarmentLook, accent: string, seed: number): string {
  const c = look.color;
  const [top] = BACKDROPS[seed % BACKDROPS.length];
  return (
    `<rect width="${W}" height="${H}" fill="${top}"/>` +
    `<defs>${patternDef(look, accent)}${shading('sh')}</defs>` +
    path('M40 60L760 100L740 960L60 930Z', `fill="${c}" stroke="${darker(c, 0.3)}" stroke-width="3"`) +
    (look.pattern && look.pattern !== 'plain' ? path('M40 60L760 100L740 960L60 930Z', 'fill="url(#pat)"') : '') +
    path('M40 60L760 100L740 960L60 930Z', 'fill="url(#sh)"') +
    path('M60 300Q300 360 560 280Q660 250 750 300', stroke('#000', 26, 'opacity="0.07"')) +
    path('M60 640Q320 560 520 660Q640 710 745 650', stroke('#fff', 22, 'opacity="0.09"')) +
    path('M600 100L760 100L760 260Z', `fill="${darker(c, 0.25)}"`) +
    `<g transform="rotate(-12 470 560)">` +
    path('M360 560L420 500L600 500L600 640L420 640Z', 'fill="#d8b98a" stroke="#8c6c43" stroke-width="3"') +
    `<circle cx="430" cy="570" r="11" fill="${c}" stroke="#8c6c43" stroke-width="3"/>` +
    `<rect x="470" y="536" width="100" height="10" rx="5" fill="#8c6c43" opacity="0.5"/>` +
    `<rect x="470" y="564" width="80" height="10" rx="5" fill="#8c6c43" opacity="0.5"/>` +
    `<rect x="470" y="592" width="90" height="10" rx="5" fill="#8c6c43" opacity="0.5"/></g>` +
    path('M430 570Q360 520 320 420', stroke('#7a5a35', 3))
  );
}

/** The SVG of one product photo. */
export function garmentSvg(look: GarmentLook, view: GarmentView): string {
  const accent = defaultAccent(look);
  const cloth = `${look.color}|${look.pattern ?? ''}|${accent}`;
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${OUT_W}" height="${OUT_H}"`;
  // a swatch depends only on the cloth, so pieces cut from the same cloth share one picture
  if (view === 'fabric') return `${open} viewBox="0 0 ${W} ${H}">${fabricView(look, accent, hashString(cloth))}</svg>`;
  const seed = hashString(`${look.kind}|${cloth}`);

  const back = view === 'back';
  // shoes show the other one of the pair from the other side instead of a back view
  const pair = back && (look.kind === 'sneaker' || look.kind === 'boot');
  const ink: Ink = {
    main: look.color,
    line: lineColor(look.color),
    seam: luminance(look.color) < 0.22 ? lighter(look.color, 0.4) : darker(look.color, 0.4),
    accent,
    metal: luminance(look.color) > 0.7 ? '#b08d57' : '#d9c28a',
    look,
  };
  const drawing = draw(look, back && !pair, ink);
  const patterned = look.pattern && look.pattern !== 'plain';
  const garment =
    (drawing.behind ?? '') +
    path(drawing.body, `fill="#000" opacity="0.1" transform="translate(10 14)"`) +
    path(drawing.body, `fill="${look.color}"`) +
    `<g clip-path="url(#gc)">` +
    (patterned ? `<rect width="${W}" height="${H}" fill="url(#pat)"/>` : '') +
    `<rect width="${W}" height="${H}" fill="url(#sh)"/>` +
    (drawing.details ?? '') +
    `</g>` +
    path(drawing.body, stroke(ink.line, 3)) +
    (drawing.over ?? '');

  const floor = drawing.support === 'floor';
  const pivot = floor ? 780 : 560;
  const scaled = look.kids ? `<g transform="translate(400 ${pivot}) scale(0.74) translate(-400 -${pivot})">` : '<g>';
  const placed = pair ? `<g transform="translate(${W} 0) scale(-1 1)">${garment}</g>` : garment;
  const shadow = floor
    ? `<ellipse cx="${pair ? 350 : 450}" cy="${look.kids ? 784 : 790}" rx="${look.kids ? 250 : 340}" ry="22" fill="#000" opacity="0.12"/>`
    : '';
  const content =
    `<defs><clipPath id="gc"><path d="${drawing.body}"/></clipPath>${patternDef(look, accent)}${shading('sh')}</defs>` +
    backdrop(seed + (back ? 1 : 0), floor) +
    shadow +
    `${scaled}${support(drawing.support)}${placed}</g>`;

  let viewBox = `0 0 ${W} ${H}`;
  if (view === 'detail') {
    const zoom = look.kids ? 0.34 : 0.42;
    const scale = look.kids ? 0.74 : 1;
    const cx = 400 + (drawing.focus[0] - 400) * scale;
    const cy = pivot + (drawing.focus[1] - pivot) * scale;
    const w = W * zoom;
    const h = H * zoom;
    const x = Math.max(0, Math.min(W - w, cx - w / 2));
    const y = Math.max(0, Math.min(H - h, cy - h / 2));
    viewBox = `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`;
  }
  return `${open} viewBox="${viewBox}">${content}</svg>`;
}

/** Renders one product photo to PNG. */
export function renderGarment(look: GarmentLook, view: GarmentView): Promise<Buffer> {
  return sharp(Buffer.from(garmentSvg(look, view)))
    .png({ compressionLevel: 2 })
    .toBuffer();
}
