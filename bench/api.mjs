/**
 * `pnpm bench:api`: the API's production build (`api/dist/server.js`) on the embedded store, and
 * also on MongoDB when MONGODB_URI is set, with a catalog of 100 and of 5,000 courses, driven by
 * autocannon from another process; every figure is also given as a ratio to a bare Koa +
 * @koa/router JSON route (`bench/bare-koa.mjs`) measured in the same scenario.
 *
 * Environment: BENCH_SECONDS (default 5) per run, BENCH_ROUNDS (3) runs of every measurement in
 * turn, BENCH_CONNECTIONS (100), BENCH_WARMUP_SECONDS (1) before each run, BENCH_COURSES (comma-separated, default "100,5000"), MONGODB_URI,
 * BENCH_LOG_LEVEL (the API's LOG_LEVEL, default info as in production), BENCH_ONLY (a regular expression of
 * the measurements' kinds to run, e.g. `discovery`; the bare route always runs), BENCH_NO_DOCS=1 to leave
 * docs/performance.md alone. Exit code 0 whatever the times; 1 on real errors (a server that does
 * not start, or answers other than 2xx/304 during a run).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_NODE_FLAGS } from '../api/node-flags.mjs';
import { seedAnalyticsCourse } from './lib/api-analytics.mjs';
import { freePort, ROOT, runLoad, startServer } from './lib/api-process.mjs';
import { progressPlan, roundTripsPerUpdate, studentTokens } from './lib/api-progress.mjs';
import { machine, markdownTable, writeSection } from './lib/api-report.mjs';
import { seedBenchCatalog } from './lib/api-seed.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const SIZES = (process.env.BENCH_COURSES ?? '100,5000').split(',').map(Number);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const MONGODB_URI = process.env.MONGODB_URI?.trim() || undefined;
const DEMO_STUDENT = { email: 'student@courseport.dev', password: 'courseport-demo' };
const DEMO_EDUCATOR = { email: 'educator@courseport.dev', password: 'courseport-demo' };
/** #36: the enrollments (each with progress and a sale) of the analytics scenario's one course. */
const ANALYTICS_ENROLLMENTS = Number(process.env.BENCH_ANALYTICS_ENROLLMENTS ?? 100_000);
/** The kinds `runScenario` measures: with BENCH_ONLY matching none of them, it is not run at all. */
const SCENARIO_KINDS = ['discovery', 'catalog', 'course', 'user', 'notifications', 'progress'];
const BROWSER_GZIP = { 'Accept-Encoding': 'gzip' };
/** Only the measurements whose kind matches (the bare route always runs): `BENCH_ONLY=discovery`. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;

/**
 * Discovery (#21): many different filter, sort and facet combinations (more than the catalog keeps
 * prepared pages for, so most answers are computed), and searches with and without filters.
 */
function discoveryQueries() {
  const categories = ['', 'web-development', 'programming-languages', 'data-science,databases', 'design'];
  const levels = ['', 'beginner', 'intermediate,advanced'];
  const prices = ['', 'price=free', 'price=paid', 'minPrice=100&maxPrice=2000'];
  const ratings = ['', '4', '3.5'];
  const durations = ['', '1-3h', '0-1h,3-6h'];
  const sorts = ['newest', 'popular', 'rating', 'price-asc', 'price-desc'];
  const queries = [];
  let n = 0;
  for (const category of categories)
    for (const level of levels)
      for (const price of prices)
        for (const rating of ratings)
          for (const duration of durations) {
            const parts = [
              category && `category=${category}`,
              level && `level=${level}`,
              price,
              rating && `rating=${rating}`,
              duration && `duration=${duration}`,
              `sort=${sorts[n % sorts.length]}`,
              n % 2 === 0 ? 'facets=1' : '',
              `offset=${(n % 3) * 12}&limit=12`,
            ];
            n += 1;
            queries.push(`/api/course/all?${parts.filter(Boolean).join('&')}`);
          }
  return queries;
}
const SEARCHES = ['java', 'react', 'data anal', 'mong', 'kubern', 'design fund', 'pyth', 'go', 'sql datab', 'typescr'];

/** @typedef {import('./lib/api-report.mjs').Row} Row */

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One row from a measurement's rounds: the median req/s and p50, the worst p99, every request counted.
 * @param {Array<Awaited<ReturnType<typeof runLoad>>>} runs
 */
function combine(runs) {
  /** @type {Record<string, number>} */
  const statuses = {};
  for (const run of runs)
    for (const [code, n] of Object.entries(run.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  const sum = (key) => runs.reduce((total, run) => total + run[key], 0);
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    requests: sum('requests'),
    errors: sum('errors'),
    bad: sum('bad'),
    bytesPerSecond: median(runs.map((r) => r.bytesPerSecond)),
    statuses,
  };
}

/** The targets of issue #8 (and of "Scale out" for progress updates); null where there is none. */
function targetOf(kind, courses, store) {
  if (kind === 'progress' && store === 'NeDB') return { text: '≥ 25 % of bare', check: (r) => r.ratio >= 0.25 };
  if ((kind === 'catalog' || kind === 'discovery') && courses >= 5000)
    return { text: 'p99 < 100 ms', check: (r) => r.p99 < 100 };
  if ((kind === 'catalog' || kind === 'user') && courses <= 100) {
    return { text: '≥ 50 % of bare, p99 < 50 ms', check: (r) => r.ratio >= 0.5 && r.p99 < 50 };
  }
  return null;
}

/** A fresh database on the same server for each scenario. */
function mongoUriFor(uri, name) {
  const url = new URL(uri.replace(/^mongodb(\+srv)?:/, (_, srv) => (srv ? 'https:' : 'http:')));
  url.pathname = `/${name}`;
  return uri.replace(/^(mongodb(\+srv)?:\/\/[^/?]*)(\/[^?]*)?/, `$1${url.pathname}`);
}

async function dropMongoDatabase(uri) {
  const { MongoClient } = createRequire(path.join(ROOT, 'api/package.json'))('mongodb');
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
    await client.db().dropDatabase();
  } finally {
    await client.close();
  }
}

async function json(url, init = {}) {
  const res = await fetch(url, init);
  const body = await res.json();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return { body, headers: res.headers };
}

/**
 * Has the API verify every token a run will send before the run (one authenticated GET each): a
 * token is verified once and then remembered for its life, which a student's first request of a
 * session pays, not the steady load measured here.
 * @template {{ perConnection?: Array<Array<{ headers?: Record<string, string> }>>, warmupPerConnection?: Array<Array<{ headers?: Record<string, string> }>> }} T
 * @param {string} apiUrl
 * @param {T} spec
 * @returns {Promise<T>}
 */
async function withTokensVerified(apiUrl, spec) {
  const all = new Set();
  for (const list of [...(spec.perConnection ?? []), ...(spec.warmupPerConnection ?? [])]) {
    for (const request of list) if (request.headers?.Authorization) all.add(request.headers.Authorization);
  }
  const pending = [...all];
  const worker = async () => {
    for (let auth = pending.pop(); auth; auth = pending.pop()) {
      const res = await fetch(`${apiUrl}/api/user/data`, { headers: { Authorization: auth } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`token check: ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  return spec;
}

/**
 * One store and catalog size: seed, start the API, sign in once, measure every request.
 * @param {{ store: 'NeDB' | 'MongoDB', courses: number, bare: { url: string } }} scenario
 * @returns {Promise<Row[]>}
 */
async function runScenario({ store, courses, bare }) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'courseport-bench-'));
  const port = await freePort();
  const dbUri =
    store === 'MongoDB' ? mongoUriFor(MONGODB_URI, `courseport_bench_${courses}_${process.pid}`) : undefined;
  const env = {
    NODE_ENV: 'production',
    COURSEPORT_MODE: 'demo',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL,
    DEMO_SEED: 'false',
    ...(dbUri ? { MONGODB_URI: dbUri } : {}),
  };
  /** @type {import('./lib/api-process.mjs').Started | undefined} */
  let api;
  /** @type {(() => Promise<void> | undefined) | undefined} */
  let stopBareUpdate;
  try {
    if (dbUri) await dropMongoDatabase(dbUri);
    const plan = progressPlan({ rounds: ROUNDS, connections: CONNECTIONS });
    const seeded = await seedBenchCatalog({
      courses,
      env,
      progressStudents: plan.students,
      progressCompleted: plan.completed,
    });
    console.log(
      `[bench:api] ${store}, ${courses} courses: seeded ${seeded.courses} courses, ${seeded.users} users, ${seeded.purchases} purchases in ${seeded.seconds.toFixed(1)} s`,
    );
    if (!dbUri) delete env.MONGODB_URI;
    api = await startServer(path.join(ROOT, 'api/dist/server.js'), {
      port,
      nodeFlags: API_NODE_FLAGS,
      env: { ...env, MONGODB_URI: dbUri ?? '' },
      logFile: path.join(dataDir, 'api.log'),
      ready: '/api/health',
    });

    // Sign in once per scenario; the session cookie renews the 5-minute token before each run.
    const signIn = await fetch(`${api.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(DEMO_STUDENT),
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    let cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
    // A refresh may rotate the session cookie (an old one used again ends the session): keep the newest.
    const freshToken = async () => {
      const { body, headers } = await json(`${api.url}/api/auth/refresh`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: '{}',
      });
      const rotated = headers.get('set-cookie');
      if (rotated) cookie = rotated.split(';')[0];
      return body.token;
    };

    // The catalog is paged: `total` counts every published course, `courses` is the first page.
    const { courses: catalog, total } = (await json(`${api.url}/api/course/all`)).body;
    if (total !== courses) throw new Error(`the catalog has ${total} courses, not ${courses}`);
    const token = await freshToken();
    const { headers: userHeaders } = await json(`${api.url}/api/user/data`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const publicCourse = catalog[Math.floor(catalog.length / 2)]._id;

    const auth = async () => ({ Authorization: `Bearer ${await freshToken()}` });
    // Progress updates come from many students of one course, each connection speaking for its own
    // few (per-user write limits: 120 a minute per route), and fresh students in every run.
    const tokens = await studentTokens({ env, dataDir });
    const progress = plan.requests(seeded.progress, tokens);
    /** @type {number | null} */
    let roundTrips = null;
    if (dbUri) {
      roundTrips = await roundTripsPerUpdate({ apiUrl: api.url, dbUri, course: seeded.progress, tokens, plan });
      console.log(`[bench:api] ${store} ${courses}: ${roundTrips.toFixed(2)} database commands per progress update`);
    }
    /** @type {import('./lib/api-process.mjs').Started | undefined} */
    let bareUpdate;
    if (dbUri) {
      bareUpdate = await startServer(path.join(ROOT, 'bench/bare-update.mjs'), {
        port: await freePort(),
        env: { MONGODB_URI: dbUri },
        logFile: path.join(dataDir, 'bare-update.log'),
        ready: '/ping',
      });
      stopBareUpdate = () => bareUpdate?.stop();
    }
    const discovery = discoveryQueries();
    const allMeasurements = [
      { kind: 'bare', label: 'bare Koa `GET /ping`', url: bare.url, requests: async () => [{ path: '/ping' }] },
      {
        kind: 'discovery',
        label: `\`GET /api/course/all\` filters + sorts + facets, ${discovery.length} combinations in turn (gzip)`,
        requests: async () => discovery.map((p) => ({ path: p, headers: BROWSER_GZIP })),
      },
      {
        kind: 'discovery',
        label: `\`GET /api/course/all?search=…\`, ${SEARCHES.length} searches × 3 sorts/filters in turn (gzip)`,
        requests: async () =>
          SEARCHES.flatMap((q) => [
            `search=${encodeURIComponent(q)}`,
            `search=${encodeURIComponent(q)}&sort=popular&price=paid&facets=1`,
            `search=${encodeURIComponent(q)}&level=beginner,intermediate&rating=3.5&limit=12`,
          ]).map((query) => ({ path: `/api/course/all?${query}`, headers: BROWSER_GZIP })),
      },
      {
        kind: 'discovery',
        label: '`GET /api/course/suggest?q=…`, typing 10 searches',
        requests: async () =>
          SEARCHES.flatMap((q) =>
            Array.from({ length: Math.max(0, q.length - 1) }, (_, i) => ({
              path: `/api/course/suggest?q=${encodeURIComponent(q.slice(0, i + 2))}`,
            })),
          ),
      },
      {
        kind: 'catalog',
        label: '`GET /api/course/all` (gzip)',
        requests: async () => [{ path: '/api/course/all', headers: BROWSER_GZIP }],
      },
      {
        kind: 'course',
        label: '`GET /api/course/:id` (gzip)',
        requests: async () => [{ path: `/api/course/${publicCourse}`, headers: BROWSER_GZIP }],
      },
      {
        kind: 'user',
        label: '`GET /api/user/data`',
        requests: async () => [{ path: '/api/user/data', headers: { ...BROWSER_GZIP, ...(await auth()) } }],
      },
      {
        kind: 'user',
        label: '`GET /api/user/data` + If-None-Match (304)',
        requests: async () => [
          {
            path: '/api/user/data',
            headers: { ...BROWSER_GZIP, ...(await auth()), 'If-None-Match': userHeaders.get('etag') },
          },
        ],
      },
      {
        // #35: what the bell's poll costs (polling or server-sent events, docs/performance.md).
        kind: 'notifications',
        label: "`GET /api/notifications/unread-count` (the bell's poll)",
        requests: async () => [
          { path: '/api/notifications/unread-count', headers: { ...BROWSER_GZIP, ...(await auth()) } },
        ],
      },
      {
        kind: 'progress',
        label: `\`POST /api/user/update-course-progress\`, ${plan.studentsPerRun.toLocaleString('en-US')} students, each request a new lecture`,
        load: async () => progress.next('new'),
      },
      {
        kind: 'progress',
        label: `\`POST /api/user/update-course-progress\`, ${plan.studentsPerRun.toLocaleString('en-US')} students, each request a lecture already completed`,
        load: async () => progress.next('repeat'),
      },
      ...(bareUpdate
        ? [
            {
              kind: 'bare-update',
              label: 'bare Koa + one driver `updateOne` per request (the database alone), each a new lecture',
              url: bareUpdate.url,
              load: async () => progress.bare(),
            },
          ]
        : []),
    ];
    const measurements = allMeasurements.filter((m) => !ONLY || m.kind === 'bare' || ONLY.test(m.kind));

    // Rounds: the bare route and every request in turn, ROUNDS times, so that a slow spell of the
    // shared machine lands on both sides of a ratio rather than on one row.
    /** @type {Array<Array<Awaited<ReturnType<typeof runLoad>>>>} */
    const results = measurements.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, m] of measurements.entries()) {
        results[i].push(
          await runLoad({
            url: m.url ?? api.url,
            connections: CONNECTIONS,
            seconds: SECONDS,
            warmupSeconds: WARMUP,
            ...(m.load ? await withTokensVerified(api.url, await m.load()) : { requests: await m.requests() }),
          }),
        );
      }
    }

    const bareRuns = results[measurements.findIndex((m) => m.kind === 'bare')];
    const updateIndex = measurements.findIndex((m) => m.kind === 'bare-update');
    const updateRuns = updateIndex < 0 ? null : results[updateIndex];
    /** @type {Row[]} */
    const rows = measurements.map((m, i) => {
      const runs = results[i];
      const ratio = m.kind === 'bare' ? null : median(runs.map((run, round) => run.rps / bareRuns[round].rps));
      let target = targetOf(m.kind, courses, store);
      // On MongoDB a new completion is one round trip for the record, plus (#36) one `$inc` of the
      // lesson's analytics counter (a change that counts nothing writes none), and no slower than the
      // database alone makes it.
      if (m.kind === 'progress' && updateRuns && m.label.includes('new lecture')) {
        const vsUpdate = median(runs.map((run, round) => run.rps / updateRuns[round].rps));
        const trips = roundTrips ?? Number.NaN;
        target = {
          text: `1 round trip + 1 analytics counter (measured ${trips.toFixed(2)}); ≥ 100 % of the database alone (measured ${Math.round(vsUpdate * 100)} %)`,
          check: () => Math.round(trips * 100) / 100 <= 2 && vsUpdate >= 1,
        };
      }
      /** @type {Row} */
      const row = { store, courses, label: m.label, ...combine(runs), ratio, target: target?.text ?? '—', met: null };
      row.met = target ? target.check(row) : null;
      console.log(
        `[bench:api] ${store} ${courses} ${m.label}: ${Math.round(row.rps)} req/s (${runs.map((r) => Math.round(r.rps)).join(' / ')}), p50 ${row.p50} ms, p99 ${row.p99} ms${
          ratio === null ? '' : `, ${Math.round(ratio * 100)} % of bare`
        }, statuses ${JSON.stringify(row.statuses)}, errors ${row.errors}`,
      );
      return row;
    });
    return rows;
  } finally {
    await stopBareUpdate?.();
    await api?.stop();
    if (dbUri) await dropMongoDatabase(dbUri).catch((error) => console.warn(`[bench:api] drop failed: ${error}`));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * #36: educator analytics at scale: one course with ANALYTICS_ENROLLMENTS enrollments (each with
 * progress and a ledger sale, over the last year). Times the first read (the backfill that builds
 * the course's counters from the sources, once), then both endpoints under load: a year of days of
 * the course, and its lessons' reach.
 * @param {{ store: 'NeDB' | 'MongoDB', bare: { url: string } }} scenario
 * @returns {Promise<{ rows: Row[], notes: string[] }>}
 */
async function runAnalyticsScenario({ store, bare }) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'courseport-bench-an-'));
  const port = await freePort();
  const dbUri = store === 'MongoDB' ? mongoUriFor(MONGODB_URI, `courseport_bench_an_${process.pid}`) : undefined;
  const env = {
    NODE_ENV: 'production',
    COURSEPORT_MODE: 'demo',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL,
    DEMO_SEED: 'false',
    ...(dbUri ? { MONGODB_URI: dbUri } : {}),
  };
  /** @type {import('./lib/api-process.mjs').Started | undefined} */
  let api;
  try {
    if (dbUri) await dropMongoDatabase(dbUri);
    const seeded = await seedAnalyticsCourse({ env, enrollments: ANALYTICS_ENROLLMENTS });
    const notes = [
      `${store}: seeded ${ANALYTICS_ENROLLMENTS.toLocaleString('en-US')} enrollments, sales and progress records of one course (${seeded.lessons} lessons) in ${seeded.seconds.toFixed(1)} s.`,
    ];
    console.log(`[bench:api] analytics ${notes[0]}`);
    const startedAt = Date.now();
    api = await startServer(path.join(ROOT, 'api/dist/server.js'), {
      port,
      nodeFlags: API_NODE_FLAGS,
      env: { ...env, MONGODB_URI: dbUri ?? '' },
      logFile: path.join(dataDir, 'api.log'),
      ready: '/api/health',
      // The embedded store reads every record into memory at start: 300,000 more here.
      readyWithinMs: 600_000,
    });
    notes.push(`${store}: the API started (loading the store) in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
    const signIn = await fetch(`${api.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(DEMO_EDUCATOR),
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    let cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
    const auth = async () => {
      const { body, headers } = await json(`${api.url}/api/auth/refresh`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: '{}',
      });
      const rotated = headers.get('set-cookie');
      if (rotated) cookie = rotated.split(';')[0];
      return { Authorization: `Bearer ${body.token}` };
    };
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const daysPath = `/api/educator/analytics?from=${from}&to=${to}&courseId=${seeded.courseId}`;
    const allPath = `/api/educator/analytics?from=${from}&to=${to}`;
    const lessonsPath = `/api/educator/analytics/courses/${seeded.courseId}/lessons`;
    // The first read builds the course's counters from the sources (the backfill): once per course.
    const firstStarted = Date.now();
    const first = await json(api.url + daysPath, { headers: await auth() });
    const firstMs = Date.now() - firstStarted;
    if (first.body.analytics?.totals?.enrollments !== ANALYTICS_ENROLLMENTS)
      throw new Error(`analytics counted ${first.body.analytics?.totals?.enrollments} enrollments`);
    const reachStarted = Date.now();
    const reach = await json(api.url + lessonsPath, { headers: await auth() });
    const reachMs = Date.now() - reachStarted;
    if (reach.body.reach?.enrolled !== ANALYTICS_ENROLLMENTS)
      throw new Error(`the reach counted ${JSON.stringify(reach.body).slice(0, 300)}`);
    notes.push(
      `${store}: the first read (the backfill: the course's counters built from ${ANALYTICS_ENROLLMENTS.toLocaleString('en-US')} sales, enrollments and progress records) took ${(firstMs / 1000).toFixed(1)} s; the first lessons read after it ${reachMs} ms.`,
    );
    console.log(`[bench:api] analytics ${notes.at(-1)}`);
    const measurements = [
      { kind: 'bare', label: 'bare Koa `GET /ping`', url: bare.url, requests: async () => [{ path: '/ping' }] },
      {
        kind: 'analytics',
        label: `\`GET /api/educator/analytics\`, one course of ${ANALYTICS_ENROLLMENTS.toLocaleString('en-US')} enrollments, 365 days (gzip)`,
        requests: async () => [{ path: daysPath, headers: { ...BROWSER_GZIP, ...(await auth()) } }],
      },
      {
        kind: 'analytics',
        label: "`GET /api/educator/analytics`, all the educator's courses, 365 days (gzip)",
        requests: async () => [{ path: allPath, headers: { ...BROWSER_GZIP, ...(await auth()) } }],
      },
      {
        kind: 'analytics',
        label: `\`GET /api/educator/analytics/courses/:id/lessons\`, ${seeded.lessons} lessons, ${ANALYTICS_ENROLLMENTS.toLocaleString('en-US')} students (gzip)`,
        requests: async () => [{ path: lessonsPath, headers: { ...BROWSER_GZIP, ...(await auth()) } }],
      },
    ];
    /** @type {Array<Array<Awaited<ReturnType<typeof runLoad>>>>} */
    const results = measurements.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, m] of measurements.entries()) {
        results[i].push(
          await runLoad({
            url: m.url ?? api.url,
            connections: CONNECTIONS,
            seconds: SECONDS,
            warmupSeconds: WARMUP,
            requests: await m.requests(),
          }),
        );
      }
    }
    const bareRuns = results[0];
    const rows = measurements.slice(1).map((m, index) => {
      const runs = results[index + 1];
      const ratio = median(runs.map((run, round) => run.rps / bareRuns[round].rps));
      /** @type {Row} */
      const row = {
        store,
        courses: 1,
        label: m.label,
        ...combine(runs),
        ratio,
        target: 'p99 < 500 ms',
        met: null,
      };
      row.met = row.p99 < 500;
      console.log(
        `[bench:api] analytics ${store} ${m.label}: ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, statuses ${JSON.stringify(row.statuses)}, errors ${row.errors}`,
      );
      return row;
    });
    return { rows, notes };
  } finally {
    await api?.stop();
    if (dbUri) await dropMongoDatabase(dbUri).catch((error) => console.warn(`[bench:api] drop failed: ${error}`));
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const stores = /** @type {Array<'NeDB' | 'MongoDB'>} */ (['NeDB', ...(MONGODB_URI ? ['MongoDB'] : [])]);
  const info = machine();
  const date = new Date().toISOString().slice(0, 10);
  let storeNames = { NeDB: 'NeDB (embedded)', MongoDB: 'MongoDB' };
  if (MONGODB_URI) {
    const { MongoClient } = createRequire(path.join(ROOT, 'api/package.json'))('mongodb');
    const client = new MongoClient(MONGODB_URI, { serverSelectionTimeoutMS: 5000 });
    await client.connect();
    const build = await client.db('admin').command({ buildInfo: 1 });
    await client.close();
    storeNames = {
      ...storeNames,
      MongoDB: build.ferretdbVersion ? `MongoDB wire: FerretDB ${build.ferretdbVersion}` : `MongoDB ${build.version}`,
    };
  }
  console.log(
    `[bench:api] ${info.cpu}, ${info.cores} cores, ${info.memory}, ${info.os}, Node ${info.node}; ${ROUNDS} rounds of ${SECONDS} s runs after ${WARMUP} s warm-up, ${CONNECTIONS} connections; stores: ${stores.join(', ')}`,
  );

  const barePort = await freePort();
  const bare = await startServer(path.join(ROOT, 'bench/bare-koa.mjs'), {
    port: barePort,
    logFile: path.join(tmpdir(), `courseport-bench-bare-${process.pid}.log`),
    ready: '/ping',
  });
  /** @type {Row[]} */
  const rows = [];
  /** @type {string[]} */
  const analyticsNotes = [];
  try {
    for (const store of stores) {
      if (ONLY && !SCENARIO_KINDS.some((kind) => ONLY.test(kind))) continue;
      for (const courses of SIZES) {
        const scenarioRows = await runScenario({ store, courses, bare });
        rows.push(...scenarioRows.map((r) => ({ ...r, store: storeNames[store] })));
      }
    }
    // #36: educator analytics on one course of 100,000 enrollments.
    for (const store of stores) {
      if (ONLY && !ONLY.test('analytics')) continue;
      const { rows: analyticsRows, notes } = await runAnalyticsScenario({ store, bare });
      rows.push(...analyticsRows.map((r) => ({ ...r, store: storeNames[store] })));
      analyticsNotes.push(...notes);
    }
  } finally {
    await bare.stop();
  }

  const table = markdownTable(rows);
  const failures = rows.filter((r) => r.bad > 0 || r.errors > 0);
  const section = [
    `Last run: ${date}, \`pnpm bench:api\`${MONGODB_URI ? ' with `MONGODB_URI` set' : ''} (BENCH_ROUNDS=${ROUNDS}, BENCH_SECONDS=${SECONDS}).`,
    '',
    `Machine: ${info.cpu}, ${info.cores} cores, ${info.memory} RAM, ${info.os}, Node ${info.node}. The API, the bare`,
    'Koa server and the load generator (autocannon, its own process) share these cores.',
    '',
    `Each scenario runs the bare route and every request in turn, ${ROUNDS} times: each run is a ${WARMUP} s warm-up, then`,
    `${SECONDS} s with ${CONNECTIONS} connections. A row gives the median req/s and p50 of its runs, the worst p99, and`,
    'the median of its ratios to the bare run of the same round, so a slow spell of the shared machine lands on both',
    'sides of a ratio. The API runs from its production build',
    `(\`node ${API_NODE_FLAGS.join(' ')} api/dist/server.js\`, \`NODE_ENV=production\`, \`LOG_LEVEL=${LOG_LEVEL}\`, access log written to a file), on a fresh`,
    'data folder or database seeded with the demo data plus generated courses, educators, learners, purchases and',
    'ratings. Catalog and course requests send `Accept-Encoding: gzip` as a browser does; user data and progress use',
    "the demo student's bearer token (signed in once per scenario, renewed from the session cookie). Progress cycles",
    "through the lectures of one of the student's courses, so after the first pass most requests find the lecture",
    'already completed. "vs bare Koa" is req/s relative to `bench/bare-koa.mjs` (`GET /ping`). "Requests" counts the answers by status, then in brackets the non-2xx/304 answers and socket',
    'errors (both must be 0). For the 5,000-course catalog the limit is the load generator on the same cores reading a',
    "gzip body of about 170 KB per answer, not the server's CPU.",
    '',
    table,
    ...(analyticsNotes.length ? ['', ...analyticsNotes.map((note) => `- ${note}`)] : []),
  ].join('\n');
  console.log(`\n${table}\n`);
  if (process.env.BENCH_NO_DOCS !== '1') {
    await writeSection(path.join(ROOT, 'docs/performance.md'), section);
    console.log('[bench:api] written to docs/performance.md');
  }
  if (failures.length > 0) {
    console.error(`[bench:api] ${failures.length} run(s) had errors or non-2xx/304 answers`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(`[bench:api] failed: ${error instanceof Error ? error.stack : error}`);
  process.exit(1);
});
