import type { Coupon, CouponPricing } from '@courseport/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CouponDoc } from '../src/modules/coupons/repository.js';
import {
  COUPON_EXPIRED,
  COUPON_INACTIVE,
  COUPON_NOT_FOUND,
  COUPON_USED_UP,
  DUPLICATE_CODE,
} from '../src/modules/coupons/service.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import type { PurchaseDoc } from '../src/modules/purchases/repository.js';
import { COUPON_GONE, OPEN_CHECKOUT_OTHER_PRICE } from '../src/modules/purchases/service.js';
import type { LocalCheckoutDoc } from '../src/payments/gateways/local.js';
import { newId } from '../src/store/index.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';
import { bothStores } from './support/stores.js';

type Account = { token: string; userId: string };

function courseDoc(educatorId: string, title: string, price: number, discount = 0): CourseDoc {
  const id = newId();
  return {
    _id: id,
    courseTitle: title,
    courseDescription: '<p>Coupons</p>',
    courseThumbnail: 'http://localhost:4000/api/media/x',
    coursePrice: price,
    discount,
    educator: { _id: educatorId, name: 'Teacher' },
    courseContent: [
      {
        chapterId: newId(),
        chapterTitle: 'One',
        chapterOrder: 1,
        chapterContent: [
          {
            lectureId: newId(),
            lectureTitle: 'Only',
            lectureDuration: 5,
            lectureUrl: 'https://youtu.be/dQw4w9WgXcQ',
            isPreviewFree: false,
            lectureOrder: 1,
          },
        ],
      },
    ],
    courseRatings: [],
    enrolledStudents: [],
    isPublished: true,
    createdAt: new Date(),
  };
}

for (const adapter of bothStores('coupons')) {
  describe.runIf(adapter.enabled)(`coupons: ${adapter.name}`, { timeout: 180_000 }, () => {
    let api: TestApi;
    let owner: Account;
    let rival: Account;
    let admin: Account;
    let student: Account;
    let course: CourseDoc; // 1000 rupees less 20 %: 800 rupees, 80,000 paise
    let rivalCourse: CourseDoc;
    let people = 0;
    const fresh = () => userWithProfile(api, `buyer-${++people}-${newId().slice(0, 6)}@example.com`);

    beforeAll(async () => {
      api = await startTestApi({ store: await adapter.open() });
      owner = await userWithProfile(api, 'owner@example.com', { educator: true });
      rival = await userWithProfile(api, 'rival@example.com', { educator: true });
      admin = await userWithProfile(api, 'admin@example.com', { admin: true });
      student = await userWithProfile(api, 'student@example.com');
      course = courseDoc(owner.userId, 'Couponed', 1000, 20);
      rivalCourse = courseDoc(rival.userId, 'Someone else’s', 300);
      await api.deps.store.collection<CourseDoc>('courses').insertMany([course, rivalCourse]);
    });
    afterAll(() => api?.close());

    const coupons = () => api.deps.store.collection<CouponDoc>('coupons');
    const purchases = () => api.deps.store.collection<PurchaseDoc>('purchases');
    const create = (body: Record<string, unknown>, who: Account = owner) =>
      postJson(api, '/api/educator/coupons', body, bearer(who.token));
    const apply = (courseId: string, code: string, who: Account = student) =>
      postJson(api, '/api/user/apply-coupon', { courseId, code }, bearer(who.token));
    const patch = (id: string, active: boolean, who: Account = owner) =>
      api.json(`/api/educator/coupons/${id}`, {
        method: 'PATCH',
        headers: { ...bearer(who.token), 'Content-Type': 'application/json' },
        body: JSON.stringify({ active }),
      });
    async function newCoupon(body: Record<string, unknown>): Promise<Coupon> {
      const res = await create({ courseId: course._id, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.coupon as Coupon;
    }
    const pay = (url: string) =>
      api.request(`${new URL(url).pathname}/pay`, { method: 'POST', redirect: 'manual' }).then((r) => r.status);

    it('creates coupons for the educator’s own courses, codes unique per course whatever their case', async () => {
      const made = await newCoupon({ code: 'launch10', percentOff: 10 });
      expect(made).toMatchObject({ code: 'LAUNCH10', percentOff: 10, uses: 0, reserved: 0, active: true });
      expect(await create({ courseId: course._id, code: 'Launch10', percentOff: 50 })).toMatchObject({
        status: 409,
        body: { success: false, message: DUPLICATE_CODE },
      });
      // The same code on another course is another coupon.
      expect((await create({ courseId: rivalCourse._id, code: 'LAUNCH10', percentOff: 5 }, rival)).status).toBe(201);
      expect((await create({ courseId: rivalCourse._id, code: 'MINE', percentOff: 5 }, owner)).status).toBe(403);
      expect((await create({ courseId: course._id, code: 'MINE', percentOff: 5 }, student)).status).toBe(403);
      expect((await create({ courseId: newId(), code: 'MINE', percentOff: 5 })).status).toBe(404);

      const refusals: Array<[Record<string, unknown>, RegExp]> = [
        [{ code: 'ZERO', percentOff: 0 }, /^Percent off must be at least 1/],
        [{ code: 'TOOMUCH', percentOff: 101 }, /^Percent off must be at most 100/],
        [{ code: 'HALF', percentOff: 12.5 }, /whole number/],
        [{ code: 'NEG', amountOff: -5 }, /^Amount off must be more than 0/],
        [{ code: 'BOTH', percentOff: 5, amountOff: 5 }, /exactly one/],
        [{ code: 'NONE' }, /exactly one/],
        [{ code: 'x', percentOff: 5 }, /^Code must be at least 3/],
        [{ code: 'no spaces', percentOff: 5 }, /^Code may contain only/],
        [{ code: 'PAST', percentOff: 5, expiresAt: '2001-01-01T00:00:00Z' }, /Expires at must be in the future/],
        [{ code: 'WHEN', percentOff: 5, expiresAt: 'tomorrow' }, /Expires at/],
        [{ code: 'USES', percentOff: 5, maxUses: 0 }, /^Max uses must be at least 1/],
      ];
      for (const [body, message] of refusals) {
        const res = await create({ courseId: course._id, ...body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.message).toMatch(message);
      }
    });

    it('lists an educator’s own coupons; an admin reads anyone’s', async () => {
      const mine = await api.json('/api/educator/coupons', { headers: bearer(owner.token) });
      expect((mine.body.coupons as Coupon[]).every((c) => c.courseId === course._id)).toBe(true);
      expect((mine.body.coupons as Coupon[]).map((c) => c.code)).toContain('LAUNCH10');
      const all = await api.json('/api/educator/coupons', { headers: bearer(admin.token) });
      expect(new Set((all.body.coupons as Coupon[]).map((c) => c.courseId))).toEqual(
        new Set([course._id, rivalCourse._id]),
      );
      const one = await api.json(`/api/educator/coupons?courseId=${rivalCourse._id}`, { headers: bearer(admin.token) });
      expect((one.body.coupons as Coupon[]).map((c) => c.courseTitle)).toEqual(['Someone else’s']);
      expect((await api.json('/api/educator/coupons', { headers: bearer(student.token) })).status).toBe(403);
    });

    it('prices a code on the server (case-insensitive), never below zero, or says why not', async () => {
      const quote = await apply(course._id, 'launch10');
      expect(quote.status).toBe(200);
      expect(quote.body.pricing).toEqual({
        code: 'LAUNCH10',
        originalAmount: 80_000,
        couponDiscount: 8_000,
        amount: 72_000,
      } satisfies CouponPricing);
      await newCoupon({ code: 'HUGE', amountOff: 5000 });
      expect((await apply(course._id, 'HUGE')).body.pricing).toMatchObject({ amount: 0, couponDiscount: 80_000 });
      await newCoupon({ code: 'FIFTY-RUPEES', amountOff: 50.5 });
      expect((await apply(course._id, 'fifty-rupees')).body.pricing).toMatchObject({ amount: 74_950 });

      expect(await apply(course._id, 'NOSUCHCODE')).toMatchObject({ status: 404, body: { message: COUPON_NOT_FOUND } });
      // A code of another course is no code of this one: answered as a code that does not exist, so
      // that trying codes on one course does not tell which exist on others.
      const rivalOnly = await create({ courseId: rivalCourse._id, code: 'RIVALONLY', percentOff: 5 }, rival);
      expect(rivalOnly.status).toBe(201);
      const unknown = await apply(course._id, 'NOSUCHCODE');
      const other = await apply(course._id, 'rivalonly');
      expect([other.status, other.body]).toEqual([unknown.status, unknown.body]);
      expect(unknown).toMatchObject({ status: 404, body: { success: false, message: COUPON_NOT_FOUND } });
      expect(
        await postJson(
          api,
          '/api/user/purchase',
          { courseId: course._id, couponCode: 'RIVALONLY' },
          bearer(student.token),
        ),
      ).toMatchObject({ status: 404, body: { success: false, message: COUPON_NOT_FOUND } });

      const paused = await newCoupon({ code: 'PAUSED', percentOff: 30 });
      expect((await patch(paused._id, false, rival)).status).toBe(403);
      expect(await patch(paused._id, false)).toMatchObject({ status: 200, body: { coupon: { active: false } } });
      expect(await apply(course._id, 'PAUSED')).toMatchObject({ status: 400, body: { message: COUPON_INACTIVE } });
      expect((await patch(paused._id, true)).status).toBe(200);
      expect((await apply(course._id, 'PAUSED')).status).toBe(200);
      expect((await patch(newId(), true)).status).toBe(404);

      const stale = await newCoupon({
        code: 'STALE',
        percentOff: 30,
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      });
      await coupons().updateOne({ _id: stale._id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
      expect(await apply(course._id, 'STALE')).toMatchObject({ status: 400, body: { message: COUPON_EXPIRED } });
      expect(
        await postJson(api, '/api/user/purchase', { courseId: course._id, couponCode: 'stale' }, bearer(student.token)),
      ).toMatchObject({ status: 400, body: { message: COUPON_EXPIRED } });
    });

    it('charges the coupon’s price, counts the use when the payment completes, and earns what was paid', async () => {
      const buyer = await fresh();
      const coupon = await newCoupon({ code: 'PAID25', percentOff: 25, maxUses: 3 });
      const start = await postJson(
        api,
        '/api/user/purchase',
        { courseId: course._id, couponCode: 'paid25' },
        bearer(buyer.token),
      );
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      const purchase = await purchases().findOne({ userId: buyer.userId, courseId: course._id });
      expect(purchase).toMatchObject({ amount: 60_000, listAmount: 80_000, couponState: 'held' });
      const session = await api.deps.store
        .collection<LocalCheckoutDoc>('checkoutSessions')
        .findOne({ purchaseId: purchase?._id });
      expect(session?.amount).toBe(60_000);
      // Reserved, not yet used.
      expect(await coupons().findOne({ _id: coupon._id })).toMatchObject({ uses: 0, reserved: 1, usesLeft: 2 });
      // The same click again reuses the checkout; another price while it is open is refused.
      const again = await postJson(
        api,
        '/api/user/purchase',
        { courseId: course._id, couponCode: 'PAID25' },
        bearer(buyer.token),
      );
      expect(again.body.session_url).toBe(start.body.session_url);
      expect(await postJson(api, '/api/user/purchase', { courseId: course._id }, bearer(buyer.token))).toMatchObject({
        status: 409,
        body: { message: OPEN_CHECKOUT_OTHER_PRICE },
      });

      expect(await pay(start.body.session_url as string)).toBe(303);
      const verify = await postJson(
        api,
        '/api/user/verify-payment',
        { purchaseId: purchase?._id },
        bearer(buyer.token),
      );
      expect(verify.status).toBe(200);
      expect(await coupons().findOne({ _id: coupon._id })).toMatchObject({ uses: 1, reserved: 0, usesLeft: 2 });
      expect(await purchases().findOne({ _id: purchase?._id })).toMatchObject({
        status: 'completed',
        couponState: 'used',
      });
      // Verified again: counted once.
      await postJson(api, '/api/user/verify-payment', { purchaseId: purchase?._id }, bearer(buyer.token));
      expect((await coupons().findOne({ _id: coupon._id }))?.uses).toBe(1);

      const list = await api.json('/api/educator/courses', { headers: bearer(owner.token) });
      const earned = (list.body.courses as Array<{ _id: string; earnings: number }>).find((c) => c._id === course._id);
      expect(earned?.earnings).toBe(600);
    });

    it('gives a use back when a checkout expires', async () => {
      const coupon = await newCoupon({ code: 'ONCE', percentOff: 50, maxUses: 1 });
      const first = await fresh();
      const start = await postJson(
        api,
        '/api/user/purchase',
        { courseId: course._id, couponCode: 'ONCE' },
        bearer(first.token),
      );
      expect(start.status).toBe(200);
      expect(await apply(course._id, 'ONCE')).toMatchObject({ status: 400, body: { message: COUPON_USED_UP } });
      const second = await fresh();
      expect(
        await postJson(api, '/api/user/purchase', { courseId: course._id, couponCode: 'ONCE' }, bearer(second.token)),
      ).toMatchObject({ status: 400, body: { message: COUPON_USED_UP } });

      // The first checkout runs out: verify finds it expired, and the use is free again.
      const purchase = await purchases().findOne({ userId: first.userId, courseId: course._id });
      await api.deps.store
        .collection<LocalCheckoutDoc>('checkoutSessions')
        .updateOne({ purchaseId: purchase?._id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
      expect(
        (await postJson(api, '/api/user/verify-payment', { purchaseId: purchase?._id }, bearer(first.token))).status,
      ).toBe(409);
      expect(await coupons().findOne({ _id: coupon._id })).toMatchObject({ uses: 0, reserved: 0, usesLeft: 1 });
      expect(await purchases().findOne({ _id: purchase?._id })).toMatchObject({
        status: 'expired',
        couponState: 'released',
      });
      const retry = await postJson(
        api,
        '/api/user/purchase',
        { courseId: course._id, couponCode: 'ONCE' },
        bearer(second.token),
      );
      expect(retry.status).toBe(200);
    });

    it('a 100 % coupon enrols at once and counts its use', async () => {
      const coupon = await newCoupon({ code: 'FREEBIE', percentOff: 100, maxUses: 1 });
      const buyer = await fresh();
      const res = await postJson(
        api,
        '/api/user/purchase',
        { courseId: course._id, couponCode: 'freebie' },
        bearer(buyer.token),
      );
      expect(res.status).toBe(200);
      expect(await purchases().findOne({ userId: buyer.userId, courseId: course._id })).toMatchObject({
        status: 'completed',
        amount: 0,
        gateway: 'free',
      });
      expect(await coupons().findOne({ _id: coupon._id })).toMatchObject({ uses: 1, reserved: 0, usesLeft: 0 });
    });

    it('20 buyers racing for the last 5 uses of a code: exactly 5 pay the discounted price, nobody else gets it', async () => {
      // 7 uses, 2 of them taken: 5 left.
      const coupon = await newCoupon({ code: 'LAST5', percentOff: 40, maxUses: 7 });
      for (let i = 0; i < 2; i++) await buyWith('LAST5', await fresh());
      expect(await coupons().findOne({ _id: coupon._id })).toMatchObject({ uses: 2, usesLeft: 5 });
      const buyers: Account[] = [];
      for (let i = 0; i < 20; i++) buyers.push(await fresh());

      const outcomes = await Promise.all(
        buyers.map(async (buyer) => {
          const start = await postJson(
            api,
            '/api/user/purchase',
            { courseId: course._id, couponCode: 'last5' },
            bearer(buyer.token),
          );
          if (start.status !== 200) return { status: start.status, message: start.body.message as string };
          expect(await pay(start.body.session_url as string)).toBe(303);
          const purchase = await purchases().findOne({ userId: buyer.userId, courseId: course._id });
          const verify = await postJson(
            api,
            '/api/user/verify-payment',
            { purchaseId: purchase?._id },
            bearer(buyer.token),
          );
          return { status: verify.status, message: verify.body.message as string };
        }),
      );
      expect(outcomes.filter((o) => o.status >= 500)).toEqual([]);
      expect(outcomes.filter((o) => o.status === 200)).toHaveLength(5);
      for (const refused of outcomes.filter((o) => o.status !== 200)) {
        expect(refused.status).toBeOneOf([400, 409]);
        expect([COUPON_USED_UP, COUPON_GONE]).toContain(refused.message);
      }
      const paid = await purchases().find({ userId: { $in: buyers.map((b) => b.userId) }, status: 'completed' });
      expect(paid).toHaveLength(5);
      expect(paid.every((p) => p.amount === 48_000 && (p.coupon as { id: string }).id === coupon._id)).toBe(true);
      // Nobody beyond the five holds a discounted checkout.
      expect(await purchases().countDocuments({ 'coupon.id': coupon._id })).toBe(7);
      expect(await coupons().findOne({ _id: coupon._id })).toMatchObject({ uses: 7, reserved: 0, usesLeft: 0 });
    });

    /** A buyer's checkout with the coupon, paid and verified: the purchase. */
    async function buyWith(code: string, buyer: Account): Promise<PurchaseDoc> {
      const start = await postJson(
        api,
        '/api/user/purchase',
        { courseId: course._id, couponCode: code },
        bearer(buyer.token),
      );
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      expect(await pay(start.body.session_url as string)).toBe(303);
      const purchase = await purchases().findOne({ userId: buyer.userId, courseId: course._id });
      const verify = await postJson(
        api,
        '/api/user/verify-payment',
        { purchaseId: purchase?._id },
        bearer(buyer.token),
      );
      expect(verify.status).toBe(200);
      return (await purchases().findOne({ _id: purchase?._id })) as PurchaseDoc;
    }
    const refund = (purchaseId: string) =>
      postJson(api, '/api/admin/refund-purchase', { purchaseId }, bearer(admin.token));
    const earnings = async () => {
      const list = await api.json('/api/educator/courses', { headers: bearer(owner.token) });
      return (list.body.courses as Array<{ _id: string; earnings: number }>).find((c) => c._id === course._id)
        ?.earnings;
    };

    it('a refunded purchase gives its use back, once, and its money leaves the earnings', async () => {
      const coupon = await newCoupon({ code: 'REFUNDME', percentOff: 50, maxUses: 1 });
      const before = await earnings();
      const first = await fresh();
      const bought = await buyWith('refundme', first);
      expect(bought).toMatchObject({ amount: 40_000, couponState: 'used' });
      expect(await earnings()).toBe((before ?? 0) + 400);
      expect(await coupons().findOne({ _id: coupon._id })).toMatchObject({ uses: 1, usesLeft: 0, reserved: 0 });
      expect(await apply(course._id, 'REFUNDME')).toMatchObject({ status: 400, body: { message: COUPON_USED_UP } });

      expect((await refund(bought._id)).status).toBe(200);
      expect(await purchases().findOne({ _id: bought._id })).toMatchObject({
        status: 'refunded',
        couponState: 'returned',
        couponSettledAt: expect.any(Date),
      });
      expect(await coupons().findOne({ _id: coupon._id })).toMatchObject({ uses: 0, usesLeft: 1, reserved: 0 });
      expect(await earnings()).toBe(before);
      // Refunding again, or reconciling, gives nothing more back.
      expect((await refund(bought._id)).status).toBe(409);
      await api.json('/api/user/purchases', { headers: bearer(first.token) });
      expect(await coupons().findOne({ _id: coupon._id })).toMatchObject({ uses: 0, usesLeft: 1, reserved: 0 });

      // The use is there for the next buyer, and only one.
      const second = await fresh();
      expect((await buyWith('REFUNDME', second)).couponState).toBe('used');
      expect(await coupons().findOne({ _id: coupon._id })).toMatchObject({ uses: 1, usesLeft: 0, reserved: 0 });
      expect(await apply(course._id, 'REFUNDME')).toMatchObject({ status: 400, body: { message: COUPON_USED_UP } });
    });

    it('reconciliation settles a coupon use whose purchase ended but whose coupon a crash left untold', async () => {
      const coupon = await newCoupon({ code: 'CRASHED', percentOff: 10, maxUses: 3 });
      // Three purchases whose own update happened and whose coupon update a crash prevented:
      // one paid (a use), one expired (a use free again), one refunded after its use was counted.
      const paid = await fresh();
      const expired = await fresh();
      const refunded = await fresh();
      const p1 = await buyWith('CRASHED', refunded);
      for (const buyer of [paid, expired]) {
        const start = await postJson(
          api,
          '/api/user/purchase',
          { courseId: course._id, couponCode: 'CRASHED' },
          bearer(buyer.token),
        );
        expect(start.status).toBe(200);
      }
      expect(await coupons().findOne({ _id: coupon._id })).toMatchObject({ uses: 1, reserved: 2, usesLeft: 0 });
      const p2 = (await purchases().findOne({ userId: paid.userId, courseId: course._id })) as PurchaseDoc;
      const p3 = (await purchases().findOne({ userId: expired.userId, courseId: course._id })) as PurchaseDoc;
      await purchases().updateOne(
        { _id: p2._id },
        {
          $set: {
            status: 'completed',
            completedKey: `${paid.userId}:${course._id}`,
            completedAt: new Date(),
            couponState: 'used',
          },
          $unset: { openKey: true },
        },
      );
      await purchases().updateOne(
        { _id: p3._id },
        { $set: { status: 'expired', couponState: 'released' }, $unset: { openKey: true } },
      );
      await purchases().updateOne(
        { _id: p1._id },
        {
          $set: { status: 'refunded', refundReason: 'admin', refundedAt: new Date(), couponState: 'returned' },
          $unset: { completedKey: true, couponSettledAt: true },
        },
      );
      // Nothing has told the coupon yet.
      expect(await coupons().findOne({ _id: coupon._id })).toMatchObject({ uses: 1, reserved: 2, usesLeft: 0 });

      // Each buyer's purchase history reconciles their purchases (as the minute's pass does all).
      for (const buyer of [paid, expired, refunded]) {
        expect((await api.json('/api/user/purchases', { headers: bearer(buyer.token) })).status).toBe(200);
      }
      const settled = await coupons().findOne({ _id: coupon._id });
      expect(settled).toMatchObject({ uses: 1, reserved: 0, usesLeft: 2 });
      expect(Object.keys(settled?.holds ?? {})).toEqual([]);
      for (const p of [p1, p2, p3])
        expect((await purchases().findOne({ _id: p._id }))?.couponSettledAt).toBeInstanceOf(Date);
      // Settling again (another pass, another process) changes nothing.
      await purchases().updateMany({ _id: { $in: [p1._id, p2._id, p3._id] } }, { $unset: { couponSettledAt: true } });
      for (const buyer of [paid, expired, refunded])
        await api.json('/api/user/purchases', { headers: bearer(buyer.token) });
      expect(await coupons().findOne({ _id: coupon._id })).toMatchObject({ uses: 1, reserved: 0, usesLeft: 2 });
    });

    it('a 100 % coupon purchase a crash left before its use was reserved is expired, never given away', async () => {
      const coupon = await newCoupon({ code: 'FREECRASH', percentOff: 100, maxUses: 1 });
      const buyer = await fresh();
      // What a crash right after writing the purchase leaves: pending, free, holding no use.
      const purchaseId = newId();
      await purchases().insertOne({
        _id: purchaseId,
        userId: buyer.userId,
        courseId: course._id,
        educatorId: owner.userId,
        amount: 0,
        currency: 'INR',
        status: 'pending',
        createdAt: new Date(Date.now() - 5 * 60_000),
        gateway: 'free',
        openKey: `${buyer.userId}:${course._id}`,
        coupon: { id: coupon._id, code: 'FREECRASH', limited: true },
        couponState: 'held',
        listAmount: 80_000,
      });
      expect((await api.json('/api/user/purchases', { headers: bearer(buyer.token) })).status).toBe(200);
      expect(await purchases().findOne({ _id: purchaseId })).toMatchObject({
        status: 'expired',
        couponState: 'released',
      });
      expect(await coupons().findOne({ _id: coupon._id })).toMatchObject({ uses: 0, reserved: 0, usesLeft: 1 });
      // The buyer can use it for real now.
      const res = await postJson(
        api,
        '/api/user/purchase',
        { courseId: course._id, couponCode: 'FREECRASH' },
        bearer(buyer.token),
      );
      expect(res.status).toBe(200);
      expect(await coupons().findOne({ _id: coupon._id })).toMatchObject({ uses: 1, reserved: 0, usesLeft: 0 });
    });
  });
}
