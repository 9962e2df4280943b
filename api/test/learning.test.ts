import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountInPaise } from '../src/modules/coupons/pricing.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import type { PurchaseDoc } from '../src/modules/purchases/repository.js';
import type { UserDoc } from '../src/modules/users/repository.js';
import { buildPayments } from '../src/payments/index.js';
import { newId } from '../src/store/index.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';

type Caller = { token: string; userId: string };

function courseDoc(educatorId: string, overrides: Partial<CourseDoc> = {}): CourseDoc {
  return {
    _id: newId(),
    courseTitle: 'Kotlin Basics',
    courseDescription: '<p>Kotlin</p>',
    courseThumbnail: 'http://localhost:4000/api/media/x',
    coursePrice: 499,
    discount: 20,
    educator: { _id: educatorId, name: 'Teacher' },
    courseContent: [
      {
        chapterId: 'c1',
        chapterTitle: 'One',
        chapterOrder: 1,
        chapterContent: [
          {
            lectureId: `${overrides._id ?? 'k'}-l1`,
            lectureTitle: 'Free',
            lectureDuration: 5,
            lectureUrl: 'https://youtu.be/free',
            isPreviewFree: true,
            lectureOrder: 1,
          },
          {
            lectureId: `${overrides._id ?? 'k'}-l2`,
            lectureTitle: 'Paid',
            lectureDuration: 9,
            lectureUrl: 'https://youtu.be/paid',
            isPreviewFree: false,
            lectureOrder: 2,
          },
        ],
      },
    ],
    courseRatings: [],
    enrolledStudents: [],
    isPublished: true,
    createdAt: new Date(),
    ...overrides,
  };
}

async function enrollmentCount(api: TestApi, userId: string, courseId: string) {
  const user = await api.deps.store.collection<UserDoc>('users').findOne({ _id: userId });
  const course = await api.deps.store.collection<CourseDoc>('courses').findOne({ _id: courseId });
  return {
    onUser: user?.enrolledCourses.filter((id) => id === courseId).length ?? 0,
    onCourse: course?.enrolledStudents.filter((id) => id === userId).length ?? 0,
  };
}

describe('prices in paise', () => {
  it.each([
    [499, 20, 39_920],
    [499, 0, 49_900],
    [999.99, 33, 66_999],
    [100, 100, 0],
    [0, 0, 0],
    [649, 50, 32_450],
  ])('Rs %s at %s%% off costs %s paise', (price, discount, paise) => {
    expect(amountInPaise(price, discount)).toBe(paise);
  });
});

describe('purchases through the local checkout', () => {
  let api: TestApi;
  let educator: Caller;
  let buyer: Caller;
  let outsider: Caller;
  let course: CourseDoc;
  let other: CourseDoc;

  beforeAll(async () => {
    api = await startTestApi();
    educator = await userWithProfile(api, 'seller@example.com', { educator: true });
    buyer = await userWithProfile(api, 'buyer@example.com');
    outsider = await userWithProfile(api, 'nosy@example.com');
    course = courseDoc(educator.userId, { _id: newId() });
    other = courseDoc(educator.userId, { _id: newId(), courseTitle: 'Other' });
    await api.deps.store.collection<CourseDoc>('courses').insertMany([course, other]);
  });
  afterAll(() => api.close());

  const checkoutPath = (url: string) => new URL(url).pathname;

  it('creates one open checkout per buyer and course, for the server-computed amount', async () => {
    const first = await postJson(api, '/api/user/purchase', { courseId: course._id, amount: 1 }, bearer(buyer.token));
    expect(first.status).toBe(200);
    const url = first.body.session_url as string;
    expect(url).toMatch(/^http:\/\/localhost:4000\/checkout\/cs_local_/);
    const again = await postJson(api, '/api/user/purchase', { courseId: course._id }, bearer(buyer.token));
    expect(again.body.session_url).toBe(url);
    const purchases = await api.deps.store.collection<PurchaseDoc>('purchases').find({ userId: buyer.userId });
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({
      amount: 39_920,
      status: 'pending',
      courseId: course._id,
      educatorId: educator.userId,
    });

    const page = await api.request(checkoutPath(url));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' http://localhost:3000");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(html).toContain('Kotlin Basics');
    expect(html).toContain('Rs 399.20');
  });

  it('refuses to verify before payment, then enrolls exactly once after Pay', async () => {
    const purchase = (await api.deps.store
      .collection<PurchaseDoc>('purchases')
      .findOne({ userId: buyer.userId })) as PurchaseDoc;
    const early = await postJson(api, '/api/user/verify-payment', { purchaseId: purchase._id }, bearer(buyer.token));
    expect(early).toMatchObject({
      status: 402,
      body: { success: false, message: 'Payment has not been completed yet' },
    });
    expect(await enrollmentCount(api, buyer.userId, course._id)).toEqual({ onUser: 0, onCourse: 0 });

    const pay = await api.request(`${checkoutPath(purchase.checkoutUrl as string)}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(`http://localhost:3000/loading/my-enrollments?purchaseId=${purchase._id}`);

    const verifications = await Promise.all(
      Array.from({ length: 4 }, () =>
        postJson(api, '/api/user/verify-payment', { purchaseId: purchase._id }, bearer(buyer.token)),
      ),
    );
    for (const v of verifications) expect(v.body).toEqual({ success: true, message: 'Payment verified successfully!' });
    expect(await enrollmentCount(api, buyer.userId, course._id)).toEqual({ onUser: 1, onCourse: 1 });
    const again = await postJson(api, '/api/user/purchase', { courseId: course._id }, bearer(buyer.token));
    expect(again).toMatchObject({ status: 409, body: { message: 'You are already enrolled in this course' } });
    const paidPage = await api.request(checkoutPath(purchase.checkoutUrl as string));
    expect(await paidPage.text()).toContain('Already paid');
  });

  it("lets only the buyer verify: another user's purchase is 404", async () => {
    const purchase = (await api.deps.store
      .collection<PurchaseDoc>('purchases')
      .findOne({ userId: buyer.userId })) as PurchaseDoc;
    expect(
      await postJson(api, '/api/user/verify-payment', { purchaseId: purchase._id }, bearer(outsider.token)),
    ).toMatchObject({
      status: 404,
      body: { message: 'Purchase not found' },
    });
    expect(
      (await postJson(api, '/api/user/verify-payment', { purchaseId: { $ne: null } }, bearer(outsider.token))).status,
    ).toBe(400);
    expect((await postJson(api, '/api/user/verify-payment', { purchaseId: 'x' }, {})).status).toBe(401);
  });

  it('enrolls nothing when the buyer cancels', async () => {
    const start = await postJson(api, '/api/user/purchase', { courseId: other._id }, bearer(outsider.token));
    const cancel = await api.request(`${checkoutPath(start.body.session_url as string)}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe(`http://localhost:3000/course/${other._id}`);
    expect(await enrollmentCount(api, outsider.userId, other._id)).toEqual({ onUser: 0, onCourse: 0 });
    expect((await api.request('/checkout/cs_local_nope')).status).toBe(404);
  });

  it('enrolls at once, without a payment session, when the final price is 0', async () => {
    const free = courseDoc(educator.userId, { _id: newId(), coursePrice: 250, discount: 100 });
    await api.deps.store.collection<CourseDoc>('courses').insertOne(free);
    const res = await postJson(api, '/api/user/purchase', { courseId: free._id }, bearer(outsider.token));
    expect(res.body.session_url).toMatch(/^http:\/\/localhost:3000\/loading\/my-enrollments\?purchaseId=[a-f0-9]{24}$/);
    expect(await enrollmentCount(api, outsider.userId, free._id)).toEqual({ onUser: 1, onCourse: 1 });
    const purchaseId = new URL(res.body.session_url as string).searchParams.get('purchaseId');
    expect((await postJson(api, '/api/user/verify-payment', { purchaseId }, bearer(outsider.token))).body.success).toBe(
      true,
    );
  });

  it('answers unknown courses with 404 and needs a profile', async () => {
    expect((await postJson(api, '/api/user/purchase', { courseId: newId() }, bearer(buyer.token))).body).toEqual({
      success: false,
      message: 'Course not found',
    });
    expect((await postJson(api, '/api/user/purchase', {}, bearer(buyer.token))).status).toBe(400);
  });

  it('serves enrolled courses with every lecture URL and the caller’s rating', async () => {
    const { body } = await api.json('/api/user/enrolled-courses', { headers: bearer(buyer.token) });
    const list = body.enrolledCourses as Array<{
      _id: string;
      myRating: number | null;
      courseContent: Array<{ chapterContent: Array<{ lectureUrl?: string }> }>;
    }>;
    expect(list.map((c) => c._id)).toEqual([course._id]);
    expect(list[0]?.courseContent[0]?.chapterContent.map((l) => l.lectureUrl)).toEqual([
      'https://youtu.be/free',
      'https://youtu.be/paid',
    ]);
    expect(list[0]?.myRating).toBeNull();
  });

  it('tracks progress idempotently, only for enrolled students and lectures of the course', async () => {
    const get = (who: Caller, courseId: string) =>
      postJson(api, '/api/user/get-course-progress', { courseId }, bearer(who.token));
    const mark = (who: Caller, courseId: string, lectureId: string) =>
      postJson(api, '/api/user/update-course-progress', { courseId, lectureId }, bearer(who.token));

    expect((await get(buyer, course._id)).body).toEqual({ success: true, progressData: null });
    expect((await mark(buyer, course._id, `${course._id}-l2`)).body).toEqual({
      success: true,
      message: 'Lecture marked as completed',
    });
    expect((await mark(buyer, course._id, `${course._id}-l2`)).body).toEqual({
      success: true,
      message: 'Lecture already completed',
    });
    expect((await get(buyer, course._id)).body.progressData).toEqual({
      courseId: course._id,
      lectureCompleted: [`${course._id}-l2`],
    });

    expect(await mark(buyer, course._id, `${other._id}-l1`)).toMatchObject({
      status: 400,
      body: { message: 'This lecture is not part of the course' },
    });
    expect(await get(outsider, course._id)).toMatchObject({
      status: 403,
      body: { message: 'You are not enrolled in this course' },
    });
    expect((await mark(outsider, course._id, `${course._id}-l1`)).status).toBe(403);
    expect((await get(buyer, newId())).status).toBe(404);
  });

  it('keeps one rating per student, replaced by a new one, and refuses anything but 1–5', async () => {
    const rate = (who: Caller, rating: unknown) =>
      postJson(api, '/api/user/add-rating', { courseId: course._id, rating }, bearer(who.token));
    for (const bad of [0, 6, 3.5, '4', null]) expect((await rate(buyer, bad)).status, String(bad)).toBe(400);
    expect((await rate(outsider, 5)).status).toBe(403);
    expect((await rate(buyer, 2)).body).toEqual({ success: true, message: 'Rating added successfully' });
    await Promise.all([rate(buyer, 4), rate(buyer, 4)]);
    const stored = await api.deps.store.collection<CourseDoc>('courses').findOne({ _id: course._id });
    expect(stored?.courseRatings).toEqual([{ userId: buyer.userId, rating: 4 }]);
    const card = (
      (await api.json('/api/course/all')).body.courses as Array<{
        _id: string;
        averageRating: number;
        ratingCount: number;
      }>
    ).find((c) => c._id === course._id);
    expect(card).toMatchObject({ averageRating: 4, ratingCount: 1 });
    const enrolled = (await api.json('/api/user/enrolled-courses', { headers: bearer(buyer.token) })).body
      .enrolledCourses as Array<{ myRating: number }>;
    expect(enrolled[0]?.myRating).toBe(4);
  });
});

describe('Stripe gateway and webhook', () => {
  const WEBHOOK_SECRET = 'whsec_test_secret';
  let fakeStripe: Server;
  let requests: Array<{ method?: string; url?: string; body: URLSearchParams; auth?: string }> = [];
  let paymentStatus = 'unpaid';
  let stripeUp = true;
  let api: TestApi;
  let stripe: Stripe;
  let buyer: Caller;
  let course: CourseDoc;

  beforeAll(async () => {
    // A local stand-in for Stripe's API, recording what the SDK sends.
    fakeStripe = createServer((req: IncomingMessage, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        requests.push({
          method: req.method,
          url: req.url,
          body: new URLSearchParams(raw),
          auth: req.headers.authorization,
        });
        if (!stripeUp) {
          req.socket.destroy();
          return;
        }
        const session = {
          id: 'cs_test_123',
          object: 'checkout.session',
          url: 'https://checkout.stripe.test/c/pay/cs_test_123',
          status: paymentStatus === 'paid' ? 'complete' : 'open',
          payment_status: paymentStatus,
          payment_intent: paymentStatus === 'paid' ? 'pi_test_123' : null,
        };
        res.writeHead(200, { 'Content-Type': 'application/json', 'Request-Id': 'req_1' });
        res.end(JSON.stringify(session));
      });
    });
    await new Promise<void>((resolve) => fakeStripe.listen(0, '127.0.0.1', resolve));
    const { port } = fakeStripe.address() as AddressInfo;
    stripe = new Stripe('sk_test_fake', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
    api = await startTestApi({
      config: { payments: { mode: 'stripe', secretKey: 'sk_test_fake', webhookSecret: WEBHOOK_SECRET } },
      payments: (config, store, clock) => buildPayments(config, store, clock, stripe),
    });
    const educator = await userWithProfile(api, 'stripe-seller@example.com', { educator: true });
    buyer = await userWithProfile(api, 'stripe-buyer@example.com');
    course = courseDoc(educator.userId, { _id: newId(), coursePrice: 999.99, discount: 33 });
    await api.deps.store.collection<CourseDoc>('courses').insertOne(course);
  });
  afterAll(async () => {
    await api.close();
    await new Promise((resolve) => fakeStripe.close(resolve));
  });

  const webhook = (payload: string, signature: string) =>
    api.json('/api/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: payload,
    });

  it('creates a Checkout Session with the server amount, metadata and return URLs', async () => {
    const res = await postJson(api, '/api/user/purchase', { courseId: course._id }, bearer(buyer.token));
    expect(res.body).toEqual({ success: true, session_url: 'https://checkout.stripe.test/c/pay/cs_test_123' });
    const sent = requests.find((r) => r.method === 'POST' && r.url === '/v1/checkout/sessions');
    const purchase = (await api.deps.store
      .collection<PurchaseDoc>('purchases')
      .findOne({ userId: buyer.userId })) as PurchaseDoc;
    expect(sent?.auth).toBe('Bearer sk_test_fake');
    expect(Object.fromEntries(sent?.body ?? [])).toMatchObject({
      mode: 'payment',
      client_reference_id: purchase._id,
      'metadata[purchaseId]': purchase._id,
      'metadata[courseId]': course._id,
      'metadata[userId]': buyer.userId,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'inr',
      'line_items[0][price_data][unit_amount]': '66999',
      'line_items[0][price_data][product_data][name]': 'Kotlin Basics',
      success_url: `http://localhost:3000/loading/my-enrollments?purchaseId=${purchase._id}`,
      cancel_url: `http://localhost:3000/course/${course._id}`,
      customer_email: 'stripe-buyer@example.com',
    });
    expect(purchase).toMatchObject({
      gateway: 'stripe',
      gatewaySessionId: 'cs_test_123',
      amount: 66_999,
      status: 'pending',
    });
  });

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const purchase = (await api.deps.store
      .collection<PurchaseDoc>('purchases')
      .findOne({ userId: buyer.userId })) as PurchaseDoc;
    const payload = JSON.stringify({
      id: 'evt_bad',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_123',
          client_reference_id: purchase._id,
          metadata: { purchaseId: purchase._id },
          payment_status: 'paid',
        },
      },
    });
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect(await webhook(payload, forged)).toMatchObject({
      status: 400,
      body: { success: false, message: 'Invalid webhook signature' },
    });
    expect((await webhook(payload, '')).status).toBe(400);
    expect(await enrollmentCount(api, buyer.userId, course._id)).toEqual({ onUser: 0, onCourse: 0 });
  });

  it('enrolls exactly once for five deliveries of the same event racing the return page', async () => {
    const purchase = (await api.deps.store
      .collection<PurchaseDoc>('purchases')
      .findOne({ userId: buyer.userId })) as PurchaseDoc;
    paymentStatus = 'paid';
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_123',
          object: 'checkout.session',
          client_reference_id: purchase._id,
          metadata: { purchaseId: purchase._id },
          payment_status: 'paid',
        },
      },
    });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => webhook(payload, signature)),
      postJson(api, '/api/user/verify-payment', { purchaseId: purchase._id }, bearer(buyer.token)),
    ]);
    for (const r of results) expect(r.status).toBe(200);
    expect(await enrollmentCount(api, buyer.userId, course._id)).toEqual({ onUser: 1, onCourse: 1 });
    expect(await api.deps.store.collection<PurchaseDoc>('purchases').findOne({ _id: purchase._id })).toMatchObject({
      status: 'completed',
    });
  });

  it('answers 503 and enrolls nothing when Stripe cannot be reached', async () => {
    const late = await userWithProfile(api, 'late-buyer@example.com');
    stripeUp = false;
    try {
      const res = await postJson(api, '/api/user/purchase', { courseId: course._id }, bearer(late.token));
      expect(res).toMatchObject({
        status: 503,
        body: {
          success: false,
          message: 'The payment service is unavailable right now. Please try again in a moment.',
        },
      });
    } finally {
      stripeUp = true;
    }
    expect(await api.deps.store.collection<PurchaseDoc>('purchases').countDocuments({ userId: late.userId })).toBe(0);
    expect(await enrollmentCount(api, late.userId, course._id)).toEqual({ onUser: 0, onCourse: 0 });
    requests = [];
  });

  it("an admin's refund asks Stripe to refund the payment and takes the course back", async () => {
    const admin = await userWithProfile(api, 'stripe-admin@example.com', { admin: true });
    const purchase = (await api.deps.store
      .collection<PurchaseDoc>('purchases')
      .findOne({ userId: buyer.userId })) as PurchaseDoc;
    const res = await postJson(api, '/api/admin/refund-purchase', { purchaseId: purchase._id }, bearer(admin.token));
    expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Purchase refunded' } });
    const refund = requests.find((r) => r.method === 'POST' && r.url === '/v1/refunds');
    expect(refund?.body.get('payment_intent')).toBe('pi_test_123');
    expect(await api.deps.store.collection<PurchaseDoc>('purchases').findOne({ _id: purchase._id })).toMatchObject({
      status: 'refunded',
      refundReason: 'admin',
    });
    expect(await enrollmentCount(api, buyer.userId, course._id)).toEqual({ onUser: 0, onCourse: 0 });
  });

  it("Stripe's charge.refunded webhook takes the course back; a partial refund does not", async () => {
    const student = await userWithProfile(api, 'dashboard-refund@example.com');
    const purchase: PurchaseDoc = {
      _id: newId(),
      userId: student.userId,
      courseId: course._id,
      educatorId: course.educator._id,
      amount: 66_999,
      currency: 'INR',
      status: 'pending',
      createdAt: new Date(),
      gateway: 'stripe',
      gatewaySessionId: 'cs_test_web',
      openKey: `${student.userId}:${course._id}`,
    };
    await api.deps.store.collection<PurchaseDoc>('purchases').insertOne(purchase);
    const event = (type: string, object: Record<string, unknown>) => {
      const payload = JSON.stringify({ id: `evt_${newId()}`, object: 'event', type, data: { object } });
      return webhook(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
    };
    await event('checkout.session.completed', {
      id: 'cs_test_web',
      object: 'checkout.session',
      client_reference_id: purchase._id,
      metadata: { purchaseId: purchase._id },
      payment_status: 'paid',
      payment_intent: 'pi_web',
    });
    expect(await enrollmentCount(api, student.userId, course._id)).toEqual({ onUser: 1, onCourse: 1 });

    const charge = { object: 'charge', payment_intent: 'pi_web', amount: 66_999 };
    expect(
      (await event('charge.refunded', { ...charge, id: 'ch_1', refunded: false, amount_refunded: 100 })).status,
    ).toBe(200);
    expect(await enrollmentCount(api, student.userId, course._id)).toEqual({ onUser: 1, onCourse: 1 });
    expect(
      (await event('charge.refunded', { ...charge, id: 'ch_1', refunded: true, amount_refunded: 66_999 })).status,
    ).toBe(200);
    expect(await enrollmentCount(api, student.userId, course._id)).toEqual({ onUser: 0, onCourse: 0 });
    expect(await api.deps.store.collection<PurchaseDoc>('purchases').findOne({ _id: purchase._id })).toMatchObject({
      status: 'refunded',
      refundReason: 'gateway',
    });
  });
});
