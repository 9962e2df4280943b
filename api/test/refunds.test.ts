import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { composeServices } from '../src/compose.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import type { PurchaseDoc } from '../src/modules/purchases/repository.js';
import type { UserDoc } from '../src/modules/users/repository.js';
import { newId } from '../src/store/index.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';
import { buyThroughLocalCheckout } from './support/purchases.js';

type Caller = { token: string; userId: string };

let api: TestApi;
let admin: Caller;
let educator: Caller;
let course: CourseDoc;

beforeAll(async () => {
  api = await startTestApi();
  admin = await userWithProfile(api, 'refunder@example.com', { admin: true });
  educator = await userWithProfile(api, 'seller@example.com', { educator: true });
  course = {
    _id: newId(),
    courseTitle: 'Refundable',
    courseDescription: '<p>Money back</p>',
    courseThumbnail: 'http://localhost:4000/api/media/x',
    coursePrice: 499,
    discount: 20,
    educator: { _id: educator.userId, name: 'Seller' },
    courseContent: [],
    courseRatings: [],
    enrolledStudents: [],
    isPublished: true,
    createdAt: new Date(),
  };
  await api.deps.store.collection<CourseDoc>('courses').insertOne(course);
});
afterAll(() => api.close());

const purchases = () => api.deps.store.collection<PurchaseDoc>('purchases');

const buy = (student: Caller) => buyThroughLocalCheckout(api, student.token, course._id);

async function enrolledIds(student: Caller): Promise<string[]> {
  const { body } = await api.json('/api/user/enrolled-courses', { headers: bearer(student.token) });
  return (body.enrolledCourses as Array<{ _id: string }>).map((c) => c._id);
}

describe("an admin's refund", () => {
  it('takes the course back, leaves the earnings and shows in both histories; buying again works', async () => {
    const student = await userWithProfile(api, 'refunded@example.com');
    const purchaseId = await buy(student);
    expect(await enrolledIds(student)).toEqual([course._id]);
    const dashboard = () => api.json('/api/educator/dashboard', { headers: bearer(educator.token) });
    expect((await dashboard()).body.dashboardData).toMatchObject({ totalEarnings: 399 });

    const res = await postJson(api, '/api/admin/refund-purchase', { purchaseId }, bearer(admin.token));
    expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Purchase refunded' } });

    expect(await enrolledIds(student)).toEqual([]);
    const user = await api.deps.store.collection<UserDoc>('users').findOne({ _id: student.userId });
    expect(user?.enrolledCourses).toEqual([]);
    expect(await api.deps.store.collection('enrollments').countDocuments({ userId: student.userId })).toBe(0);
    expect((await dashboard()).body.dashboardData).toMatchObject({ totalEarnings: 0 });
    const learning = await postJson(
      api,
      '/api/user/get-course-progress',
      { courseId: course._id },
      bearer(student.token),
    );
    expect(learning.status).toBe(403);

    const history = await api.json('/api/user/purchases', { headers: bearer(student.token) });
    expect(history.body.purchases).toMatchObject([
      {
        _id: purchaseId,
        courseId: course._id,
        courseTitle: 'Refundable',
        amount: 399.2,
        status: 'refunded',
        simulated: true,
      },
    ]);
    const all = await api.json('/api/admin/purchases', { headers: bearer(admin.token) });
    expect(all.body.total).toBeGreaterThanOrEqual(1);
    expect((all.body.purchases as Array<Record<string, unknown>>).find((p) => p._id === purchaseId)).toMatchObject({
      status: 'refunded',
      student: { _id: student.userId, email: 'refunded@example.com' },
      course: { _id: course._id, courseTitle: 'Refundable' },
      gateway: 'local',
    });

    const again = await postJson(api, '/api/admin/refund-purchase', { purchaseId }, bearer(admin.token));
    expect(again).toMatchObject({
      status: 409,
      body: { success: false, message: 'This purchase is already refunded' },
    });
    const rebuy = await buy(student);
    expect(rebuy).not.toBe(purchaseId);
    expect(await enrolledIds(student)).toEqual([course._id]);
  });

  it('refuses what cannot be refunded, and anyone but an admin', async () => {
    const student = await userWithProfile(api, 'pending@example.com');
    await postJson(api, '/api/user/purchase', { courseId: course._id }, bearer(student.token));
    const pending = await purchases().findOne({ userId: student.userId });
    const refuse = (purchaseId: string, caller: Caller) =>
      postJson(api, '/api/admin/refund-purchase', { purchaseId }, bearer(caller.token));
    expect(await refuse(pending?._id as string, admin)).toMatchObject({
      status: 409,
      body: { message: 'Only a completed purchase can be refunded' },
    });
    expect((await refuse(newId(), admin)).status).toBe(404);
    expect((await refuse(pending?._id as string, student)).status).toBe(403);
    expect((await api.json('/api/admin/purchases', { headers: bearer(student.token) })).status).toBe(403);
  });
});

describe('reconciliation', () => {
  it('every minute finds a purchase completed but not fulfilled by its marker; at start, also one completed before the marker', async () => {
    const { deps } = api;
    const service = composeServices(deps).purchases;
    const crashed = await userWithProfile(api, 'marker@example.com');
    const legacy = await userWithProfile(api, 'legacy@example.com');
    const completed = (userId: string, marked: boolean) => ({
      _id: newId(),
      userId,
      courseId: course._id,
      educatorId: educator.userId,
      amount: 39_920,
      currency: 'INR' as const,
      createdAt: new Date(),
      gateway: 'local' as const,
      status: 'completed' as const,
      completedAt: new Date(),
      completedKey: `${userId}:${course._id}`,
      ...(marked ? { fulfilmentDue: true as const } : {}),
    });
    // Completed by the current code, then the process died: the completing update set the marker.
    const marked = completed(crashed.userId, true);
    // Completed, and left so, by a version before the marker.
    const old = completed(legacy.userId, false);
    await purchases().insertMany([marked, old]);

    expect(await service.reconcile()).toBe(1);
    const done = await purchases().findOne({ _id: marked._id });
    expect(done?.fulfilledAt).toBeInstanceOf(Date);
    expect(done).not.toHaveProperty('fulfilmentDue');
    expect(await enrolledIds(crashed)).toEqual([course._id]);
    expect((await purchases().findOne({ _id: old._id }))?.fulfilledAt).toBeUndefined();

    expect(await service.reconcile(undefined, { everything: true })).toBe(1);
    expect((await purchases().findOne({ _id: old._id }))?.fulfilledAt).toBeInstanceOf(Date);
    expect(await enrolledIds(legacy)).toEqual([course._id]);
  });

  it('a purchase completed through the checkout carries the marker only until it is fulfilled', async () => {
    const buyer = await userWithProfile(api, 'marker-buyer@example.com');
    await buy(buyer);
    const purchase = await purchases().findOne({ userId: buyer.userId, status: 'completed' });
    expect(purchase?.fulfilledAt).toBeInstanceOf(Date);
    expect(purchase).not.toHaveProperty('fulfilmentDue');
  });

  it('finishes purchases a crash left half done, on the buyer’s next read', async () => {
    const student = await userWithProfile(api, 'halfdone@example.com');
    const other = { ...course, _id: newId(), courseTitle: 'Second' };
    const third = { ...course, _id: newId(), courseTitle: 'Third' };
    await api.deps.store.collection<CourseDoc>('courses').insertMany([other, third]);
    const base = {
      userId: student.userId,
      educatorId: educator.userId,
      amount: 39_920,
      currency: 'INR' as const,
      createdAt: new Date(),
      gateway: 'local' as const,
    };
    // Paid and marked completed, but the process died before enrolling.
    await purchases().insertOne({
      ...base,
      _id: newId(),
      courseId: course._id,
      status: 'completed',
      completedAt: new Date(),
      completedKey: `${student.userId}:${course._id}`,
    });
    // Refunded, but the process died before the enrollment was taken back.
    const refundedId = newId();
    await purchases().insertOne({
      ...base,
      _id: refundedId,
      courseId: other._id,
      status: 'refunded',
      refundedAt: new Date(),
    });
    await api.deps.store.collection('enrollments').insertOne({
      _id: `${student.userId}:${other._id}`,
      userId: student.userId,
      courseId: other._id,
      purchaseId: refundedId,
      createdAt: new Date(),
    });
    await api.deps.store
      .collection<UserDoc>('users')
      .updateOne({ _id: student.userId }, { $addToSet: { enrolledCourses: other._id } });

    const history = await api.json('/api/user/purchases', { headers: bearer(student.token) });
    expect(history.status).toBe(200);
    expect(await enrolledIds(student)).toEqual([course._id]);
    expect(await api.deps.store.collection('enrollments').countDocuments({ userId: student.userId })).toBe(1);
    const [done] = await purchases().find({ userId: student.userId, courseId: course._id });
    expect(done?.fulfilledAt).toBeInstanceOf(Date);
    expect(await purchases().findOne({ _id: refundedId })).toMatchObject({ revokedAt: expect.any(Date) });
  });

  it('asks the gateway about an abandoned checkout again only after a few minutes', async () => {
    const student = await userWithProfile(api, 'abandoned@example.com');
    await postJson(api, '/api/user/purchase', { courseId: course._id }, bearer(student.token));
    await purchases().updateOne({ userId: student.userId }, { $set: { createdAt: new Date(Date.now() - 5 * 60_000) } });
    const retrieve = vi.spyOn(api.deps.payments.gateway, 'retrieve');
    try {
      for (let i = 0; i < 3; i++) {
        expect((await api.json('/api/user/purchases', { headers: bearer(student.token) })).status).toBe(200);
      }
      expect(retrieve).toHaveBeenCalledTimes(1);
      expect(await purchases().findOne({ userId: student.userId })).toMatchObject({
        status: 'pending',
        checkedAt: expect.any(Date),
      });
    } finally {
      retrieve.mockRestore();
    }
  });
});
