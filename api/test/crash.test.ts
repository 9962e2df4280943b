import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAuth } from '../src/auth/index.js';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { INDEXES } from '../src/indexes.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import type { EnrollmentDoc } from '../src/modules/enrollments/repository.js';
import { mailerFor } from '../src/modules/mail/service.js';
import type { LocalCheckoutDoc } from '../src/modules/purchases/gateways/local.js';
import type { PurchaseDoc } from '../src/modules/purchases/repository.js';
import { SECOND_PAYMENT_REFUNDED } from '../src/modules/purchases/service.js';
import type { UserDoc } from '../src/modules/users/repository.js';
import { seedDemo } from '../src/seed/demo.js';
import { openEmbeddedStore } from '../src/store/embedded.js';
import type { Store } from '../src/store/index.js';
import { openMongoStore } from '../src/store/mongodb.js';
import { freePort } from './support/http.js';

/**
 * The API killed (SIGKILL) at a random moment while 40 students buy courses through the local
 * checkout, then started again on the same data: every paid checkout ends as one completed,
 * fulfilled purchase (or a refunded second payment), each completed purchase has exactly one
 * enrollment record and one entry in each list, and every purchase the API had confirmed is still
 * enrolled. Also with a torn last line in purchases.db (a crash mid-append), and on MongoDB.
 */

const API_DIR = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(API_DIR, 'src/server.ts');
const STUDENTS = 40;
const PASSWORD = 'crash test password';

const mongoUri = process.env.MONGODB_URI;
if (!mongoUri && process.env.CI && !process.env.MONGO_SKIP_REASON) {
  throw new Error('CI must run the MongoDB half of the crash test (.ci/run starts FerretDB).');
}
if (!mongoUri)
  console.warn(`[crash] SKIPPING the MongoDB half: ${process.env.MONGO_SKIP_REASON ?? 'MONGODB_URI is not set'}.`);

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

type Api = { child: ChildProcess; base: string; output: () => string; exited: Promise<unknown> };

/** The real entry point (through tsx) in demo mode, on `dataDir` (or MongoDB), answering health. */
async function startApi(dataDir: string, port: number, mongodb: string | undefined): Promise<Api> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      COURSEPORT_MODE: 'demo',
      DEMO_SEED: 'true',
      DATA_DIR: dataDir,
      MONGODB_URI: mongodb ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      PUBLIC_APP_URL: 'http://localhost:3000',
      PUBLIC_API_URL: base,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`The API exited (${child.exitCode}):\n${output}`);
    const healthy = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { child, base, output: () => output, exited };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`The API did not become healthy:\n${output}`);
}

async function stopApi(api: Api, signal: NodeJS.Signals) {
  if (api.child.exitCode !== null || api.child.signalCode !== null) return;
  api.child.kill(signal);
  await api.exited;
}

type Student = {
  email: string;
  userId: string;
  token: string;
  confirmed: Array<{ purchaseId: string; courseId: string }>;
};
type Answer = { status: number; body: Record<string, unknown> };

async function post(base: string, pathname: string, body: unknown, token: string): Promise<Answer> {
  const res = await fetch(base + pathname, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * The demo catalog (as the API seeds it at its first start) and verified accounts made the way the
 * create-account CLI makes them, written before the API starts (one process owns the embedded files).
 */
async function seedAndCreateAccounts(open: () => Promise<Store>, dataDir: string, base: string): Promise<string[]> {
  const store = await open();
  try {
    await store.ensureIndexes(INDEXES);
    const config = loadConfig({
      NODE_ENV: 'test',
      COURSEPORT_MODE: 'demo',
      DEMO_SEED: 'true',
      DATA_DIR: dataDir,
      PUBLIC_APP_URL: 'http://localhost:3000',
      PUBLIC_API_URL: base,
    });
    const logger = pino({ level: 'silent' });
    const mailer = mailerFor(config, store, systemClock, logger);
    const auth = await buildAuth(config, store, systemClock, mailer);
    expect(await seedDemo({ config, store, clock: systemClock, logger, auth })).toBe(true);
    const tag = randomBytes(3).toString('hex');
    const emails = Array.from({ length: STUDENTS }, (_, i) => `crash-${tag}-${i}@example.com`);
    await Promise.all(
      emails.map((email, i) =>
        auth.local?.createAccount({ name: `Crash ${i}`, email, password: PASSWORD, emailVerified: true }),
      ),
    );
    mailer.close();
    return emails;
  } finally {
    await store.close();
  }
}

async function signIn(base: string, emails: string[]): Promise<Student[]> {
  return Promise.all(
    emails.map(async (email) => {
      const res = await fetch(`${base}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(res.status).toBe(200);
      const { token, user } = (await res.json()) as { token: string; user: { id: string } };
      expect((await post(base, '/api/user/create', { name: email.split('@')[0] }, token)).status).toBe(201);
      return { email, userId: user.id, token, confirmed: [] };
    }),
  );
}

/**
 * Every student buys paid courses (purchase → Pay → verify) in a loop from two clients (two tabs),
 * often one they already have or are buying in the other tab, until the API is killed: at a random
 * moment 0.5–2 s after the API first confirmed a payment (so some confirmations are always at stake).
 * Returns what was answered before the kill.
 */
async function shopUntilKilled(api: Api, students: Student[], courseIds: string[]) {
  let killed = false;
  const serverErrors: string[] = [];
  const failures: string[] = [];
  const killAfter = 500 + Math.random() * 1500;
  let armed = false;
  let arm = () => {};
  const kill = new Promise<void>((resolve) => {
    arm = () => {
      if (armed) return;
      armed = true;
      setTimeout(() => {
        killed = true;
        api.child.kill('SIGKILL');
        resolve();
      }, killAfter);
    };
  });
  // A slow store (FerretDB beside other suites) may take long to confirm the first payment.
  const fallback = setTimeout(() => arm(), 40_000);
  const counts = { purchases: 0, conflicts: 0, limited: 0, paid: 0, confirmed: 0, secondPaymentRefunded: 0 };

  async function shop(student: Student) {
    while (!killed) {
      const courseId = courseIds[Math.floor(Math.random() * courseIds.length)] as string;
      try {
        const purchase = await post(api.base, '/api/user/purchase', { courseId }, student.token);
        counts.purchases += 1;
        if (purchase.status >= 500) serverErrors.push(`purchase → ${purchase.status} ${purchase.body.message}`);
        if (purchase.status === 409) counts.conflicts += 1;
        if (purchase.status === 429) counts.limited += 1;
        if (purchase.status !== 200) continue;
        const checkout = new URL(purchase.body.session_url as string);
        const paid = await fetch(`${api.base}${checkout.pathname}/pay`, { method: 'POST', redirect: 'manual' });
        await paid.arrayBuffer();
        if (paid.status >= 500) serverErrors.push(`pay → ${paid.status}`);
        if (paid.status !== 303) continue;
        counts.paid += 1;
        const purchaseId = new URL(paid.headers.get('location') ?? '').searchParams.get('purchaseId') as string;
        const verify = await post(api.base, '/api/user/verify-payment', { purchaseId }, student.token);
        if (verify.status >= 500) serverErrors.push(`verify → ${verify.status} ${verify.body.message}`);
        if (verify.status === 200) {
          student.confirmed.push({ purchaseId, courseId });
          counts.confirmed += 1;
          arm();
        }
        if (verify.status === 409 && verify.body.message === SECOND_PAYMENT_REFUNDED) counts.secondPaymentRefunded += 1;
      } catch (error) {
        // The connection dies with the process; before the kill nothing may fail.
        if (!killed) failures.push(String(error));
        return;
      }
    }
  }

  await Promise.all([kill, ...students.flatMap((student) => [shop(student), shop(student)])]);
  clearTimeout(fallback);
  await api.exited;
  return { serverErrors, failures, killAfter, counts };
}

/** What the return page does for each purchase the buyer left: ask to verify it. */
async function returnToEveryPendingPurchase(base: string, students: Student[]) {
  const answers: number[] = [];
  await Promise.all(
    students.map(async (student) => {
      const res = await fetch(`${base}/api/user/purchases`, { headers: { Authorization: `Bearer ${student.token}` } });
      expect(res.status).toBe(200);
      const { purchases } = (await res.json()) as { purchases: Array<{ _id: string; status: string }> };
      for (const purchase of purchases.filter((p) => p.status === 'pending')) {
        answers.push(
          (await post(base, '/api/user/verify-payment', { purchaseId: purchase._id }, student.token)).status,
        );
      }
    }),
  );
  return answers;
}

/** The money-and-learning invariants, read from the store after the restarted API stopped. */
async function checkRecords(store: Store, students: Student[]) {
  const ids = students.map((s) => s.userId);
  const purchases = await store.collection<PurchaseDoc>('purchases').find({ userId: { $in: ids } });
  const byId = new Map(purchases.map((p) => [p._id, p]));
  const sessions = await store.collection<LocalCheckoutDoc>('checkoutSessions').find({});
  const enrollments = await store.collection<EnrollmentDoc>('enrollments').find({ userId: { $in: ids } });
  const users = new Map((await store.collection<UserDoc>('users').find({ _id: { $in: ids } })).map((u) => [u._id, u]));
  const courses = new Map((await store.collection<CourseDoc>('courses').find({})).map((c) => [c._id, c]));
  const problems: string[] = [];

  // Every paid checkout: completed and fulfilled, or a second payment given back.
  for (const session of sessions.filter((s) => s.status === 'complete')) {
    const p = byId.get(session.purchaseId);
    if (!p) continue; // not one of these students' (none else buys)
    const done =
      (p.status === 'completed' && p.fulfilledAt) ||
      (p.status === 'refunded' && p.refundReason === 'duplicate-payment' && p.revokedAt);
    if (!done) problems.push(`paid checkout ${session._id}: purchase ${p._id} is ${p.status}`);
  }
  // Nothing half done: no completed purchase without its enrollment finished, no refund without its revocation.
  for (const p of purchases) {
    if (p.status === 'completed' && !p.fulfilledAt) problems.push(`completed but not fulfilled: ${p._id}`);
    if (p.status === 'refunded' && !p.revokedAt) problems.push(`refunded but not revoked: ${p._id}`);
  }
  // At most one completed purchase per buyer and course, with exactly one enrollment and one list entry each.
  const completed = purchases.filter((p) => p.status === 'completed');
  const pairs = new Map<string, number>();
  for (const p of completed) pairs.set(`${p.userId}:${p.courseId}`, (pairs.get(`${p.userId}:${p.courseId}`) ?? 0) + 1);
  for (const [pair, n] of pairs) if (n > 1) problems.push(`${n} completed purchases for ${pair}`);
  for (const p of completed) {
    const records = enrollments.filter((e) => e.userId === p.userId && e.courseId === p.courseId);
    if (records.length !== 1 || records[0]?._id !== `${p.userId}:${p.courseId}`) {
      problems.push(`purchase ${p._id}: ${records.length} enrollment records`);
    }
    const inUser = users.get(p.userId)?.enrolledCourses.filter((c) => c === p.courseId).length;
    const inCourse = courses.get(p.courseId)?.enrolledStudents.filter((u) => u === p.userId).length;
    if (inUser !== 1) problems.push(`purchase ${p._id}: the course is ${inUser}× in the user's enrolledCourses`);
    if (inCourse !== 1) problems.push(`purchase ${p._id}: the user is ${inCourse}× in the course's enrolledStudents`);
  }
  // No enrollment anyone did not pay for.
  for (const e of enrollments) {
    if (!pairs.has(`${e.userId}:${e.courseId}`)) problems.push(`enrollment ${e._id} without a completed purchase`);
  }
  for (const user of users.values()) {
    for (const courseId of user.enrolledCourses) {
      if (!pairs.has(`${user._id}:${courseId}`)) problems.push(`${user._id} lists ${courseId} without a purchase`);
    }
  }
  // Every purchase the API confirmed before the kill is still there, enrolled.
  let confirmed = 0;
  for (const student of students) {
    for (const { purchaseId, courseId } of student.confirmed) {
      confirmed += 1;
      const p = byId.get(purchaseId);
      if (p?.status !== 'completed' || !p.fulfilledAt)
        problems.push(`confirmed purchase ${purchaseId} is ${p?.status}`);
      if (!enrollments.some((e) => e._id === `${student.userId}:${courseId}`)) {
        problems.push(`confirmed purchase ${purchaseId} is not enrolled`);
      }
    }
  }
  return {
    problems,
    confirmed,
    completed: completed.length,
    paidCheckouts: sessions.filter((s) => s.status === 'complete').length,
    refunded: purchases.filter((p) => p.status === 'refunded').length,
    pending: purchases.filter((p) => p.status === 'pending').length,
  };
}

async function crashAndRecover(options: { mongodb?: string; tornLine?: boolean }) {
  const started = Date.now();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'courseport-crash-'));
  dirs.push(dataDir);
  const port = await freePort();
  const open = () =>
    options.mongodb
      ? openMongoStore(options.mongodb)
      : openEmbeddedStore(dataDir, { logger: pino({ level: 'silent' }) });

  const emails = await seedAndCreateAccounts(open, dataDir, `http://127.0.0.1:${port}`);
  const first = await startApi(dataDir, port, options.mongodb);
  const students = await signIn(first.base, emails);
  const catalog = (await (await fetch(`${first.base}/api/course/all?limit=100`)).json()) as {
    courses: Array<{ _id: string; coursePrice: number; discount: number }>;
  };
  // A few courses only, so students often buy one they already have or are buying in the other tab.
  const paidCourses = catalog.courses
    .filter((c) => c.coursePrice * (1 - c.discount / 100) > 0)
    .map((c) => c._id)
    .slice(0, 4);
  expect(paidCourses).toHaveLength(4);
  const shopping = Date.now();

  const traffic = await shopUntilKilled(first, students, paidCourses);
  expect(first.child.signalCode).toBe('SIGKILL');
  expect(traffic.failures).toEqual([]);
  expect(traffic.serverErrors).toEqual([]);
  expect(traffic.counts.confirmed).toBeGreaterThan(0);

  if (options.tornLine) {
    // What a crash in the middle of an append leaves: the start of a line, no newline.
    await appendFile(
      path.join(dataDir, 'purchases.db'),
      '{"_id":"torn0000000000000000000","userId":"x","status":"comp',
    );
  }

  const second = await startApi(dataDir, port, options.mongodb);
  if (options.tornLine) {
    expect(second.output()).toContain(`Dropped the incomplete last line`);
    expect(second.output()).toContain(path.join(dataDir, 'purchases.db'));
  }
  const verifies = await returnToEveryPendingPurchase(second.base, students);
  expect(verifies.filter((status) => ![200, 402, 409].includes(status))).toEqual([]);
  await stopApi(second, 'SIGTERM');
  expect(second.child.exitCode).toBe(0);

  const store = await open();
  try {
    const result = await checkRecords(store, students);
    const reconciled = /"finished":(\d+)[^\n]*reconciliation finished interrupted purchases/.exec(second.output())?.[1];
    console.log(
      `[crash ${options.mongodb ? 'mongodb' : 'embedded'}${options.tornLine ? ', torn line' : ''}] killed ` +
        `${Math.round(traffic.killAfter)} ms after the first confirmation; ${JSON.stringify({
          ...traffic.counts,
          finishedByReconciliationAtStart: Number(reconciled ?? 0),
          verifiedAfterRestart: verifies.filter((status) => status === 200).length,
          ...result,
          problems: result.problems.length,
        })}; set-up ${((shopping - started) / 1000).toFixed(1)} s, total ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(result.problems).toEqual([]);
    expect(result.paidCheckouts).toBeGreaterThan(0);
    expect(result.completed).toBeGreaterThan(0);
  } finally {
    await store.close();
  }
}

describe('the API killed under purchase traffic', () => {
  it('recovers every paid purchase on the embedded store', { timeout: 90_000 }, async () => {
    await crashAndRecover({});
  });

  it('recovers with a torn last line in purchases.db', { timeout: 90_000 }, async () => {
    await crashAndRecover({ tornLine: true });
  });

  it.runIf(mongoUri)('recovers every paid purchase on MongoDB', { timeout: 240_000 }, async () => {
    const uri = new URL(mongoUri as string);
    uri.pathname = `/crash_${randomBytes(4).toString('hex')}`;
    await crashAndRecover({ mongodb: uri.toString() });
  });
});
