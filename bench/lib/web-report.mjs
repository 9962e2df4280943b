// Aggregation and presentation of `pnpm bench:web`: medians, the budgets, the console table, and
// the Markdown section written between the bench:web markers of docs/performance.md.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { CATEGORIES, categoryOf } from './web-network.mjs';

/** @typedef {import('./web-load.mjs').LoadResult} LoadResult */

export const KB = 1024;
export const BUDGETS = {
  /** All JS of a storefront page's first load (shell + shared libraries + storefront), transferred. */
  storefrontJsBytes: 250 * KB,
  /** LCP of Home and Course details under the mobile slow-4G throttling. */
  lcpMs: 2000,
  /** #34's goal for every signed-in page: all JS of its first load, as the storefront's. */
  signedInJsBytes: 250 * KB,
  /** #34's goal: a signed-in page's own content painted (mobile slow 4G). */
  signedInContentMs: 1500,
  /** #34's goal: a signed-in page usable (the app has taken it over) on the same profile. */
  signedInUsableMs: 2500,
};

export const START_MARKER = '<!-- bench:web:start -->';
export const END_MARKER = '<!-- bench:web:end -->';

/**
 * @param {(number | undefined)[]} values
 * @returns {number | undefined}
 */
export function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return undefined;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** @param {number | undefined} bytes */
export const kb = (bytes) => (bytes === undefined ? '–' : `${(bytes / KB).toFixed(1)}`);
/** @param {number | undefined} value milliseconds */
export const ms = (value) => (value === undefined ? '–' : `${Math.round(value)}`);
/** @param {number | undefined} value milliseconds */
export const seconds = (value) => (value === undefined ? '–' : `${(value / 1000).toFixed(2)} s`);

/** The machine the numbers come from. */
export function machine() {
  const cpus = os.cpus();
  let distro = '';
  try {
    distro = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? '';
  } catch {
    // not Linux, or no os-release
  }
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown CPU',
    cores: cpus.length,
    memoryGb: os.totalmem() / 1024 ** 3,
    os: [distro, `${os.type()} ${os.release()}`, os.arch()].filter(Boolean).join(', '),
    node: process.version,
  };
}

/**
 * @typedef {object} PageRuns
 * @property {string} key
 * @property {string} name
 * @property {string} path what was loaded
 * @property {string} [route] the route pattern (`/course/:id`)
 * @property {string} [user] who loads it: 'visitor' (signed out, the default) or a demo user's role
 * @property {string} [content] CSS selector of the page's own main content
 * @property {LoadResult[]} unthrottled
 * @property {LoadResult[]} throttled
 */

/**
 * Medians and findings of one page over its runs.
 * @param {PageRuns} page
 */
export function aggregatePage(page) {
  const { unthrottled, throttled } = page;
  const bytes = Object.fromEntries(CATEGORIES.map((c) => [c, median(unthrottled.map((r) => r.summary.bytes[c]))]));
  const jsRange = unthrottled.map((r) => r.summary.bytes.js);
  const all = [...unthrottled, ...throttled];
  /** @type {Map<string, number>} */
  const scriptSizes = new Map();
  for (const script of unthrottled[0]?.scripts ?? []) scriptSizes.set(script.url, script.transferred);
  return {
    key: page.key,
    name: page.name,
    path: page.path,
    route: page.route ?? page.path,
    user: page.user ?? 'visitor',
    runs: { unthrottled: unthrottled.length, throttled: throttled.length },
    bytes,
    totalBytes: median(unthrottled.map((r) => r.summary.total)),
    jsBytes: median(jsRange),
    jsBody: median(unthrottled.map((r) => r.summary.jsBody)),
    jsMin: jsRange.length ? Math.min(...jsRange) : undefined,
    jsMax: jsRange.length ? Math.max(...jsRange) : undefined,
    requests: median(unthrottled.map((r) => r.summary.requests)),
    requestsBeforeFcp: median(unthrottled.map((r) => r.summary.requestsBeforeFcp)),
    throttledRequestsBeforeFcp: median(throttled.map((r) => r.summary.requestsBeforeFcp)),
    unthrottledFcp: median(unthrottled.map((r) => r.fcp)),
    fcp: median(throttled.map((r) => r.fcp)),
    lcp: median(throttled.map((r) => r.lcp)),
    lcpRuns: throttled.map((r) => r.lcp),
    lcpElement: throttled.find((r) => r.lcpElement)?.lcpElement,
    content: median(throttled.map((r) => r.content)),
    usable: median(throttled.map((r) => r.appReady)),
    contentRuns: throttled.map((r) => r.content),
    contentElement: throttled.find((r) => r.contentElement)?.contentElement,
    contentSelector: page.content,
    tbt: median(throttled.map((r) => r.tbt)),
    throttledJsBytes: median(throttled.map((r) => r.summary.bytes.js)),
    scripts: [...scriptSizes].map(([url, transferred]) => ({ url, transferred })),
    federation: all.find((r) => r.federation)?.federation ?? null,
    singletonProblems: [...new Set(all.flatMap((r) => r.singletonProblems ?? []))],
    unsettled: all.filter((r) => !r.settled).length,
    consoleErrors: [...new Set(all.flatMap((r) => r.consoleErrors))],
  };
}

/** @typedef {ReturnType<typeof aggregatePage>} PageSummary */

/** How far the course list's LCP with camera photos may be from its LCP with the demo thumbnails. */
export const PHOTO_LCP_TOLERANCE = 0.1;

/** A rendition's URL without its origin and course id: `/api/media/…/640.webp`. */
export const renditionName = (url) => url.replace(/https?:\/\/[^/\s]+/g, '').replace(/(\/api\/media\/)[^/\s]+/g, '$1…');

/**
 * The image responses of one load: bytes transferred (every image request, and the API's media
 * renditions alone), how many, per card shown (`inspected`: the page's card count), and the image
 * URLs fetched from the network more than once (a preload hint naming another candidate than the
 * `<img>` takes would be one).
 * @param {LoadResult} result
 */
export function imageBytes(result) {
  const images = result.requests.filter((r) => categoryOf(r) === 'image' && !r.fromCache && !r.url.startsWith('data:'));
  const media = images.filter((r) => new URL(r.url).pathname.startsWith('/api/media/'));
  const bytes = images.reduce((sum, r) => sum + r.transferred, 0);
  const cards = typeof result.inspected === 'number' ? result.inspected : undefined;
  const seen = new Map();
  for (const r of images) seen.set(r.url, (seen.get(r.url) ?? 0) + 1);
  return {
    bytes,
    mediaBytes: media.reduce((sum, r) => sum + r.transferred, 0),
    images: images.length,
    cards,
    perCard: cards ? bytes / cards : undefined,
    twice: [...seen].filter(([, n]) => n > 1).map(([url]) => renditionName(url)),
  };
}

/**
 * Images per card of one page over its runs: medians of the desktop (unthrottled) and mobile
 * (throttled) loads.
 * @param {PageRuns} page
 */
export function cardImages(page) {
  const of = (/** @type {LoadResult[]} */ runs) => {
    const each = runs.map(imageBytes);
    return {
      bytes: median(each.map((i) => i.bytes)),
      images: median(each.map((i) => i.images)),
      cards: median(each.map((i) => i.cards)),
      perCard: median(each.map((i) => i.perCard)),
      /** Loads that fetched an image twice. */
      twice: each.filter((i) => i.twice.length).length,
    };
  };
  return { desktop: of(page.unthrottled), mobile: of(page.throttled) };
}

/**
 * The demo-thumbnail pages side by side with the same pages after camera photos were uploaded.
 * @param {PageSummary[]} demo
 * @param {PageSummary[]} photos
 * @param {Record<string, ReturnType<typeof cardImages>>} images by page key (photo pages: `<key>-photos`)
 */
export function photoComparison(demo, photos, images) {
  return photos.map((p) => {
    const key = p.key.replace(/-photos$/, '');
    const d = demo.find((x) => x.key === key);
    const ratio = d?.lcp && p.lcp !== undefined ? p.lcp / d.lcp : undefined;
    return {
      name: (d?.name ?? p.name).replace(/ · (demo|photos)$/, ''),
      key,
      demoLcp: d?.lcp,
      photosLcp: p.lcp,
      demoFcp: d?.fcp,
      photosFcp: p.fcp,
      demoLcpRuns: d?.lcpRuns ?? [],
      photosLcpRuns: p.lcpRuns,
      ratio,
      within: ratio === undefined ? undefined : ratio <= 1 + PHOTO_LCP_TOLERANCE,
      photosLcpElement: p.lcpElement,
      demoImages: images[key],
      photosImages: images[p.key],
    };
  });
}

/** @typedef {ReturnType<typeof photoComparison>[number]} PhotoRow */

/** @param {number | undefined} ratio */
const percent = (ratio) => (ratio === undefined ? '–' : `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`);

/**
 * Plain-text comparison for the console.
 * @param {PhotoRow[]} rows
 */
export function photoConsoleTable(rows) {
  const header = ['page', 'LCP* demo', 'LCP* photos', 'Δ', 'cards', 'KB/card desk', 'KB/card mob*', 'images desk/mob'];
  const body = rows.flatMap((r) => [
    [
      `${r.name} · demo`,
      ms(r.demoLcp),
      '',
      '',
      String(r.demoImages?.desktop.cards ?? '–'),
      kb(r.demoImages?.desktop.perCard),
      kb(r.demoImages?.mobile.perCard),
      `${r.demoImages?.desktop.images ?? '–'}/${r.demoImages?.mobile.images ?? '–'}`,
    ],
    [
      `${r.name} · photos`,
      '',
      ms(r.photosLcp),
      percent(r.ratio),
      String(r.photosImages?.desktop.cards ?? '–'),
      kb(r.photosImages?.desktop.perCard),
      kb(r.photosImages?.mobile.perCard),
      `${r.photosImages?.desktop.images ?? '–'}/${r.photosImages?.mobile.images ?? '–'}`,
    ],
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** @param {PhotoRow} row loads of its page, demo and photos, that fetched an image twice */
const twice = (row) =>
  ['demoImages', 'photosImages'].reduce(
    (sum, key) => sum + (row[key]?.desktop.twice ?? 0) + (row[key]?.mobile.twice ?? 0),
    0,
  );

/**
 * The Markdown of the camera-photos comparison.
 * @param {PhotoRow[]} rows
 * @param {{ count: number, bytes: number, largest: number, uploadSeconds: number }} upload
 */
function photoSection(rows, upload) {
  const list = rows.find((r) => r.key === 'list');
  return [
    '',
    '### Camera-size photos as thumbnails',
    '',
    `After the demo-thumbnail loads above, the bench generates ${upload.count} camera-size JPEGs with sharp (4000×3000 JPEG quality 90, a gradient with texture at three scales so that the card-size renditions keep a photo's detail, camera EXIF; ${(upload.bytes / upload.count / 1024 ** 2).toFixed(1)} MB on average, largest ${(upload.largest / 1024 ** 2).toFixed(1)} MB; nothing committed), signs in as the demo educator and adds ${upload.count} published courses with them through \`POST /api/educator/add-course\`, and for each a twin, the same course with a demo cover (a demo course's largest JPEG rendition) as its thumbnail (${(upload.uploadSeconds / upload.count).toFixed(1)} s per photo upload, renditions included). The course list's first page then starts with those ${upload.count} courses (newest first), above the demo ones. The pages below are then loaded cold with the twins (the photo courses unpublished through the educator's lifecycle routes) and with the photos (the twins unpublished) in turns, the order swapped every run, so that a busy machine slows both alike: the two pages have the same cards and text, and differ in their thumbnails only.`,
    '',
    `Goal (#17): the course list's LCP with the photos within ${PHOTO_LCP_TOLERANCE * 100} % of its LCP with the demo thumbnails: **${list?.within === undefined ? 'not measured' : list.within ? 'met' : 'not met'}**${list?.ratio === undefined ? '' : ` (${percent(list.ratio)})`}.`,
    '',
    '| Page | LCP, demo thumbnails | LCP, camera photos | Photos vs demo | FCP, demo → photos | LCP of each run (demo / photos) | Cards | Image KB per card, desktop (demo → photos) | Image KB per card, mobile (demo → photos) | Images loaded, desktop / mobile (demo → photos) | Loads with an image fetched twice | LCP element with photos (mobile) |',
    '|---|---:|---:|---:|---:|---|---:|---:|---:|---|---:|---|',
    ...rows.map((r) => {
      const runs = (values) => values.map((v) => (v === undefined ? '–' : (v / 1000).toFixed(2))).join(' / ') || '–';
      return `| ${r.name} | ${seconds(r.demoLcp)} | ${seconds(r.photosLcp)} | ${percent(r.ratio)} | ${seconds(r.demoFcp)} → ${seconds(r.photosFcp)} | ${runs(r.demoLcpRuns)} — ${runs(r.photosLcpRuns)} | ${r.demoImages?.desktop.cards ?? '–'} → ${r.photosImages?.desktop.cards ?? '–'} | ${kb(r.demoImages?.desktop.perCard)} → ${kb(r.photosImages?.desktop.perCard)} | ${kb(r.demoImages?.mobile.perCard)} → ${kb(r.photosImages?.mobile.perCard)} | ${r.demoImages?.desktop.images ?? '–'} / ${r.demoImages?.mobile.images ?? '–'} → ${r.photosImages?.desktop.images ?? '–'} / ${r.photosImages?.mobile.images ?? '–'} | ${twice(r)} | ${r.photosLcpElement ? `\`${renditionName(r.photosLcpElement).replace(/\|/g, '\\|').slice(0, 60)}\`` : '–'} |`;
    }),
    '',
    "Image KB per card: every image response of the load (the API's renditions, the placeholder art, icons), bytes transferred, divided by the course cards on the page (`.sf-course-card`); thumbnails below the fold are lazy and not loaded, so a card's share is what a visitor actually downloads. LCP as above (mobile slow 4G, CPU ×4). Fetched twice: loads (of all, desktop and mobile, demo and photos) in which one image URL came over the network more than once, as when a preload hint and the `<img>` pick different candidates. The LCP element is the image the phone drew (`currentSrc`: the rendition its `srcset` and `sizes` chose). Home's LCP element is its heading, which the thumbnails do not touch.",
  ];
}

/**
 * Budget verdicts. A budget whose pages were not measured in this run is "not measured".
 * @param {PageSummary[]} pages
 */
export function budgets(pages) {
  const byKey = Object.fromEntries(pages.map((p) => [p.key, p]));
  const storefront = pages.filter((p) => p.jsBytes !== undefined && p.user === 'visitor');
  const signedIn = pages.filter((p) => p.user !== 'visitor');
  const signedInJs = signedIn.filter((p) => p.jsBytes !== undefined);
  const signedInContent = signedIn.filter((p) => p.content !== undefined);
  const lcpPages = ['home', 'details'].map((k) => byKey[k]).filter((p) => p?.lcp !== undefined);
  const singletonPages = pages.filter((p) => p.runs.unthrottled + p.runs.throttled > 0);
  return [
    {
      name: `Storefront first load: all JS (shell + shared libraries + storefront) ≤ ${kb(BUDGETS.storefrontJsBytes)} KB gzipped, as transferred (headers included)`,
      measured: storefront.map((p) => `${p.name} ${kb(p.jsBytes)} KB (bodies alone ${kb(p.jsBody)} KB)`).join(', '),
      met: storefront.length
        ? storefront.every((p) => /** @type {number} */ (p.jsBytes) <= BUDGETS.storefrontJsBytes)
        : undefined,
    },
    {
      name: `LCP ≤ ${seconds(BUDGETS.lcpMs)} on Home and Course details (mobile slow 4G, CPU ×4)`,
      measured: lcpPages.map((p) => `${p.name} ${seconds(p.lcp)}`).join(', '),
      met: lcpPages.length === 2 ? lcpPages.every((p) => /** @type {number} */ (p.lcp) <= BUDGETS.lcpMs) : undefined,
    },
    {
      name: `#34 goal: every signed-in page's first load ≤ ${kb(BUDGETS.signedInJsBytes)} KB of JS gzipped, as transferred`,
      measured: signedInJs.map((p) => `${p.name} ${kb(p.jsBytes)} KB`).join(', '),
      met: signedInJs.length
        ? signedInJs.every((p) => /** @type {number} */ (p.jsBytes) <= BUDGETS.signedInJsBytes)
        : undefined,
    },
    {
      name: `#34 goal: every signed-in page's own content painted ≤ ${seconds(BUDGETS.signedInContentMs)} (mobile slow 4G, CPU ×4)`,
      measured: signedInContent.map((p) => `${p.name} ${seconds(p.content)}`).join(', '),
      met: signedInContent.length
        ? signedInContent.every((p) => /** @type {number} */ (p.content) <= BUDGETS.signedInContentMs)
        : undefined,
    },
    {
      name: `#34 goal: every signed-in page usable (the app has taken it over) ≤ ${seconds(BUDGETS.signedInUsableMs)} (mobile slow 4G, CPU ×4)`,
      measured: signedInContent.map((p) => `${p.name} ${seconds(p.usable)}`).join(', '),
      met: signedInContent.length
        ? signedInContent.every((p) => p.usable !== undefined && p.usable <= BUDGETS.signedInUsableMs)
        : undefined,
    },
    {
      name: 'Each shared singleton fetched once per page load',
      measured: singletonPages
        .map((p) => `${p.name}: ${p.singletonProblems.length ? p.singletonProblems.join('; ') : 'once'}`)
        .join(', '),
      met: singletonPages.length ? singletonPages.every((p) => p.singletonProblems.length === 0) : undefined,
    },
  ];
}

/**
 * Every measured page in the shape of #34's table: who, first paint, content painted (and LCP,
 * which on a signed-in page may be the demo banner), TBT, and the JS of its first load.
 * @param {PageSummary[]} pages
 */
export function pageSpeedTable(pages) {
  return [
    '| Page | Signed in as | First paint (FCP) | Content painted | Usable | LCP | TBT | JS (gzip, transferred) |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...pages.map(
      (p) =>
        `| ${p.name} | ${p.user === 'visitor' ? '– (visitor)' : p.user} | ${seconds(p.fcp)} | ${seconds(p.content)} | ${seconds(p.usable)} | ${seconds(p.lcp)} | ${p.tbt === undefined ? '–' : `${Math.round(p.tbt)} ms`} | ${p.jsBytes === undefined ? '–' : `${kb(p.jsBytes)} KB`} |`,
    ),
  ].join('\n');
}

/** @param {boolean | undefined} met */
const verdict = (met) => (met === undefined ? 'not measured' : met ? '**met**' : '**not met**');

/**
 * A short display name for a script URL: the app serving it and its path.
 * @param {string} url
 * @param {Record<string, string>} origins origin → app name
 */
export function scriptName(url, origins) {
  const parsed = new URL(url);
  return `${origins[parsed.origin] ?? parsed.host}${parsed.pathname}`;
}

/** @param {(number | undefined)[]} values milliseconds, one per run */
const runsOf = (values) => values.map((v) => (v === undefined ? '–' : (v / 1000).toFixed(2))).join(' / ') || '–';

/**
 * Plain-text table for the console.
 * @param {PageSummary[]} pages
 */
export function consoleTable(pages) {
  const header = [
    'page',
    'JS KB',
    'CSS',
    'img',
    'JSON',
    'doc',
    'font',
    'other',
    'total KB',
    'req',
    'req<FCP',
    'FCP*',
    'LCP*',
    'content*',
    'TBT*',
    'singletons',
  ];
  const rows = pages.map((p) => [
    p.name,
    kb(p.bytes.js),
    kb(p.bytes.css),
    kb(p.bytes.image),
    kb(p.bytes.json),
    kb(p.bytes.document),
    kb(p.bytes.font),
    kb(p.bytes.other),
    kb(p.totalBytes),
    String(p.requests ?? '–'),
    String(p.requestsBeforeFcp ?? '–'),
    ms(p.fcp),
    ms(p.lcp),
    ms(p.content),
    ms(p.tbt),
    p.runs.unthrottled + p.runs.throttled ? (p.singletonProblems.length ? 'PROBLEM' : 'once') : '–',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/**
 * The Markdown section for docs/performance.md.
 * @param {object} input
 * @param {PageSummary[]} input.pages
 * @param {ReturnType<typeof machine> & { loadAtStart?: number, loadAtEnd?: number }} input.machine
 * @param {string} input.chromium
 * @param {Date} input.date
 * @param {number} input.runs
 * @param {Record<string, string>} input.origins origin → app name
 * @param {{ rows: PhotoRow[], upload: { count: number, bytes: number, largest: number, uploadSeconds: number } }} [input.photos]
 */
export function markdownSection({ pages, machine: m, chromium, date, runs, origins, photos }) {
  const out = [];
  const push = (...lines) => out.push(...lines);
  push(
    `Last run: ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC, \`pnpm bench:web\` (builds, then \`node bench/web.mjs\`), ${runs} cold load${runs === 1 ? '' : 's'} per page and pass; the figures are medians.`,
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb.toFixed(1)} GB memory, ${m.os}; Node ${m.node}; Chromium ${chromium} (headless, playwright-core)${m.loadAtStart === undefined ? '' : `; 1-minute load average at the start: ${m.loadAtStart.toFixed(2)}`}${m.loadAtEnd === undefined ? '' : `, at the end: ${m.loadAtEnd.toFixed(2)}`}.${Math.max(m.loadAtStart ?? 0, m.loadAtEnd ?? 0) > m.cores ? ` **The machine was busy (load average above its ${m.cores} cores): timings are noisy.**` : ''}`,
    '',
    "The platform runs as in production (`startPlatform`: the API and the static servers of the built `dist/` folders, gzip) with a fresh data folder and the 13 demo courses. The storefront's pages are loaded as a visitor (nobody signed in); each portal's signed-in pages as the demo user who uses them (student, educator, admin), a **returning user**: the user signed in once through the shell's Sign in dialog before the measured loads, and every load starts with the session cookie the previous load left (the refresh cookie rotates when a page renews the session). Every load is **cold**: a new browser context (empty cache; no cookies but that session cookie).",
    '',
    '### Every page at a glance (medians; timings under mobile slow 4G, CPU ×4)',
    '',
    pageSpeedTable(pages),
    '',
    "**Content painted**: when the page's own main content, the part drawn from its data, first had a box on screen (per page below); on a signed-in page the LCP can be the demo banner or the shell, drawn long before the page itself.",
    '',
    '### Budgets',
    '',
    '| Budget | Measured | Verdict |',
    '|---|---|---|',
    ...budgets(pages).map((b) => `| ${b.name} | ${b.measured || '–'} | ${verdict(b.met)} |`),
    '',
    '### Bytes and requests (unthrottled, desktop 1280×720)',
    '',
    'KB transferred (gzip as sent, headers included; 1 KB = 1,024 bytes), by resource type.',
    '',
    '| Page | JS | CSS | Images | JSON / fetch | Document | Fonts | Other | Total | Requests | Started before FCP |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...pages.map(
      (p) =>
        `| ${p.name} (\`${p.route}\`) | ${kb(p.bytes.js)} | ${kb(p.bytes.css)} | ${kb(p.bytes.image)} | ${kb(p.bytes.json)} | ${kb(p.bytes.document)} | ${kb(p.bytes.font)} | ${kb(p.bytes.other)} | ${kb(p.totalBytes)} | ${p.requests ?? '–'} | ${p.requestsBeforeFcp ?? '–'} |`,
    ),
    '',
    '### Timings (Lighthouse mobile slow 4G: 150 ms RTT, 1.6 Mbps down, 750 kbps up, CPU ×4, 412×823 @1.75)',
    '',
    '| Page | FCP | LCP | LCP of each run | Content painted | Content of each run | TBT | Requests started before FCP | LCP element | Content (selector → first match) |',
    '|---|---:|---:|---|---:|---|---:|---:|---|---|',
    ...pages.map(
      (p) =>
        `| ${p.name} | ${seconds(p.fcp)} | ${seconds(p.lcp)} | ${runsOf(p.lcpRuns)} | ${seconds(p.content)} | ${runsOf(p.contentRuns)} | ${p.tbt === undefined ? '–' : `${Math.round(p.tbt)} ms`} | ${p.throttledRequestsBeforeFcp ?? '–'} | ${p.lcpElement ? `\`${p.lcpElement.replace(/\|/g, '\\|').slice(0, 60)}\`` : '–'} | ${p.contentSelector ? `\`${p.contentSelector.replace(/\|/g, '\\|')}\`${p.contentElement ? ` → \`${p.contentElement.replace(/\|/g, '\\|').slice(0, 50)}\`` : ''}` : '–'} |`,
    ),
  );

  if (photos?.rows.length) push(...photoSection(photos.rows, photos.upload));

  // The biggest JS files across the measured pages.
  /** @type {Map<string, { transferred: number, pages: string[] }>} */
  const scripts = new Map();
  for (const p of pages)
    for (const s of p.scripts) {
      const name = scriptName(s.url, origins);
      const item = scripts.get(name) ?? { transferred: s.transferred, pages: [] };
      item.pages.push(p.name);
      scripts.set(name, item);
    }
  const biggest = [...scripts].sort((a, b) => b[1].transferred - a[1].transferred);
  const shown = biggest.slice(0, 12);
  const rest = biggest.slice(12);
  push(
    '',
    '### Biggest JS files',
    '',
    '| File (app + path) | KB transferred | Loaded on |',
    '|---|---:|---|',
    ...shown.map(([name, s]) => `| \`${name}\` | ${kb(s.transferred)} | ${s.pages.join(', ')} |`),
  );
  if (rest.length) push(`| ${rest.length} more files | ${kb(rest.reduce((sum, [, s]) => sum + s.transferred, 0))} | |`);

  push(
    '',
    '### Shared singletons',
    '',
    'From `window.__FEDERATION__.__SHARE__` after each load: the loaded provider of every shared module (one is the goal), and from the network log, no script URL requested twice.',
    '',
    '| Page | Loaded providers | Problems |',
    '|---|---|---|',
    ...pages.map((p) => {
      const loaded = (p.federation?.shared ?? [])
        .filter((s) => s.providers.length)
        .map((s) => `${s.name} ← ${s.providers.join(' + ')}`)
        .join('<br>');
      return `| ${p.name} | ${loaded || '–'} | ${p.singletonProblems.length ? p.singletonProblems.join('<br>') : 'none: each fetched once'} |`;
    }),
  );

  push(
    '',
    '### How it is measured',
    '',
    '- **Bytes** are `encodedDataLength` of `Network.loadingFinished` in the Chrome DevTools Protocol network log of the page (compressed bodies plus headers, as transferred). Types come from the browser\'s resource type (Script, Stylesheet, Image, Font, Document, Fetch/XHR → JSON), then the response MIME type; CORS preflights count as "other". "Requests" counts every request of the load until the page is quiet.',
    "- **Started before FCP** compares each `Network.requestWillBeSent` timestamp with the main frame's `firstContentfulPaint` lifecycle event (same monotonic clock).",
    "- **FCP** and **LCP** come from `PerformanceObserver`s (`paint`, `largest-contentful-paint`, buffered) registered by an init script before the page's own scripts; LCP is the last candidate once the page has settled (LCP observation stops at the first input; there is none).",
    "- **Content painted** comes from a third init script: a `MutationObserver` schedules one check per animation frame after the DOM changed, and the first frame in which an element matching the page's content selector has a box larger than 2 × 2 px (so a screen-reader-only heading does not count), not `visibility: hidden` nor transparent, gives its `performance.now()`: the frame that paints it, or the first contentful paint if that came later (a frame can be laid out before anything is painted, as text waiting for its font). The selectors (table above) name what needs the page's data: the course cards of the list, the enrolled courses, the player's lesson area, the educator's figures, course rows, videos or the form, the admin's request rows, or each page's empty state.",
    "- **TBT** sums, over the `longtask` entries observed by the same init script, the part of each task beyond 50 ms, counting only its part after FCP and before the page went quiet (Lighthouse's definition; long tasks are observed in the page, not from a trace).",
    "- **Settled / quiet**: Playwright's network idle (no request for 500 ms), then until no request has started or finished and no long task has ended for 1 s.",
    "- **Throttling**: DevTools protocol `Network.emulateNetworkConditions` (latency 150 ms, 209,715 B/s down, 96,000 B/s up) and `Emulation.setCPUThrottlingRate` 4, a 412×823 viewport at device scale factor 1.75 with a mobile user agent. This is applied throttling, not Lighthouse's simulation, so values differ from a Lighthouse report.",
    '- Benchmarks measure and report: the script exits 0 whatever the numbers, and non-zero only when the platform fails to start, a page throws, or a request fails.',
  );
  const notes = pages.flatMap((p) => [
    ...(p.unsettled ? [`${p.name}: ${p.unsettled} load(s) did not go quiet within 30 s; measured at the limit.`] : []),
    ...p.consoleErrors.map((e) => `${p.name}: console error: ${e}`),
  ]);
  if (notes.length) push('', '**Notes from this run:**', '', ...notes.map((n) => `- ${n}`));
  return out.join('\n');
}

/**
 * Replaces what is between the bench:web markers of `file`, and nothing else. Reads and writes in
 * one go (write to a temporary file, then rename) so a concurrent writer of another section is
 * not clobbered by a stale copy.
 * @param {string} file
 * @param {string} body
 */
export function writeBetweenMarkers(file, body) {
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(START_MARKER);
  const end = text.indexOf(END_MARKER);
  if (start === -1 || end === -1 || end < start)
    throw new Error(`${file} has no ${START_MARKER} … ${END_MARKER} section to write into`);
  const next = `${text.slice(0, start + START_MARKER.length)}\n${body}\n${text.slice(end)}`;
  const temporary = `${file}.bench-web.tmp`;
  writeFileSync(temporary, next);
  renameSync(temporary, file);
}
