import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CouponDoc } from '../src/modules/coupons/repository.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import type { PurchaseDoc } from '../src/modules/purchases/repository.js';
import type { LocalCheckoutDoc } from '../src/payments/gateways/local.js';
import { newId } from '../src/store/index.js';
import {
  type Api,
  cleanUpApiProcesses,
  post,
  type Student,
  seedAndCreateAccounts,
  signIn,
  startApi,
  stopApi,
  storeOpener,
  tempDataDir,
} from './support/api-process.js';
import { freePort } from './support/http.js';

/**
 * The API killed (SIGKILL) at a random moment while 30 students race for a coupon's 8 uses (some
 * pay, some leave their checkout open, an admin refunds what they paid, which gives the use back),
 * then started again on the same data after the open
 * checkouts have expired: every use the crash left reserved is given back, every paid one counted,
 * and the limit is never passed: `uses` = the completed purchases with the coupon ≤ `maxUses`,
 * nothing reserved, `usesLeft` = `maxUses − uses`. On the embedded store and on MongoDB.
 */

const STUDENTS = 30;
const MAX_USES = 8;

const mongoUri = process.env.MONGODB_URI;
afterEach(cleanUpApiProcesses);

/** A 40 %-off coupon with `MAX_USES` uses for the first paid demo course, written before the API starts. */
async function addCoupon(open: ReturnType<typeof storeOpener>): Promise<{ coupon: CouponDoc; course: CourseDoc }> {
  const store = await open();
  try {
    const courses = await store.collection<CourseDoc>('courses').find({ isPublished: true });
    const course = courses.find((c) => c.coursePrice * (1 - c.discount / 100) > 0) as CourseDoc;
    const coupon: CouponDoc = {
      _id: newId(),
      courseId: course._id,
      educatorId: course.educator._id,
      code: 'CRASH40',
      codeKey: `${course._id}:CRASH40`,
      percentOff: 40,
      maxUses: MAX_USES,
      usesLeft: MAX_USES,
      uses: 0,
      reserved: 0,
      active: true,
      createdAt: new Date(),
    };
    await store.collection<CouponDoc>('coupons').insertOne(coupon);
    return { coupon, course };
  } finally {
    await store.close();
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The demo admin, who refunds purchases while the students buy. */
async function adminToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@courseport.dev', password: 'courseport-demo' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Every student uses the coupon over and over until the API is killed: purchase → Pay → verify
 * (or leaves the checkout open, to pay it on the next round), and each confirmed purchase is
 * refunded by the admin at once, which gives its use back and lets the student buy again; a student
 * refused (used up, rate limited) waits a little and tries again. So reservations, uses and
 * returns are always in flight when the API is killed, at a random moment 0.5–2 s after it first
 * confirmed a payment.
 */
async function raceUntilKilled(api: Api, students: Student[], courseId: string) {
  let killed = false;
  const serverErrors: string[] = [];
  const failures: string[] = [];
  const counts = { purchases: 0, refused: 0, leftOpen: 0, confirmed: 0, refunded: 0 };
  const killAfter = 500 + Math.random() * 1500;
  const admin = await adminToken(api.base);
  let arm = () => {};
  const kill = new Promise<void>((resolve) => {
    let armed = false;
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
  const fallback = setTimeout(() => arm(), 30_000);

  async function race(student: Student) {
    while (!killed) {
      try {
        const purchase = await post(api.base, '/api/user/purchase', { courseId, couponCode: 'crash40' }, student.token);
        counts.purchases += 1;
        if (purchase.status >= 500) serverErrors.push(`purchase → ${purchase.status} ${purchase.body.message}`);
        if (purchase.status !== 200) {
          counts.refused += 1;
          await pause(purchase.status === 429 ? 1000 : 100 + Math.random() * 200);
          continue;
        }
        if (Math.random() < 1 / 4) {
          counts.leftOpen += 1;
          continue;
        }
        const checkout = new URL(purchase.body.session_url as string);
        const paid = await fetch(`${api.base}${checkout.pathname}/pay`, { method: 'POST', redirect: 'manual' });
        await paid.arrayBuffer();
        if (paid.status >= 500) serverErrors.push(`pay → ${paid.status}`);
        if (paid.status !== 303) continue;
        const purchaseId = new URL(paid.headers.get('location') ?? '').searchParams.get('purchaseId') as string;
        const verify = await post(api.base, '/api/user/verify-payment', { purchaseId }, student.token);
        if (verify.status >= 500) serverErrors.push(`verify → ${verify.status} ${verify.body.message}`);
        if (verify.status !== 200) continue;
        counts.confirmed += 1;
        arm();
        const refund = await post(api.base, '/api/admin/refund-purchase', { purchaseId }, admin);
        if (refund.status >= 500) serverErrors.push(`refund → ${refund.status} ${refund.body.message}`);
        if (refund.status === 200) counts.refunded += 1;
        else student.confirmed.push({ purchaseId, courseId });
        if (refund.status === 429) return; // owns the course now, and the admin is out of refunds for a minute
      } catch (error) {
        if (!killed) failures.push(String(error));
        return;
      }
    }
  }

  await Promise.all([kill, ...students.map((student) => race(student))]);
  clearTimeout(fallback);
  await api.exited;
  return { serverErrors, failures, counts, killAfter };
}

/** Half an hour passes while the API is down: every checkout still open has expired. */
async function letCheckoutsExpire(open: ReturnType<typeof storeOpener>) {
  const store = await open();
  try {
    const past = new Date(Date.now() - 40 * 60_000);
    await store.collection<PurchaseDoc>('purchases').updateMany({ status: 'pending' }, { $set: { createdAt: past } });
    await store
      .collection<LocalCheckoutDoc>('checkoutSessions')
      .updateMany({ status: 'open' }, { $set: { expiresAt: past } });
  } finally {
    await store.close();
  }
}

async function crashAndRecoverCoupon(mongodb?: string) {
  const dataDir = await tempDataDir();
  const port = await freePort();
  const open = storeOpener(dataDir, mongodb);
  const emails = await seedAndCreateAccounts(
    open,
    dataDir,
    `http://127.0.0.1:${port}`,
    STUDENTS,
    `coupon-${randomBytes(3).toString('hex')}`,
  );
  const { coupon, course } = await addCoupon(open);

  const first = await startApi(dataDir, port, mongodb);
  const students = await signIn(first.base, emails);
  const traffic = await raceUntilKilled(first, students, course._id);
  expect(first.child.signalCode).toBe('SIGKILL');
  expect(traffic.failures).toEqual([]);
  expect(traffic.serverErrors).toEqual([]);
  expect(traffic.counts.confirmed).toBeGreaterThan(0);

  await letCheckoutsExpire(open);
  // Started again: reconciliation at start expires the open checkouts and settles what the kill interrupted.
  const second = await startApi(dataDir, port, mongodb);
  await stopApi(second, 'SIGTERM');
  expect(second.child.exitCode).toBe(0);

  const store = await open();
  try {
    const ids = students.map((s) => s.userId);
    const purchases = await store.collection<PurchaseDoc>('purchases').find({ userId: { $in: ids } });
    const after = (await store.collection<CouponDoc>('coupons').findOne({ _id: coupon._id })) as CouponDoc;
    const completed = purchases.filter((p) => p.status === 'completed');
    const discounted = Math.round(course.coursePrice * (100 - course.discount) * 0.6);
    console.log(
      `[coupon crash ${mongodb ? 'mongodb' : 'embedded'}] killed ${Math.round(traffic.killAfter)} ms after the first ` +
        `confirmation; ${JSON.stringify({ ...traffic.counts, completed: completed.length, coupon: { uses: after.uses, reserved: after.reserved, usesLeft: after.usesLeft } })}`,
    );
    expect(purchases.filter((p) => p.status === 'pending')).toEqual([]);
    expect(completed.every((p) => (p.coupon as { id: string } | undefined)?.id === coupon._id)).toBe(true);
    expect(completed.every((p) => p.amount === discounted && p.couponState === 'used')).toBe(true);
    expect(completed.length).toBeLessThanOrEqual(MAX_USES);
    // Refunds after a counted use gave it back once; every coupon use settled.
    const refunded = purchases.filter((p) => p.status === 'refunded' && p.refundReason === 'admin');
    expect(refunded.every((p) => p.couponState === 'returned')).toBe(true);
    expect(purchases.every((p) => p.couponSettledAt !== undefined || !p.coupon)).toBe(true);
    expect({
      uses: after.uses,
      reserved: after.reserved,
      usesLeft: after.usesLeft,
      holds: Object.keys(after.holds ?? {}),
    }).toEqual({ uses: completed.length, reserved: 0, usesLeft: MAX_USES - completed.length, holds: [] });
    // Every payment the API confirmed before the kill is one of those uses.
    for (const student of students)
      for (const { purchaseId } of student.confirmed) expect(completed.map((p) => p._id)).toContain(purchaseId);
  } finally {
    await store.close();
  }
}

describe('the API killed while buyers race for a coupon’s last uses', () => {
  it('gives back every use the crash left reserved on the embedded store', { timeout: 90_000 }, async () => {
    await crashAndRecoverCoupon();
  });

  it.runIf(mongoUri)('gives back every use the crash left reserved on MongoDB', { timeout: 240_000 }, async () => {
    const uri = new URL(mongoUri as string);
    uri.pathname = `/coupon_crash_${randomBytes(4).toString('hex')}`;
    await crashAndRecoverCoupon(uri.toString());
  });
});
