// pnpm bench:web — first load of the storefront pages (as a visitor) and of every portal's signed-in
// pages (as the demo student, educator and admin: a returning user, the session cookie set, the
// cache empty) in Chromium, cold, against the platform started as in production from the built
// dist folders. Measures bytes and requests unthrottled, FCP / LCP / TBT and when the page's own
// content is painted under Lighthouse's mobile slow-4G throttling, and checks that every shared
// singleton is loaded once. Then uploads camera-size photos as the thumbnails of new courses and
// loads the course list (and Home) with them and without them in turns, to compare their LCP and
// image bytes per card with the demo thumbnails'. Prints tables and writes docs/performance.md (bench:web section).
//
// Environment:
//   BENCH_RUNS=5                    cold loads per page and pass
//   BENCH_PAGES=home,list,details,…  which pages (keys) to load: the keys in bench/lib/web-pages.mjs
//                                   (home, list, details: the storefront; enrollments, player: the
//                                   student's; educator, add-course, …; admin, admin-emails, …)
//   BENCH_USERS=visitor,student,educator,admin  whose pages to load (with BENCH_PAGES: both apply)
//   BENCH_PASSES=network,throttled  which passes to run
//   BENCH_PHOTOS=10                 camera-size photo courses uploaded for the second catalog, each
//                                   with a twin that has demo art (the course list and Home loaded
//                                   with either); 0: demo only
//   BENCH_WRITE=0                   do not write docs/performance.md (default: write when all
//                                   pages and passes ran; BENCH_WRITE=1 writes a partial run too)
//   BENCH_WATERFALL=1               print each throttled load's requests (start, end, KB, URL)
//   BENCH_REPORT=path               write that file's bench:web section instead
//   CHROMIUM_PATH=/usr/bin/chromium
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { singletonProblems } from './lib/web-federation.mjs';
import { coldLoad } from './lib/web-load.mjs';
import { waterfall } from './lib/web-network.mjs';
import { MEASURED_PAGES, pagePath } from './lib/web-pages.mjs';
import { countCards, setPhotoCoursesPublished, uploadPhotoCourses } from './lib/web-photos.mjs';
import {
  aggregatePage,
  budgets,
  cardImages,
  consoleTable,
  imageBytes,
  kb,
  machine,
  markdownSection,
  pageSpeedTable,
  photoComparison,
  photoConsoleTable,
  scriptName,
  writeBetweenMarkers,
} from './lib/web-report.mjs';
import { DEMO_USERS, enrolledCourseId, ownCourseId, signInThroughUi } from './lib/web-session.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Also print each throttled load's requests: when each started and finished, and its bytes. */
const WATERFALL = process.env.BENCH_WATERFALL === '1';
const REPORT = path.resolve(process.env.BENCH_REPORT ?? path.join(ROOT, 'docs/performance.md'));

/** The pages (bench/lib/web-pages.mjs, shared with the first-load budget test). */
const PAGES = MEASURED_PAGES;
const USERS = ['visitor', 'student', 'educator', 'admin'];
const PASSES = ['network', 'throttled'];
/** The pages loaded again once the camera photos are the newest courses' thumbnails. */
const PHOTO_PAGES = ['list', 'home'];

/** Shared packages every page must load exactly once (more may be shared; all are checked). */
const EXPECTED_SINGLETONS = ['react', 'react-dom', 'zustand', '@courseport/shared-ui'];

/** Flags this closed network needs (as e2e/support/browser.ts). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * @param {string | undefined} value comma-separated list
 * @param {string[]} allowed
 * @param {string} variable
 */
function listOption(value, allowed, variable) {
  if (!value) return allowed;
  const chosen = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = chosen.filter((s) => !allowed.includes(s));
  if (unknown.length) throw new Error(`${variable}: unknown ${unknown.join(', ')} (choose from ${allowed.join(', ')})`);
  return allowed.filter((s) => chosen.includes(s));
}

function options() {
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('BENCH_RUNS must be a whole number ≥ 1');
  const pageKeys = listOption(
    process.env.BENCH_PAGES,
    PAGES.map((p) => p.key),
    'BENCH_PAGES',
  );
  const users = listOption(process.env.BENCH_USERS, USERS, 'BENCH_USERS');
  const passes = listOption(process.env.BENCH_PASSES, PASSES, 'BENCH_PASSES');
  const photos = Number(process.env.BENCH_PHOTOS ?? 10);
  if (!Number.isInteger(photos) || photos < 0 || photos > 10)
    throw new Error(
      'BENCH_PHOTOS must be a whole number from 0 to 10 (each has a twin, and the API adds at most 20 courses an hour)',
    );
  const chosen = PAGES.filter((p) => pageKeys.includes(p.key) && users.includes(p.user));
  if (!chosen.length) throw new Error('BENCH_PAGES and BENCH_USERS leave no page to load');
  const complete = chosen.length === PAGES.length && passes.length === PASSES.length && photos > 0;
  const write = process.env.BENCH_WRITE === undefined ? complete : process.env.BENCH_WRITE !== '0';
  return { runs, pages: chosen, passes, photos, write };
}

/** @type {(() => Promise<void>)[]} what to undo, in the order it was done */
const cleanups = [];
/** @type {Promise<void> | null} */
let cleaning = null;
/** @param {() => Promise<void>} step */
const runStep = (step) => step().catch((error) => console.error(`cleanup: ${error.message}`));
function cleanup() {
  cleaning ??= (async () => {
    while (cleanups.length) await runStep(/** @type {() => Promise<void>} */ (cleanups.pop()));
  })();
  return cleaning;
}
/**
 * Registers how to undo what was just started; if cleaning up has already begun (a signal came
 * while it was starting), undoes it at once and stops.
 * @param {() => Promise<void>} step
 */
async function onCleanup(step) {
  if (!cleaning) {
    cleanups.push(step);
    return;
  }
  await runStep(step);
  throw new Error('interrupted');
}
let interrupted = false;
// Playwright's own signal handlers are off (see launch): they would exit before the platform stops.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the browser and the platform…`);
    cleanup().finally(() => process.exit(130));
  });
}

async function main() {
  const { runs, pages, passes, photos, write } = options();

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'courseport-bench-web-'));
  await onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  process.env.DATA_DIR = dataDir;

  const { startPlatform, missingBuilds, BUILD_OUTPUTS, FREE_PORTS } = await import('../scripts/lib/platform.mjs');
  const missing = missingBuilds();
  if (missing.length) throw new Error(`Not built: ${missing.join(', ')}. Run pnpm build (pnpm bench:web does).`);
  const builtFiles = Object.values(BUILD_OUTPUTS).map((file) => path.join(ROOT, file));
  const buildStamp = () => builtFiles.map((file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0).join();
  const buildAtStart = buildStamp();
  const loadAtStart = os.loadavg()[0];
  if (loadAtStart > os.cpus().length / 2)
    console.log(`Note: the machine is busy (1-minute load average ${loadAtStart.toFixed(2)}); timings will be noisy.`);

  const platform = await startPlatform({
    ports: FREE_PORTS,
    apiOutput: 'ignore',
  });
  await onCleanup(() => platform.stop());
  /** @type {Record<string, string>} origin → app name */
  const origins = Object.fromEntries(
    Object.entries(platform.urls).flatMap(([app, url]) => [
      [url, app],
      [url.replace('localhost', '127.0.0.1'), app],
    ]),
  );

  const catalog = await fetch(`${platform.urls.api}/api/course/all`).then((r) => r.json());
  const courseId = catalog?.courses?.[0]?._id;
  if (!courseId) throw new Error(`GET /api/course/all returned no course: ${JSON.stringify(catalog).slice(0, 200)}`);
  const ids = {
    id: courseId,
    courseId: pages.some((p) => p.path.includes(':courseId')) ? await enrolledCourseId(platform.urls.api) : undefined,
    ownCourseId: pages.some((p) => p.path.includes(':ownCourseId')) ? await ownCourseId(platform.urls.api) : undefined,
  };

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  await onCleanup(() => browser.close());
  const chromiumVersion = browser.version();
  console.log(
    `Platform: shell ${platform.urls.shell}, API ${platform.urls.api}; ${catalog.courses.length} courses. Chromium ${chromiumVersion}.`,
  );
  console.log(
    `${runs} cold load(s) per page and pass; pages: ${pages.map((p) => p.key).join(', ')}; passes: ${passes.join(', ')}.`,
  );

  // Each signed-in user signs in once, through the shell's dialog; every load of theirs then starts
  // from the state the previous one left (the session cookie rotates when a page renews it).
  /** @type {Record<string, import('./lib/web-session.mjs').StorageState>} */
  const sessions = {};
  for (const user of new Set(pages.map((p) => p.user)))
    if (user !== 'visitor') {
      sessions[user] = await signInThroughUi(browser, platform.urls.shell, DEMO_USERS[user]);
      console.log(`Signed in as the demo ${user} (${DEMO_USERS[user]}).`);
    }
  console.log('');
  /**
   * One cold load of `page` as its user, carrying the user's session on to their next load.
   * @param {import('./lib/web-report.mjs').PageRuns} page
   * @param {{ throttled?: boolean, inspect?: () => unknown }} [options]
   */
  async function load(page, options = {}) {
    const user = page.user ?? 'visitor';
    const result = await coldLoad(browser, `${platform.urls.shell}${page.path}`, {
      ...options,
      content: page.content,
      storageState: sessions[user],
    });
    if (result.storageState) sessions[user] = result.storageState;
    return result;
  }

  /** @type {import('./lib/web-report.mjs').PageRuns[]} */
  const measured = pages.map((p) => ({
    ...p,
    route: p.path,
    path: pagePath(p.path, ids),
    unthrottled: [],
    throttled: [],
  }));
  const errors = [];

  /**
   * One measured cold load of `page` into its runs.
   * @param {import('./lib/web-report.mjs').PageRuns} page
   * @param {string} pass
   * @param {number} run
   */
  async function measureOnce(page, pass, run) {
    const throttled = pass === 'throttled';
    const result = await load(page, { throttled, inspect: countCards });
    result.singletonProblems = singletonProblems(result.federation, result.duplicateScripts, EXPECTED_SINGLETONS);
    (throttled ? page.throttled : page.unthrottled).push(result);
    for (const error of result.errors) errors.push(`${page.name} (${pass} run ${run}): ${error}`);
    const images = imageBytes(result);
    console.log(
      `${pass.padEnd(9)} ${page.name.padEnd(18)} #${run}  JS ${kb(result.summary.bytes.js)} KB, img ${kb(images.bytes)} KB / ${images.cards ?? 0} cards, ${result.summary.requests} requests (${result.summary.requestsBeforeFcp ?? '?'} before FCP), FCP ${Math.round(result.fcp ?? Number.NaN)} ms, LCP ${Math.round(result.lcp ?? Number.NaN)} ms, content ${Math.round(result.content ?? Number.NaN)} ms, app start ${Math.round(result.appStart ?? Number.NaN)} ms, usable ${Math.round(result.appReady ?? Number.NaN)} ms, TBT ${Math.round(result.tbt ?? Number.NaN)} ms${result.settled ? '' : ' (not quiet)'}${images.twice.length ? `, fetched twice: ${images.twice.join(' ')}` : ''}${result.errors.length ? ` — ${result.errors.length} error(s)` : ''}`,
    );
    if (WATERFALL && throttled) console.log(waterfall(result.requests));
  }
  /**
   * One unmeasured load per page first: it fills the static servers' gzip caches and the API's
   * first-request work, which a deployed platform has done long before a visitor comes. Every
   * measured load after it is still cold in the browser (a new context each time).
   * @param {import('./lib/web-report.mjs').PageRuns} page
   */
  async function warmUp(page) {
    const result = await load(page);
    for (const error of result.errors) errors.push(`${page.name} (warm-up): ${error}`);
  }

  // Sequential on purpose: two cores, and timings must not compete with each other.
  /** @param {import('./lib/web-report.mjs').PageRuns[]} list */
  async function measure(list) {
    for (const page of list) await warmUp(page);
    for (const pass of passes)
      for (const page of list) for (let run = 1; run <= runs; run++) await measureOnce(page, pass, run);
  }
  await measure(measured);

  // The second catalog: camera-size photos as the thumbnails of the newest courses. The comparison
  // loads each page with those courses' twins (the same courses with demo art) and with the photos
  // in turns, the order swapped every run, so a busy machine slows both alike: the pages differ in
  // their thumbnails only.
  /** @type {import('./lib/web-report.mjs').PageRuns[]} */
  const photoMeasured = [];
  /** @type {import('./lib/web-report.mjs').PageRuns[]} */
  const demoMeasured = [];
  let upload;
  const photoPages = measured.filter((p) => PHOTO_PAGES.includes(p.key));
  if (photos > 0 && photoPages.length) {
    console.log(`\nCamera photos: generating and uploading ${photos} photo courses as the demo educator…`);
    upload = await uploadPhotoCourses(platform.urls.api, { count: photos, log: (line) => console.log(line) });
    console.log(
      `Uploaded ${upload.count} photos, ${(upload.bytes / 1024 ** 2).toFixed(1)} MB in all (largest ${(upload.largest / 1024 ** 2).toFixed(1)} MB), ${upload.uploadSeconds.toFixed(1)} s of uploads; loading ${photoPages.map((p) => p.key).join(', ')} with their twins (demo art) and with the photos in turns.\n`,
    );
    const session = upload.session;
    const fresh = (page, key, name) => ({ ...page, key, name, unthrottled: [], throttled: [] });
    const pairs = photoPages.map((page) => ({
      demo: fresh(page, page.key, `${page.name} · demo`),
      photo: fresh(page, `${page.key}-photos`, `${page.name} · photos`),
    }));
    /** @param {boolean} withPhotos */
    const catalog = async (withPhotos) => setPhotoCoursesPublished(session, withPhotos);
    await catalog(false);
    for (const { demo } of pairs) await warmUp(demo);
    await catalog(true);
    for (const { photo } of pairs) await warmUp(photo);
    for (const pass of passes)
      for (const { demo, photo } of pairs)
        for (let run = 1; run <= runs; run++) {
          const order = run % 2 === 1 ? [demo, photo] : [photo, demo];
          for (const page of order) {
            await catalog(page === photo);
            await measureOnce(page, pass, run);
          }
        }
    await catalog(true);
    for (const { demo, photo } of pairs) {
      demoMeasured.push(demo);
      photoMeasured.push(photo);
    }
  }

  const summaries = measured.map(aggregatePage);
  const photoSummaries = photoMeasured.map(aggregatePage);
  const demoSummaries = demoMeasured.map(aggregatePage);
  const images = Object.fromEntries([...demoMeasured, ...photoMeasured].map((p) => [p.key, cardImages(p)]));
  const photoRows = photoComparison(demoSummaries, photoSummaries, images);
  console.log(`\n${consoleTable([...summaries, ...demoSummaries, ...photoSummaries])}`);
  console.log(
    "(KB transferred, 1 KB = 1,024 bytes; unthrottled medians. * ms, median under mobile slow 4G + CPU ×4; content: the page's own main content painted.)",
  );
  console.log(
    `\nEvery page, as #34 compares them (medians; timings under mobile slow 4G + CPU ×4):\n${pageSpeedTable(summaries)}`,
  );

  for (const page of summaries) {
    if (!page.scripts.length) continue;
    console.log(`\nJS of ${page.name} (${kb(page.jsBytes)} KB):`);
    for (const script of page.scripts)
      console.log(`  ${kb(script.transferred).padStart(7)} KB  ${scriptName(script.url, origins)}`);
  }
  console.log('\nShared modules (loaded providers):');
  for (const page of summaries) {
    const shared = (page.federation?.shared ?? []).filter((s) => s.providers.length);
    console.log(`  ${page.name}: ${shared.map((s) => `${s.name}←${s.providers.join('+')}`).join(', ') || 'none'}`);
    for (const problem of page.singletonProblems) console.log(`    PROBLEM: ${problem}`);
  }
  if (photoRows.length) {
    console.log(`\nCamera photos vs demo thumbnails:\n${photoConsoleTable(photoRows)}`);
    console.log('(* median under mobile slow 4G + CPU ×4; KB/card: image KB transferred ÷ cards on the page.)');
  }
  console.log('\nBudgets:');
  for (const budget of budgets(summaries))
    console.log(
      `  ${budget.met === undefined ? 'not measured' : budget.met ? 'met    ' : 'NOT MET'}  ${budget.name}: ${budget.measured}`,
    );

  if (buildStamp() !== buildAtStart)
    errors.push('the built files changed during the run (a build ran at the same time): run again once it is done');
  if (errors.length) {
    console.error(`\n${errors.length} error(s); ${REPORT} not updated:`);
    for (const error of [...new Set(errors)]) console.error(`  ${error}`);
    return 1;
  }
  if (write) {
    writeBetweenMarkers(
      REPORT,
      markdownSection({
        pages: summaries,
        machine: { ...machine(), loadAtStart, loadAtEnd: os.loadavg()[0] },
        chromium: chromiumVersion,
        date: new Date(),
        runs,
        origins,
        photos: upload ? { rows: photoRows, upload } : undefined,
      }),
    );
    console.log(`\nWrote ${path.relative(process.cwd(), REPORT) || REPORT} (bench:web section).`);
  } else {
    console.log('\nPartial run (BENCH_PAGES / BENCH_PASSES) or BENCH_WRITE=0: docs/performance.md not updated.');
  }
  return 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  if (!interrupted)
    console.error(`bench:web failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(interrupted ? 130 : exitCode);
