import { z } from 'zod';

/** 3–32 letters, digits, `-` or `_`; case-insensitive (kept upper case). */
export const couponCode = z
  .string({ message: 'must be a coupon code' })
  .trim()
  .min(3, 'must be at least 3 characters')
  .max(32, 'must be at most 32 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, digits, - and _')
  .transform((code) => code.toUpperCase());

const courseId = z.string({ message: 'is required' }).min(1, 'is required').max(64, 'is too long');

export const newCouponSchema = z
  .object({
    courseId,
    code: couponCode,
    percentOff: z
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100, 'must be at most 100')
      .optional(),
    /** Rupees. */
    amountOff: z
      .number({ message: 'must be a number' })
      .finite()
      .min(0.01, 'must be more than 0')
      .max(1_000_000, 'is too high')
      .refine((rupees) => Math.abs(Math.round(rupees * 100) - rupees * 100) < 1e-6, 'must have at most two decimals')
      .optional(),
    expiresAt: z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).optional(),
    maxUses: z
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1_000_000, 'is too high')
      .optional(),
  })
  .superRefine((input, ctx) => {
    if ((input.percentOff === undefined) === (input.amountOff === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'give exactly one of percentOff and amountOff' });
    }
  });
export type NewCoupon = z.infer<typeof newCouponSchema>;

export const couponPatchSchema = z.object({ active: z.boolean({ message: 'must be true or false' }) });

export const couponListQuery = z.object({ courseId: courseId.optional() });

export const applyCouponSchema = z.object({ courseId, code: couponCode });
