/**
 * Coupons' rules, in one place: the API validates `POST /api/educator/coupons` and
 * `POST /api/user/apply-coupon` with these schemas, and the educator portal's create dialog checks
 * its fields with the same ones, so both say the same words. Its own entry
 * (`@courseport/contracts/coupons`), never re-exported by the package's index, so zod stays out of
 * every page that does not validate a coupon.
 */
import { z } from 'zod';

export const COUPON_CODE_MIN = 3;
export const COUPON_CODE_MAX = 32;
/** The most uses, and the most rupees off, a coupon may have. */
export const COUPON_LIMIT_MAX = 1_000_000;
export const EXPIRY_IN_THE_PAST = 'must be in the future';
export const ONE_DISCOUNT = 'give exactly one of percentOff and amountOff';

/** 3–32 letters, digits, `-` or `_`; case-insensitive (kept upper case). */
export const couponCode = z
  .string({ message: 'must be a coupon code' })
  .trim()
  .min(COUPON_CODE_MIN, `must be at least ${COUPON_CODE_MIN} characters`)
  .max(COUPON_CODE_MAX, `must be at most ${COUPON_CODE_MAX} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, - and _')
  .transform((code) => code.toUpperCase());

export const couponCourseId = z.string({ message: 'is required' }).min(1, 'is required').max(64, 'is too long');

export const percentOff = z
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(100, 'must be at most 100');

/** Rupees, two decimals at most. */
export const amountOff = z
  .number({ message: 'must be a number' })
  .finite()
  .min(0.01, 'must be more than 0')
  .max(COUPON_LIMIT_MAX, 'is too high')
  .refine((rupees) => Math.abs(Math.round(rupees * 100) - rupees * 100) < 1e-6, 'must have at most two decimals');

export const maxUses = z
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(COUPON_LIMIT_MAX, 'is too high');

export const newCouponSchema = z
  .object({
    courseId: couponCourseId,
    code: couponCode,
    percentOff: percentOff.optional(),
    amountOff: amountOff.optional(),
    expiresAt: z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).optional(),
    maxUses: maxUses.optional(),
  })
  .superRefine((input, ctx) => {
    if ((input.percentOff === undefined) === (input.amountOff === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: ONE_DISCOUNT });
    }
  });

/**
 * Why an expiry cannot be set now, or null: it must lie in the future (checked against the
 * server's clock by the API, the browser's by the dialog).
 */
export function expiryRefusal(expiresAt: Date, now: Date): typeof EXPIRY_IN_THE_PAST | null {
  return expiresAt.getTime() <= now.getTime() ? EXPIRY_IN_THE_PAST : null;
}

export const couponPatchSchema = z.object({ active: z.boolean({ message: 'must be true or false' }) });

export const couponListQuery = z.object({ courseId: couponCourseId.optional() });

export const applyCouponSchema = z.object({ courseId: couponCourseId, code: couponCode });
