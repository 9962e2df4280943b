import type { Coupon, CouponPricing } from '@courseport/contracts';
import { expiryRefusal } from '@courseport/contracts/coupons';
import type { AuthContext } from '../../auth/verify.js';
import type { Clock } from '../../clock.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { ConflictError, ID_PATTERN, newId, type Store } from '../../store/index.js';
import { COURSE_NOT_AVAILABLE, COURSE_NOT_FOUND, type CourseDoc, courseRecords, statusOf } from '../courses/index.js';
import { userRecords } from '../users/index.js';
import { amountInPaise, belowMinimumCharge } from './pricing.js';
import { type CouponDoc, couponKey, couponsRepository } from './repository.js';
import type { NewCoupon } from './schemas.js';

export const COUPON_NOT_FOUND = 'Coupon not found';
export const COUPON_INACTIVE = 'This coupon is not active';
export const COUPON_EXPIRED = 'This coupon has expired';
export const COUPON_USED_UP = 'This coupon has been used up';
export const DUPLICATE_CODE = 'This course already has a coupon with this code';
/** A coupon being made that would leave less than the smallest charge (MIN_CHARGE_PAISE) to pay. */
export const BELOW_MINIMUM_CHARGE =
  'This coupon would leave less than Rs 0.50 to pay, the smallest amount that can be charged: take the whole price off, or leave at least Rs 0.50';
/** A coupon the course's price has fallen under since it was made. */
export const COUPON_BELOW_MINIMUM =
  'This coupon cannot be used at this course’s current price: it would leave less than Rs 0.50 to pay, the smallest amount that can be charged';

/** What the buyer pays with the coupon, in paise: never below zero. */
export function priceWithCoupon(basePaise: number, coupon: Pick<CouponDoc, 'percentOff' | 'amountOff'>): number {
  const off =
    coupon.percentOff !== undefined ? Math.round((basePaise * coupon.percentOff) / 100) : (coupon.amountOff ?? 0);
  return Math.max(0, basePaise - off);
}

const toPublic = (coupon: CouponDoc, courseTitle: string): Coupon => ({
  _id: coupon._id,
  courseId: coupon.courseId,
  courseTitle,
  code: coupon.code,
  ...(coupon.percentOff !== undefined ? { percentOff: coupon.percentOff } : {}),
  ...(coupon.amountOff !== undefined ? { amountOff: coupon.amountOff / 100 } : {}),
  ...(coupon.expiresAt ? { expiresAt: new Date(coupon.expiresAt).toISOString() } : {}),
  ...(coupon.maxUses !== undefined ? { maxUses: coupon.maxUses } : {}),
  uses: coupon.uses,
  reserved: coupon.reserved,
  active: coupon.active,
  createdAt: new Date(coupon.createdAt).toISOString(),
});

/** Why a coupon cannot be used now, or null when it can. */
function refusal(coupon: CouponDoc, now: Date): string | null {
  if (!coupon.active) return COUPON_INACTIVE;
  if (coupon.expiresAt && new Date(coupon.expiresAt) <= now) return COUPON_EXPIRED;
  if (coupon.maxUses !== undefined && (coupon.usesLeft ?? 0) <= 0) return COUPON_USED_UP;
  return null;
}

/** A coupon a purchase holds: what the purchase document records. */
export interface HeldCoupon {
  id: string;
  code: string;
  /** Whether the coupon has a use limit (its `usesLeft` counts this purchase). */
  limited: boolean;
}

/** How a purchase's use of its coupon ended: paid, never paid, or paid and then refunded. */
export type CouponSettlement = 'used' | 'released' | 'returned';

/**
 * Coupon uses, counted so that a limit is never passed, even by checkouts racing for the last uses
 * in several API processes, and so that a crash anywhere loses or repeats nothing:
 * - a checkout's purchase is written first (`couponState: 'held'`), then **reserves** a use: one
 *   conditional update that takes one of `usesLeft` only while some are left (and the coupon is
 *   active and unexpired) and records the purchase in the coupon's `holds`. A purchase that gets
 *   none is deleted and refused (409) before the gateway is asked, so nobody is charged the
 *   discounted price beyond the limit; 20 buyers racing for 5 uses get 5 discounted checkouts;
 * - the purchase's own state change decides how the use ends, exactly once: fulfilment's `pending →
 *   completed` update sets `couponState: 'used'`; expiry, a second payment's refund or a dropped
 *   checkout set `'released'`; a refund of the completed purchase sets `'returned'`;
 * - `settle` then applies that to the coupon. Each step is conditional on the purchase's entry in
 *   `holds` (or `returns`), so repeating it changes nothing; once applied, the purchase gets
 *   `couponSettledAt`. A crash between the purchase's update and the coupon's leaves a purchase
 *   without `couponSettledAt`, which `reconcile` (at start, every minute) settles; a crash before
 *   the reservation leaves a pending purchase with no checkout, which reconciliation expires.
 * A refunded purchase gives its use back (`returned`): a limited code stands for that many sales
 * at the price, and a refunded sale is no sale, as the educator's earnings already say.
 */
export function couponUses(store: Store, clock: Clock) {
  const coupons = couponsRepository(store);
  const hold = (purchaseId: string) => `holds.${purchaseId}`;
  const giveBack = (held: HeldCoupon): Record<string, number> => (held.limited ? { usesLeft: 1 } : {});
  /** Ends the purchase's hold, if it still has one: `inc` says into what. */
  const endHold = (held: HeldCoupon, purchaseId: string, inc: Record<string, number>, set = {}) =>
    coupons.findOneAndUpdate(
      { _id: held.id, [hold(purchaseId)]: { $exists: true } },
      {
        $unset: { [hold(purchaseId)]: true },
        $inc: { reserved: -1, ...inc },
        ...(Object.keys(set).length ? { $set: set } : {}),
      },
    );

  const api = {
    /** Takes one use of the coupon for this purchase, or null when none is left (or it stopped applying). */
    async reserve(coupon: CouponDoc, purchaseId: string, now: Date): Promise<HeldCoupon | null> {
      const limited = coupon.maxUses !== undefined;
      const taken = await coupons.findOneAndUpdate(
        {
          _id: coupon._id,
          active: true,
          $or: [{ expiresAt: { $exists: false } }, { expiresAt: { $gt: now } }],
          ...(limited ? { usesLeft: { $gt: 0 } } : {}),
        },
        { $inc: { reserved: 1, ...(limited ? { usesLeft: -1 } : {}) }, $set: { [hold(purchaseId)]: now } },
      );
      return taken ? { id: coupon._id, code: coupon.code, limited } : null;
    },

    /** Whether the purchase holds a reserved use of the coupon. */
    async holds(held: HeldCoupon, purchaseId: string): Promise<boolean> {
      return (
        (await coupons.findOne({ _id: held.id, [hold(purchaseId)]: { $exists: true } }, { projection: { _id: 1 } })) !==
        null
      );
    },

    /** Applies how the purchase's use ended to the coupon; repeating it changes nothing. */
    async settle(held: HeldCoupon, purchaseId: string, how: CouponSettlement): Promise<void> {
      if (how === 'used') await endHold(held, purchaseId, { uses: 1 });
      else if (how === 'released') await endHold(held, purchaseId, giveBack(held));
      else {
        const returned = { [`returns.${purchaseId}`]: clock.now() };
        // Refunded before its use was counted: the hold goes, and is never counted.
        if (await endHold(held, purchaseId, giveBack(held), returned)) return;
        await coupons.updateOne(
          { _id: held.id, [`returns.${purchaseId}`]: { $exists: false } },
          { $inc: { uses: -1, ...giveBack(held) }, $set: returned },
        );
      }
    },
  };
  return api;
}
export type CouponUses = ReturnType<typeof couponUses>;

/** Educators' coupons for their own courses, and the prices buyers get with them. */
export function couponsService(store: Store, clock: Clock) {
  const coupons = couponsRepository(store);
  const courses = courseRecords(store);
  const users = userRecords(store);

  async function assertEducator(userId: string): Promise<void> {
    if (!(await users.hasRole(userId, 'educator'))) throw forbidden('Educator access required');
  }

  const titles = (ids: string[]) => courses.titles(ids);

  const api = {
    assertEducator,

    /** A deleted course's coupons go with it. */
    async removeForCourse(courseId: string): Promise<void> {
      await coupons.deleteMany({ courseId });
    },

    async create(auth: AuthContext, input: NewCoupon): Promise<Coupon> {
      await assertEducator(auth.userId);
      const course = ID_PATTERN.test(input.courseId) ? await courses.byId(input.courseId) : null;
      if (!course) throw notFound(COURSE_NOT_FOUND);
      if (course.educator._id !== auth.userId) throw forbidden('You can only create coupons for your own courses');
      const now = clock.now();
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : undefined;
      const refused = expiresAt && expiryRefusal(expiresAt, now);
      if (refused) throw badRequest(`Expires at ${refused}`);
      const off = {
        ...(input.percentOff !== undefined ? { percentOff: input.percentOff } : {}),
        ...(input.amountOff !== undefined ? { amountOff: Math.round(input.amountOff * 100) } : {}),
      };
      // At today's price (it is checked again when applied: the price may change).
      if (belowMinimumCharge(priceWithCoupon(amountInPaise(course.coursePrice, course.discount), off)))
        throw badRequest(BELOW_MINIMUM_CHARGE);
      const coupon: CouponDoc = {
        _id: newId(),
        courseId: course._id,
        educatorId: auth.userId,
        code: input.code,
        codeKey: couponKey(course._id, input.code),
        ...off,
        ...(expiresAt ? { expiresAt } : {}),
        ...(input.maxUses !== undefined ? { maxUses: input.maxUses, usesLeft: input.maxUses } : {}),
        uses: 0,
        reserved: 0,
        active: true,
        createdAt: now,
      };
      try {
        await coupons.insertOne(coupon);
      } catch (error) {
        if (error instanceof ConflictError) throw conflict(DUPLICATE_CODE);
        throw error;
      }
      return toPublic(coupon, course.courseTitle);
    },

    /** An educator's own coupons, newest first; an admin may read anyone's (all, or one course's). */
    async list(auth: AuthContext, admin: boolean, courseId?: string): Promise<Coupon[]> {
      if (!admin) await assertEducator(auth.userId);
      const filter = {
        ...(admin ? {} : { educatorId: auth.userId }),
        ...(courseId !== undefined ? { courseId } : {}),
      };
      const found = await coupons.find(filter, { sort: { createdAt: -1 }, limit: 1000 });
      const names = await titles(found.map((c) => c.courseId));
      return found.map((c) => toPublic(c, names.get(c.courseId) ?? 'Deleted course'));
    },

    /** The caller's own coupon: 404 for none, 403 for another educator's. */
    async owned(auth: AuthContext, couponId: string): Promise<CouponDoc> {
      await assertEducator(auth.userId);
      const coupon = ID_PATTERN.test(couponId) ? await coupons.findOne({ _id: couponId }) : null;
      if (!coupon) throw notFound(COUPON_NOT_FOUND);
      if (coupon.educatorId !== auth.userId) throw forbidden('You can only change coupons of your own courses');
      return coupon;
    },

    async setActive(coupon: CouponDoc, active: boolean): Promise<Coupon> {
      const updated = await coupons.findOneAndUpdate({ _id: coupon._id }, { $set: { active } });
      if (!updated) throw notFound(COUPON_NOT_FOUND);
      return toPublic(updated, (await titles([coupon.courseId])).get(coupon.courseId) ?? 'Deleted course');
    },

    /**
     * The coupon of this code for this course, if it applies now: 404 for no such code, 400 for one
     * that does not apply. Another course's code is answered exactly as a code that does not exist:
     * else trying codes on any course would tell which exist on others (#30).
     */
    async applicable(courseId: string, code: string): Promise<CouponDoc> {
      const coupon = await coupons.findOne({ codeKey: couponKey(courseId, code) });
      if (!coupon) throw notFound(COUPON_NOT_FOUND);
      const why = refusal(coupon, clock.now());
      if (why) throw badRequest(why);
      return coupon;
    },

    /** A course that can be bought: 404 for none (or a draft), 409 for one taken off sale. */
    async purchasable(courseId: string): Promise<CourseDoc> {
      const course = ID_PATTERN.test(courseId) ? await courses.byId(courseId) : null;
      if (!course || statusOf(course) === 'draft') throw notFound(COURSE_NOT_FOUND);
      if (!course.isPublished) throw conflict(COURSE_NOT_AVAILABLE);
      return course;
    },

    /** `POST /api/user/apply-coupon`: the price with the coupon, computed here. */
    async quote(courseId: string, code: string): Promise<CouponPricing> {
      const course = await api.purchasable(courseId);
      const coupon = await api.applicable(courseId, code);
      const originalAmount = amountInPaise(course.coursePrice, course.discount);
      const amount = priceWithCoupon(originalAmount, coupon);
      if (belowMinimumCharge(amount)) throw badRequest(COUPON_BELOW_MINIMUM);
      return { code: coupon.code, originalAmount, couponDiscount: originalAmount - amount, amount };
    },
  };
  return api;
}
export type CouponsService = ReturnType<typeof couponsService>;
