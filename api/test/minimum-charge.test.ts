import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_CHARGE_PAISE } from '../src/modules/coupons/pricing.js';
import type { CouponDoc } from '../src/modules/coupons/repository.js';
import { BELOW_MINIMUM_CHARGE, COUPON_BELOW_MINIMUM } from '../src/modules/coupons/service.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import type { PurchaseDoc } from '../src/modules/purchases/repository.js';
import { buildPayments } from '../src/payments/index.js';
import { testCourse } from './support/courses.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';
import { bothStores } from './support/stores.js';

/**
 * A coupon that leaves less than the payment gateway's smallest charge (#30): Stripe refuses a
 * Checkout Session of less than ₹0.50, which was a 500. Such a price is refused with a 400 that
 * says why, when the coupon is made and when it is applied, before the gateway is asked.
 */

type Account = { token: string; userId: string };

for (const adapter of bothStores('minimum-charge')) {
  describe.runIf(adapter.enabled)(`the smallest charge in Stripe mode: ${adapter.name}`, { timeout: 120_000 }, () => {
    let fakeStripe: Server;
    const amounts: number[] = [];
    let api: TestApi;
    let owner: Account;
    let buyer: Account;
    let course: CourseDoc;
    let people = 0;

    beforeAll(async () => {
      // A stand-in for Stripe's API that refuses, as Stripe does, a session below ₹0.50.
      fakeStripe = createServer((req: IncomingMessage, res) => {
        let raw = '';
        req.on('data', (c) => (raw += c));
        req.on('end', () => {
          const amount = Number(new URLSearchParams(raw).get('line_items[0][price_data][unit_amount]'));
          amounts.push(amount);
          if (amount < 50) {
            res.writeHead(400, { 'Content-Type': 'application/json', 'Request-Id': 'req_small' });
            res.end(
              JSON.stringify({
                error: {
                  type: 'invalid_request_error',
                  code: 'amount_too_small',
                  message: 'The Checkout Session’s total amount due must add up to at least ₹0.50 inr',
                },
              }),
            );
            return;
          }
          res.writeHead(200, { 'Content-Type': 'application/json', 'Request-Id': 'req_1' });
          res.end(
            JSON.stringify({
              id: `cs_test_${amounts.length}`,
              object: 'checkout.session',
              url: `https://checkout.stripe.test/c/pay/cs_test_${amounts.length}`,
              status: 'open',
              payment_status: 'unpaid',
              payment_intent: null,
            }),
          );
        });
      });
      await new Promise<void>((resolve) => fakeStripe.listen(0, '127.0.0.1', resolve));
      const { port } = fakeStripe.address() as AddressInfo;
      const stripe = new Stripe('sk_test_fake', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
      api = await startTestApi({
        store: await adapter.open(),
        config: { payments: { mode: 'stripe', secretKey: 'sk_test_fake', webhookSecret: 'whsec_minimum' } },
        payments: (config, store, clock) => buildPayments(config, store, clock, stripe),
      });
      owner = await userWithProfile(api, 'owner@example.com', { educator: true });
      buyer = await userWithProfile(api, 'buyer@example.com');
      // Rs 100, no discount: 10,000 paise.
      course = testCourse({ _id: owner.userId, name: 'Owner' }, { courseTitle: 'Cheap at the end', coursePrice: 100 });
      await api.deps.store.collection<CourseDoc>('courses').insertOne(course);
    });
    afterAll(async () => {
      await api?.close();
      await new Promise((resolve) => fakeStripe?.close(resolve));
    });

    const create = (body: Record<string, unknown>) =>
      postJson(api, '/api/educator/coupons', { courseId: course._id, ...body }, bearer(owner.token));
    const fresh = () => userWithProfile(api, `buyer-${++people}@example.com`);
    const purchase = (who: Account, couponCode?: string) =>
      postJson(api, '/api/user/purchase', { courseId: course._id, couponCode }, bearer(who.token));

    it('refuses to make a coupon that would leave between nothing and Rs 0.50 to pay', async () => {
      expect(MIN_CHARGE_PAISE).toBe(50);
      expect(await create({ code: 'ALMOST', amountOff: 99.8 })).toMatchObject({
        status: 400,
        body: { success: false, message: BELOW_MINIMUM_CHARGE },
      });
      expect(BELOW_MINIMUM_CHARGE).toBe(
        'This coupon would leave less than Rs 0.50 to pay, the smallest amount that can be charged: take the whole price off, or leave at least Rs 0.50',
      );
      expect(await api.deps.store.collection<CouponDoc>('coupons').countDocuments({ code: 'ALMOST' })).toBe(0);
      // Exactly the smallest charge, or the whole price (free), are fine.
      expect((await create({ code: 'FIFTYPAISE', amountOff: 99.5 })).status).toBe(201);
      expect((await create({ code: 'ALLOFIT', amountOff: 100 })).status).toBe(201);
    });

    it('a coupon at the smallest charge reaches Stripe with 50 paise', async () => {
      const res = await purchase(await fresh(), 'FIFTYPAISE');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(amounts.at(-1)).toBe(50);
    });

    it('refuses, with a 400 and before Stripe is asked, a coupon the price fell under since it was made', async () => {
      // Made at Rs 100 (leaves Rs 0.50); then the price goes down by 30 paise: it would leave 20 paise.
      expect((await create({ code: 'TWENTYPAISE', amountOff: 99.5 })).status).toBe(201);
      await api.deps.store
        .collection<CourseDoc>('courses')
        .updateOne({ _id: course._id }, { $set: { coursePrice: 99.7 } });
      const asked = amounts.length;
      const someone = await fresh();
      expect(
        await postJson(
          api,
          '/api/user/apply-coupon',
          { courseId: course._id, code: 'twentypaise' },
          bearer(buyer.token),
        ),
      ).toMatchObject({ status: 400, body: { success: false, message: COUPON_BELOW_MINIMUM } });
      expect(await purchase(someone, 'TWENTYPAISE')).toMatchObject({
        status: 400,
        body: { success: false, message: COUPON_BELOW_MINIMUM },
      });
      expect(amounts.length).toBe(asked);
      expect(await api.deps.store.collection<PurchaseDoc>('purchases').countDocuments({ userId: someone.userId })).toBe(
        0,
      );
      expect(await api.deps.store.collection<CouponDoc>('coupons').findOne({ code: 'TWENTYPAISE' })).toMatchObject({
        reserved: 0,
        uses: 0,
      });
      // The course itself still sells at its price, and a coupon that takes it all still enrols.
      expect((await purchase(await fresh())).status).toBe(200);
      expect(amounts.at(-1)).toBe(9970);
      expect((await purchase(await fresh(), 'ALLOFIT')).status).toBe(200);
      expect(amounts.length).toBe(asked + 1);
      await api.deps.store
        .collection<CourseDoc>('courses')
        .updateOne({ _id: course._id }, { $set: { coursePrice: 100 } });
    });

    it('refuses with a 409, not a 500, a course whose own price is under the smallest charge', async () => {
      const tiny = testCourse({ _id: owner.userId, name: 'Owner' }, { courseTitle: 'Nearly free', coursePrice: 0.2 });
      await api.deps.store.collection<CourseDoc>('courses').insertOne(tiny);
      const asked = amounts.length;
      expect(
        await postJson(api, '/api/user/purchase', { courseId: tiny._id }, bearer((await fresh()).token)),
      ).toMatchObject({ status: 409, body: { success: false, message: expect.stringContaining('Rs 0.50') } });
      expect(amounts.length).toBe(asked);
    });
  });
}
