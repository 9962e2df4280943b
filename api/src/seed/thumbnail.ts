/**
 * Course covers for the demo catalog, drawn here as SVG so the demo needs no image from the
 * internet (sharp renders them through the same pipeline as uploads). Each has its topic's palette
 * and glyph, one of three layouts, shapes placed by the course's own seed, and its title: no two
 * look alike. Only generic font families: nothing is fetched.
 */

type Glyph = (ink: string, paper: string) => string;

interface Topic {
  label: string;
  /** Background gradient, from and to; the accent for the label, bars and shapes. */
  palettes: Array<{ from: string; to: string; accent: string }>;
  glyph: Glyph;
}

const FONT = "font-family='sans-serif'";

/** Glyphs in a 200 × 200 box centred on the origin. */
const GLYPHS = {
  coffee: (ink: string) => `
    <path d='M-62 -18 h112 v52 a46 46 0 0 1 -46 46 h-20 a46 46 0 0 1 -46 -46 z' fill='${ink}'/>
    <path d='M50 -4 h14 a24 24 0 0 1 0 48 h-16' fill='none' stroke='${ink}' stroke-width='12'/>
    <path d='M-74 92 h148' stroke='${ink}' stroke-width='10' stroke-linecap='round'/>
    ${[-30, 0, 30]
      .map(
        (x) =>
          `<path d='M${x} -40 c-14 -14 14 -26 0 -44' fill='none' stroke='${ink}' stroke-width='8' stroke-linecap='round' opacity='0.7'/>`,
      )
      .join('')}`,
  badge: (text: string) => (ink: string, paper: string) =>
    `
    <rect x='-78' y='-78' width='156' height='156' rx='18' fill='${ink}'/>
    <text x='58' y='62' text-anchor='end' ${FONT} font-weight='700' font-size='70' fill='${paper}'>${text}</text>`,
  chart: (ink: string) => `
    ${[
      [-70, 30],
      [-30, -10],
      [10, 10],
      [50, -50],
    ]
      .map(([x, y]) => `<rect x='${x}' y='${y}' width='28' height='${80 - (y as number)}' rx='5' fill='${ink}'/>`)
      .join('')}
    <path d='M-80 0 L-40 -40 L0 -20 L64 -86' fill='none' stroke='${ink}' stroke-width='9' stroke-linecap='round' stroke-linejoin='round' opacity='0.55'/>
    <path d='M-86 86 h172' stroke='${ink}' stroke-width='8' stroke-linecap='round'/>`,
  atom: (ink: string) => `
    ${[0, 60, 120]
      .map((a) => `<ellipse rx='90' ry='34' transform='rotate(${a})' fill='none' stroke='${ink}' stroke-width='9'/>`)
      .join('')}
    <circle r='17' fill='${ink}'/>`,
  hexagon: (ink: string) => `
    <path d='M0 -92 L80 -46 L80 46 L0 92 L-80 46 L-80 -46 Z' fill='none' stroke='${ink}' stroke-width='12' stroke-linejoin='round'/>
    <path d='M-22 -30 L-48 0 L-22 30 M22 -30 L48 0 L22 30' fill='none' stroke='${ink}' stroke-width='11' stroke-linecap='round' stroke-linejoin='round'/>`,
  database: (ink: string, paper: string) => `
    <path d='M-70 -60 v120 a70 24 0 0 0 140 0 v-120' fill='${ink}'/>
    <ellipse cy='-60' rx='70' ry='24' fill='${ink}' stroke='${paper}' stroke-width='6'/>
    <path d='M-70 -14 a70 24 0 0 0 140 0 M-70 30 a70 24 0 0 0 140 0' fill='none' stroke='${paper}' stroke-width='6'/>`,
  leaf: (ink: string, paper: string) => `
    <path d='M0 -92 C58 -40 58 40 4 82 L0 96 L-4 82 C-58 40 -58 -40 0 -92 Z' fill='${ink}'/>
    <path d='M0 -60 V84' stroke='${paper}' stroke-width='6' stroke-linecap='round' opacity='0.8'/>`,
  containers: (ink: string) => `
    ${[
      [-72, -6],
      [-24, -6],
      [24, -6],
      [-48, -52],
      [0, -52],
      [0, -98],
    ]
      .map(([x, y]) => `<rect x='${x}' y='${y}' width='42' height='40' rx='4' fill='${ink}'/>`)
      .join('')}
    <path d='M-92 44 h184 c-6 34 -44 54 -92 54 s-86 -20 -92 -54 z' fill='${ink}'/>`,
  pen: (ink: string) => `
    <path d='M-80 70 C-40 -80 40 80 80 -70' fill='none' stroke='${ink}' stroke-width='9' stroke-linecap='round'/>
    <path d='M-80 70 L-30 10 M80 -70 L30 -10' stroke='${ink}' stroke-width='4' opacity='0.6'/>
    ${[
      [-80, 70],
      [80, -70],
    ]
      .map(
        ([x, y]) => `<rect x='${(x as number) - 13}' y='${(y as number) - 13}' width='26' height='26' fill='${ink}'/>`,
      )
      .join('')}
    ${[
      [-30, 10],
      [30, -10],
    ]
      .map(([x, y]) => `<circle cx='${x}' cy='${y}' r='11' fill='${ink}'/>`)
      .join('')}`,
  network: (ink: string) => {
    const layers = [
      [-80, [-60, 0, 60]],
      [0, [-80, -27, 27, 80]],
      [80, [-30, 30]],
    ] as const;
    const lines: string[] = [];
    for (let l = 0; l < layers.length - 1; l++) {
      const [x1, ys1] = layers[l] as (typeof layers)[number];
      const [x2, ys2] = layers[l + 1] as (typeof layers)[number];
      for (const y1 of ys1) for (const y2 of ys2) lines.push(`M${x1} ${y1} L${x2} ${y2}`);
    }
    const nodes = layers.flatMap(([x, ys]) => ys.map((y) => `<circle cx='${x}' cy='${y}' r='16' fill='${ink}'/>`));
    return `<path d='${lines.join(' ')}' stroke='${ink}' stroke-width='4' opacity='0.5'/>${nodes.join('')}`;
  },
  go: (ink: string) => `
    ${[-34, -4, 26].map((y, i) => `<path d='M${-104 + i * 8} ${y} h${30 - i * 6}' stroke='${ink}' stroke-width='9' stroke-linecap='round' opacity='0.6'/>`).join('')}
    <text x='100' y='30' text-anchor='end' ${FONT} font-weight='700' font-style='italic' font-size='88' fill='${ink}'>GO</text>`,
  play: (ink: string) =>
    `<path d='M-40 -62 L66 0 L-40 62 Z' fill='${ink}' stroke='${ink}' stroke-width='14' stroke-linejoin='round'/>`,
} satisfies Record<string, Glyph | ((text: string) => Glyph)>;

/** The first topic whose pattern matches a title; the last one matches every title. */
const TOPICS: Array<[RegExp, Topic]> = [
  [
    /machine learning|\bai\b/i,
    {
      label: 'Machine learning',
      palettes: [{ from: '#2e1065', to: '#c026d3', accent: '#f0abfc' }],
      glyph: GLYPHS.network,
    },
  ],
  [
    /typescript/i,
    {
      label: 'TypeScript',
      palettes: [{ from: '#172554', to: '#2f74c0', accent: '#93c5fd' }],
      glyph: GLYPHS.badge('TS'),
    },
  ],
  [
    /javascript/i,
    {
      label: 'JavaScript',
      palettes: [{ from: '#1c1917', to: '#a16207', accent: '#fde047' }],
      glyph: GLYPHS.badge('JS'),
    },
  ],
  [
    /\bjava\b/i,
    {
      label: 'Java',
      palettes: [
        { from: '#7c2d12', to: '#f97316', accent: '#fed7aa' },
        { from: '#1e1b4b', to: '#b45309', accent: '#fcd34d' },
      ],
      glyph: GLYPHS.coffee,
    },
  ],
  [
    /python|data analysis/i,
    { label: 'Data analysis', palettes: [{ from: '#0c2d48', to: '#15803d', accent: '#fde047' }], glyph: GLYPHS.chart },
  ],
  [
    /react/i,
    { label: 'Front end', palettes: [{ from: '#0b1220', to: '#0e7490', accent: '#67e8f9' }], glyph: GLYPHS.atom },
  ],
  [
    /node|koa|\bapi/i,
    { label: 'Back end', palettes: [{ from: '#14361f', to: '#4d7c0f', accent: '#bef264' }], glyph: GLYPHS.hexagon },
  ],
  [
    /mongo/i,
    { label: 'Databases', palettes: [{ from: '#022c22', to: '#059669', accent: '#a7f3d0' }], glyph: GLYPHS.leaf },
  ],
  [
    /sql|database/i,
    { label: 'Databases', palettes: [{ from: '#312e81', to: '#0891b2', accent: '#a5f3fc' }], glyph: GLYPHS.database },
  ],
  [
    /docker|kubernetes|devops|cloud/i,
    { label: 'DevOps', palettes: [{ from: '#0c4a6e', to: '#2563eb', accent: '#7dd3fc' }], glyph: GLYPHS.containers },
  ],
  [
    /design|\bui\b|\bux\b/i,
    { label: 'Design', palettes: [{ from: '#881337', to: '#fb7185', accent: '#ffe4e6' }], glyph: GLYPHS.pen },
  ],
  [/\bgo\b/i, { label: 'Go', palettes: [{ from: '#083344', to: '#0d9488', accent: '#99f6e4' }], glyph: GLYPHS.go }],
  [/./, { label: 'Course', palettes: [{ from: '#1e293b', to: '#6366f1', accent: '#c7d2fe' }], glyph: GLYPHS.play }],
];

/** A small deterministic PRNG (mulberry32): the same course always gets the same cover. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** Greedy word wrap to lines of at most `max` characters (a long word gets a line of its own). */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

export const COVER_WIDTH = 1280;
export const COVER_HEIGHT = 720;

/** The title block: a label in a pill, the title in up to three lines, an accent bar. */
function titleBlock(title: string, label: string, accent: string, x: number, top: number, maxWidth: number) {
  // Bold sans-serif is about 0.6 em a character on average.
  let size = 76;
  let lines = wrap(title, Math.floor(maxWidth / (size * 0.6)));
  while (lines.length > 3 && size > 52) {
    size -= 6;
    lines = wrap(title, Math.floor(maxWidth / (size * 0.6)));
  }
  const labelWidth = Math.round(label.length * 17.5 + 40);
  const text = lines
    .map((line, i) => `<tspan x='${x}' y='${top + 92 + size * (0.9 + i * 1.12)}'>${escapeXml(line)}</tspan>`)
    .join('');
  const barY = top + 92 + size * (0.9 + (lines.length - 1) * 1.12) + 34;
  return `
    <rect x='${x}' y='${top}' width='${labelWidth}' height='44' rx='22' fill='${accent}'/>
    <text x='${x + 20}' y='${top + 30}' ${FONT} font-weight='700' font-size='21' letter-spacing='2' fill='#111827'>${escapeXml(label.toUpperCase())}</text>
    <text ${FONT} font-weight='700' font-size='${size}' fill='#ffffff'>${text}</text>
    <rect x='${x}' y='${barY}' width='96' height='8' rx='4' fill='${accent}'/>`;
}

/** An SVG cover (COVER_WIDTH × COVER_HEIGHT) for a course, by its title; `seed` varies layout and shapes. */
export function courseCoverSvg(title: string, seed: number): string {
  const [, topic] = TOPICS.find(([pattern]) => pattern.test(title)) as [RegExp, Topic];
  const { from, to, accent } = topic.palettes[seed % topic.palettes.length] as Topic['palettes'][number];
  const rand = random(seed * 7919 + title.length);
  const layout = seed % 3;
  const W = COVER_WIDTH;
  const H = COVER_HEIGHT;
  const angle = [
    [0, 0, 1, 1],
    [0, 1, 1, 0],
    [1, 0, 0, 1],
  ][layout] as number[];

  // Background patterns, one per layout.
  const pattern = [
    // Concentric rings behind the glyph.
    [360, 300, 240, 180]
      .map(
        (r) =>
          `<circle cx='${W - 300}' cy='${H / 2}' r='${r}' fill='none' stroke='#ffffff' stroke-opacity='0.08' stroke-width='28'/>`,
      )
      .join(''),
    // A grid of dots over the right half.
    `<pattern id='dots' width='36' height='36' patternUnits='userSpaceOnUse'><circle cx='4' cy='4' r='3.5' fill='#ffffff' fill-opacity='0.16'/></pattern>
     <rect x='${W * 0.52}' y='0' width='${W * 0.48}' height='${H}' fill='url(#dots)'/>`,
    // Diagonal bands.
    [0, 1, 2]
      .map(
        (i) =>
          `<rect x='${W * 0.45 + i * 170}' y='-200' width='${80 + i * 20}' height='${H + 400}' fill='#ffffff' fill-opacity='${0.05 + i * 0.02}' transform='rotate(24 ${W * 0.7} ${H / 2})'/>`,
      )
      .join(''),
  ][layout];

  // Loose geometric shapes in the accent colour, placed by the seed.
  const shapes: string[] = [];
  for (let i = 0; i < 5; i++) {
    const x = W * (0.56 + rand() * 0.42);
    const y = H * rand();
    const s = 14 + rand() * 30;
    const kind = Math.floor(rand() * 3);
    const opacity = (0.25 + rand() * 0.35).toFixed(2);
    if (kind === 0) shapes.push(`<circle cx='${x}' cy='${y}' r='${s}' fill='${accent}' fill-opacity='${opacity}'/>`);
    else if (kind === 1)
      shapes.push(
        `<rect x='${x - s}' y='${y - s}' width='${s * 2}' height='${s * 2}' rx='6' fill='none' stroke='${accent}' stroke-opacity='${opacity}' stroke-width='6' transform='rotate(${Math.round(rand() * 90)} ${x} ${y})'/>`,
      );
    else
      shapes.push(
        `<path d='M${x} ${y - s} L${x + s} ${y + s * 0.8} L${x - s} ${y + s * 0.8} Z' fill='${accent}' fill-opacity='${opacity}' transform='rotate(${Math.round(rand() * 120)} ${x} ${y})'/>`,
      );
  }

  // The glyph on a white disc (layouts 0 and 2) or a rounded tile (layout 1), on the right.
  const gx = layout === 1 ? W - 290 : W - 300;
  const gy = H / 2 + (layout === 2 ? -20 : 0);
  const holder =
    layout === 1
      ? `<rect x='-160' y='-160' width='320' height='320' rx='56' fill='#ffffff' transform='rotate(-6)'/>`
      : `<circle r='172' fill='#ffffff'/>`;
  const glyph = `<g transform='translate(${gx} ${gy})'>
      <circle r='${layout === 1 ? 200 : 196}' fill='#000000' fill-opacity='0.18' transform='translate(10 16)'/>
      ${holder}
      <g transform='scale(1.25)'>${topic.glyph(from, '#ffffff')}</g>
    </g>`;

  return `<svg xmlns='http://www.w3.org/2000/svg' width='${W}' height='${H}' viewBox='0 0 ${W} ${H}'>
  <defs>
    <linearGradient id='bg' x1='${angle[0]}' y1='${angle[1]}' x2='${angle[2]}' y2='${angle[3]}'>
      <stop offset='0' stop-color='${from}'/><stop offset='1' stop-color='${to}'/>
    </linearGradient>
    <radialGradient id='glow' cx='0.8' cy='0.2' r='0.7'>
      <stop offset='0' stop-color='#ffffff' stop-opacity='0.22'/><stop offset='1' stop-color='#ffffff' stop-opacity='0'/>
    </radialGradient>
  </defs>
  <rect width='${W}' height='${H}' fill='url(#bg)'/>
  <rect width='${W}' height='${H}' fill='url(#glow)'/>
  ${pattern}
  ${shapes.join('\n  ')}
  ${glyph}
  ${titleBlock(title, topic.label, accent, 84, layout === 1 ? 150 : 120, 640)}
  <text x='84' y='${H - 56}' ${FONT} font-weight='700' font-size='22' letter-spacing='3' fill='#ffffff' fill-opacity='0.7'>COURSEPORT</text>
</svg>`;
}
