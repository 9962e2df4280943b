/**
 * Progress updates for `pnpm bench:api`: many students of one course (bench/lib/api-seed.mjs), their
 * session tokens minted with the API's own signing key, the requests each connection sends, and the
 * count of database commands one update costs on MongoDB.
 *
 * A signed-in user may make 120 writes a minute to one route (api/src/http/rate-limit.ts), so each
 * connection speaks for its own few students, and every run (warm-ups included) has fresh ones.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './api-process.mjs';
import { PROGRESS_LECTURES } from './api-seed.mjs';

/** @param {string} file a module of the API's production build */
const dist = (file) => import(pathToFileURL(path.join(ROOT, 'api/dist', file)).href);

/** Students per connection and run: at ~100 requests a second per connection, ~80 each in a 5 s run. */
const STUDENTS_PER_CONNECTION = 6;
/** How many lectures each student's list holds in the "new lecture" row (more than a run reaches). */
const NEW_LECTURES = 60;
/** Lectures per student in a warm-up's lists. */
const WARMUP_LECTURES = 20;
/** The "mostly already completed" row cycles through this many lectures per student. */
const REPEAT_LECTURES = 5;
/** Students, and completions, for counting the database commands of one update. */
const COUNT_STUDENTS = 40;
const COUNT_LECTURES = 5;

/**
 * How many students the progress rows need, and the requests each run sends.
 * @param {{ rounds: number, connections: number }} options
 */
export function progressPlan({ rounds, connections }) {
  const studentsPerRun = connections * STUDENTS_PER_CONNECTION;
  // The count's own students, then for each of the two rows a warm-up and a measured run per round.
  const pool = rounds * 2 * studentsPerRun;
  const students = COUNT_STUDENTS + 2 * pool;
  return {
    students,
    /** The students of the "already completed" row: they have its lectures completed from the seed. */
    completed: { from: COUNT_STUDENTS + pool, to: students, lectures: REPEAT_LECTURES },
    studentsPerRun,
    repeatLectures: REPEAT_LECTURES,
    countStudents: COUNT_STUDENTS,
    /**
     * @param {import('./api-seed.mjs').ProgressCourse} course
     * @param {(userId: string) => string} tokenOf
     */
    requests(course, tokenOf) {
      const used = { new: COUNT_STUDENTS, repeat: COUNT_STUDENTS + pool };
      /** @type {string[][]} the students of each connection in the last "new lecture" run */
      let lastNew = [];
      /** @param {'new' | 'repeat'} mode */
      const take = (mode) => {
        const taken = course.students.slice(used[mode], used[mode] + studentsPerRun);
        if (taken.length < studentsPerRun) throw new Error('the bench seeded too few progress students');
        used[mode] += studentsPerRun;
        return Array.from({ length: connections }, (_, c) =>
          taken.slice(c * STUDENTS_PER_CONNECTION, (c + 1) * STUDENTS_PER_CONNECTION),
        );
      };
      /** One list per connection: its students in turn, lecture after lecture. */
      const lists = (groups, lectures, request) =>
        groups.map((group) => lectures.flatMap((lectureId) => group.map((userId) => request(userId, lectureId))));
      const api = (userId, lectureId) => ({
        method: 'POST',
        path: '/api/user/update-course-progress',
        headers: { Authorization: `Bearer ${tokenOf(userId)}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ courseId: course.courseId, lectureId }),
      });
      return {
        /** @param {'new' | 'repeat'} mode */
        next(mode) {
          const lectures = course.lectureIds.slice(0, mode === 'new' ? NEW_LECTURES : REPEAT_LECTURES);
          const warmup = take(mode);
          const measured = take(mode);
          if (mode === 'new') lastNew = [...warmup, ...measured];
          // A warm-up lasts a second or so: a few lectures each are plenty.
          return {
            warmupPerConnection: lists(warmup, lectures.slice(0, WARMUP_LECTURES), api),
            perConnection: lists(measured, lectures, api),
          };
        },
        /** The same students and lectures as the last "new lecture" run, straight to the database. */
        bare() {
          const lectures = course.lectureIds.slice(0, NEW_LECTURES);
          const direct = (userId, lectureId) => ({
            method: 'POST',
            path: '/update',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ userId, courseId: course.courseId, lectureId }),
          });
          return {
            warmupPerConnection: lists(lastNew.slice(0, connections), lectures.slice(0, WARMUP_LECTURES), direct),
            perConnection: lists(lastNew.slice(connections), lectures, direct),
          };
        },
      };
    },
  };
}

/**
 * Session tokens for any user, signed with the key the API under test uses (in its DATA_DIR, or in
 * the store on MongoDB; the seed created it), as its own sign-in would; minted on first use, renewed before they expire.
 * @param {{ env: Record<string, string>, dataDir: string }} options
 * @returns {Promise<(userId: string) => string>}
 */
export async function studentTokens({ env, dataDir }) {
  const [
    { loadConfig },
    { createLocalIssuer, loadOrCreateSharedSigningKey, SESSION_TOKEN_TTL_SECONDS },
    { openStore },
  ] = await Promise.all([dist('config.js'), dist('auth/local-issuer.js'), dist('store/index.js')]);
  const config = loadConfig({ ...env, NODE_ENV: 'production', COURSEPORT_MODE: 'demo' });
  let key;
  if (config.mongodbUri) {
    // On MongoDB the key is in the store (every API process signs with it).
    const store = await openStore({ mongodbUri: config.mongodbUri, dataDir });
    key = await loadOrCreateSharedSigningKey(store.collection('secrets')).finally(() => store.close());
  } else {
    key = await readFile(path.join(dataDir, 'auth', 'local-issuer-key.pem'), 'utf8');
  }
  const issuer = createLocalIssuer(key, `${config.publicApiUrl}/api/auth`);
  const azp = new URL(config.publicAppUrl).origin;
  /** @type {Map<string, { token: string, until: number }>} */
  const minted = new Map();
  return (userId) => {
    const known = minted.get(userId);
    if (known && known.until > Date.now()) return known.token;
    const { token } = issuer.sign(
      {
        sub: userId,
        sid: `sess_bench_${userId}`,
        azp,
        email: `${userId}@learners.courseport.dev`,
        email_verified: true,
        name: 'Bench Learner',
      },
      new Date(),
    );
    // Renewed with a minute to spare: a run never outlives it.
    minted.set(userId, { token, until: Date.now() + (SESSION_TOKEN_TTL_SECONDS - 60) * 1000 });
    return token;
  };
}

const COUNTED = ['find', 'getMore', 'aggregate', 'count', 'distinct', 'insert', 'update', 'delete', 'findAndModify'];

/** Commands the server has run so far (serverStatus; MongoDB and FerretDB both keep these). */
async function commandsRun(db) {
  const status = await db.admin().command({ serverStatus: 1 });
  const commands = status.metrics?.commands ?? {};
  return COUNTED.reduce((sum, name) => sum + Number(commands[name]?.total ?? 0), 0);
}

/**
 * Database commands per progress update, from the server's own counters: a burst of sequential
 * updates (new lectures, the course already in the API's memory), less what the API's background
 * polls send in as long while idle.
 * @param {{ apiUrl: string, dbUri: string, course: import('./api-seed.mjs').ProgressCourse,
 *   tokens: (userId: string) => string, plan: ReturnType<typeof progressPlan> }} options
 */
export async function roundTripsPerUpdate({ apiUrl, dbUri, course, tokens, plan }) {
  const { MongoClient } = createRequire(path.join(ROOT, 'api/package.json'))('mongodb');
  const client = new MongoClient(dbUri, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  try {
    const db = client.db();
    const students = course.students.slice(0, plan.countStudents);
    const update = async (userId, lectureId) => {
      const res = await fetch(`${apiUrl}/api/user/update-course-progress`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tokens(userId)}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ courseId: course.courseId, lectureId }),
      });
      if (res.status !== 200) throw new Error(`progress update: ${res.status} ${await res.text()}`);
    };
    // The first update reads the course into the API's memory.
    await update(students[0], course.lectureIds[PROGRESS_LECTURES - 1]);
    const before = await commandsRun(db);
    const started = Date.now();
    let updates = 0;
    for (const lectureId of course.lectureIds.slice(0, COUNT_LECTURES)) {
      for (const userId of students) {
        await update(userId, lectureId);
        updates += 1;
      }
    }
    const elapsed = Date.now() - started;
    const during = (await commandsRun(db)) - before;
    const idleFrom = await commandsRun(db);
    await new Promise((resolve) => setTimeout(resolve, elapsed));
    // Less the counter reads themselves (one each).
    const idle = (await commandsRun(db)) - idleFrom;
    return (during - idle) / updates;
  } finally {
    await client.close();
  }
}
