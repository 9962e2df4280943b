import { z } from 'zod';
import { cleanPlainText } from '../../http/plain-text.js';

/** A real calendar day `YYYY-MM-DD` (2026-02-30 is refused). */
const isCalendarDay = (value: string) => {
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const CUTOFF_MESSAGE = 'must be a month (2026-10) or a day (2026-10-31)';
/** `POST /api/admin/payouts/run`: a month (paid up to its last day) or a cut-off day. */
export const runSchema = z.object({
  cutoff: z
    .string({ message: CUTOFF_MESSAGE })
    .regex(/^\d{4}-(0[1-9]|1[0-2])(-\d{2})?$/, CUTOFF_MESSAGE)
    .refine((value) => value.length === 7 || isCalendarDay(value), CUTOFF_MESSAGE)
    .refine((value) => value >= '2000-01', CUTOFF_MESSAGE),
});

const plainLine = (min: number, max: number) =>
  z
    .string({ message: 'must be text' })
    .max(max * 4, `must be at most ${max} characters`)
    .transform(cleanPlainText)
    .pipe(z.string().min(min, `must be at least ${min} characters`).max(max, `must be at most ${max} characters`));

/** `PUT /api/admin/payouts/:id`: how it was paid. */
export const recordSchema = z.object({
  bankReference: plainLine(3, 100).refine((v) => !v.includes('\n'), 'must be one line'),
  paidAt: z
    .string({ message: 'must be a day such as 2026-10-31' })
    .refine(isCalendarDay, 'must be a day such as 2026-10-31')
    .transform((value) => new Date(`${value}T00:00:00.000Z`)),
});

/** `POST /api/admin/educators/:id/hold`. */
export const holdSchema = z.object({ reason: plainLine(3, 300) });

/** `GET /api/admin/payouts?runId=`. */
export const payoutsQuery = z.object({
  runId: z
    .string()
    .regex(/^run-\d{4}-\d{2}-\d{2}$/, 'must be a payout run id such as run-2026-10-31')
    .optional(),
});
