import { STATEMENT_MONTH_PATTERN } from '@courseport/contracts/payouts';
import { z } from 'zod';
import { cleanPlainText } from '../../http/plain-text.js';

const PERCENT_MESSAGE = 'must be a number from 0 to 100 with at most two decimals';
/** A fee in percent: 0–100, at most two decimals (a whole number of basis points). */
export const feePercent = z
  .number({ message: PERCENT_MESSAGE })
  .min(0, PERCENT_MESSAGE)
  .max(100, PERCENT_MESSAGE)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, PERCENT_MESSAGE);

/** `PUT /api/admin/platform-fee`. */
export const platformFeeSchema = z.object({ percent: feePercent });

/** `PUT /api/admin/educators/:id/fee`: the educator's own fee, or null for the platform's. */
export const educatorFeeSchema = z.object({ percent: feePercent.nullable() });

/** A user id in a path: what `newId()` and the auth providers make. */
export const educatorIdParam = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a user id'),
});

const AMOUNT_MESSAGE = 'must be a whole number of paise, not 0, at most 10,000,000 either way';
/** `POST /api/admin/educators/:id/adjustments`. */
export const adjustmentSchema = z.object({
  amount: z
    .number({ message: AMOUNT_MESSAGE })
    .int(AMOUNT_MESSAGE)
    .min(-1_000_000_000, AMOUNT_MESSAGE)
    .max(1_000_000_000, AMOUNT_MESSAGE)
    .refine((value) => value !== 0, AMOUNT_MESSAGE),
  reason: z
    .string({ message: 'must be text' })
    .max(1200, 'must be at most 300 characters')
    .transform(cleanPlainText)
    .pipe(z.string().min(3, 'must be at least 3 characters').max(300, 'must be at most 300 characters')),
  /** The admin console's id for this request: sending it again writes nothing more. */
  requestKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _')
    .optional(),
});

/** `GET /api/educator/ledger?cursor=&limit=`. */
export const ledgerQuery = z.object({
  cursor: z.string().max(200, 'is not valid').optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a whole number from 1 to 100')
    .transform(Number)
    .pipe(z.number().min(1, 'must be a whole number from 1 to 100').max(100, 'must be a whole number from 1 to 100'))
    .optional(),
});

/** `GET /api/educator/statements/:month.csv`. */
export const monthParam = z.object({
  month: z.string().regex(STATEMENT_MONTH_PATTERN, 'must be a month such as 2026-10'),
});
