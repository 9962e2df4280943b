import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import type { PurchaseDoc } from '../src/modules/purchases/repository.js';
import { newId } from '../src/store/index.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';

const APP_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000'];
const apis: TestApi[] = [];
afterAll(() => Promise.all(apis.map((api) => api.close())));

/** An app with an educator, a buyer and one course at Rs 499 less 20 %. */
async function shop(config: Partial<Config> = {}) {
  const api = await startTestApi({ config: { allowedOrigins: APP_ORIGINS, ...config } });
  apis.push(api);
  const educator = await userWithProfile(api, 'seller@example.com', { educator: true });
  const buyer = await userWithProfile(api, 'buyer@example.com');
  const course = {
    _id: newId(),
    courseTitle: 'Simulated Sales',
    courseDescription: '<p>Sales</p>',
    courseThumbnail: 'http://localhost:4000/api/media/x',
    coursePrice: 499,
    discount: 20,
    educator: { _id: educator.userId, name: 'Seller' },
    courseContent: [],
    courseRatings: [],
    enrolledStudents: [],
    isPublished: true,
    createdAt: new Date(),
  } as CourseDoc;
  await api.deps.store.collection<CourseDoc>('courses').insertOne(course);
  return { api, educator, buyer, course };
}

/** Enroll Now from `origin`, Pay on the local checkout, then the return page's verify. */
async function buyThroughLocalCheckout(
  { api, buyer, course }: Awaited<ReturnType<typeof shop>>,
  origin: string,
): Promise<{ checkoutUrl: string; returnUrl: string }> {
  const start = await postJson(
    api,
    '/api/user/purchase',
    { courseId: course._id },
    { ...bearer(buyer.token), Origin: origin },
  );
  expect(start.status).toBe(200);
  const checkoutUrl = start.body.session_url as string;
  const pay = await api.request(`${new URL(checkoutUrl).pathname}/pay`, { method: 'POST', redirect: 'manual' });
  expect(pay.status).toBe(303);
  const returnUrl = pay.headers.get('location') ?? '';
  const purchaseId = new URL(returnUrl).searchParams.get('purchaseId');
  expect((await postJson(api, '/api/user/verify-payment', { purchaseId }, bearer(buyer.token))).status).toBe(200);
  return { checkoutUrl, returnUrl };
}

describe('the local checkout', () => {
  it('returns the buyer to the allowed origin they bought from, and to the app for any other', async () => {
    const fromLoopback = await shop();
    const { returnUrl } = await buyThroughLocalCheckout(fromLoopback, 'http://127.0.0.1:3000');
    expect(returnUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/loading\/my-enrollments\?purchaseId=/);

    const fromElsewhere = await shop();
    const foreign = await buyThroughLocalCheckout(fromElsewhere, 'https://evil.example');
    expect(foreign.returnUrl).toMatch(/^http:\/\/localhost:3000\/loading\/my-enrollments\?purchaseId=/);
  });

  it('with one origin, the checkout page itself stays on the origin the buyer is on', async () => {
    const oneOrigin = await shop({ publicApiUrl: 'http://localhost:3000' });
    const { checkoutUrl } = await buyThroughLocalCheckout(oneOrigin, 'http://127.0.0.1:3000');
    expect(checkoutUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/checkout\/cs_local_/);
    const page = await oneOrigin.api.request(new URL(checkoutUrl).pathname);
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${APP_ORIGINS.join(' ')}`);
  });

  it('marks the purchase simulated and mails a receipt that says so', async () => {
    const demo = await shop();
    await buyThroughLocalCheckout(demo, 'http://localhost:3000');
    const purchase = await demo.api.deps.store
      .collection<PurchaseDoc>('purchases')
      .findOne({ userId: demo.buyer.userId });
    expect(purchase).toMatchObject({ status: 'completed', gateway: 'local', simulated: true, amount: 39_920 });
    const receipt = (await demo.api.deps.mailer.outbox(20)).find((m) => m.kind === 'receipt');
    expect(receipt).toMatchObject({ to: 'buyer@example.com', subject: 'Your Courseport receipt: Simulated Sales' });
    expect(receipt?.text).toContain('Amount: Rs 399.20');
    expect(receipt?.text).toContain('This was a simulated payment (demo): no money was taken.');
    expect(receipt?.text).toContain(`Receipt number: ${purchase?._id}`);
  });

  it('counts simulated purchases as earnings in the demo, never in production', async () => {
    const demo = await shop();
    await buyThroughLocalCheckout(demo, 'http://localhost:3000');
    const demoDashboard = await demo.api.json('/api/educator/dashboard', { headers: bearer(demo.educator.token) });
    expect(demoDashboard.body.dashboardData).toMatchObject({ totalEarnings: 399 });

    const production = await shop({ mode: 'production', allowSimulatedPayments: true });
    await buyThroughLocalCheckout(production, 'http://localhost:3000');
    const dashboard = await production.api.json('/api/educator/dashboard', {
      headers: bearer(production.educator.token),
    });
    expect(dashboard.body.dashboardData).toMatchObject({ totalEarnings: 0 });
    expect((dashboard.body.dashboardData as { enrolledStudentsData: unknown[] }).enrolledStudentsData).toHaveLength(1);
    const courses = await production.api.json('/api/educator/courses', { headers: bearer(production.educator.token) });
    expect(courses.body.courses).toMatchObject([{ earnings: 0, studentsCount: 1 }]);
  });
});
