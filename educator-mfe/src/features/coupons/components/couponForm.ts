import { expiryRefusal, newCouponSchema, ONE_DISCOUNT } from '@courseport/contracts/coupons';
import type { NewCouponInput } from '@courseport/shared-ui';

/** The create dialog's fields, as typed (strings; '' = not given). */
export interface CouponFormValues {
  courseId: string;
  code: string;
  kind: 'percent' | 'amount';
  percentOff: string;
  amountOff: string;
  /** A `datetime-local` value in the educator's time zone, or ''. */
  expiresAt: string;
  maxUses: string;
}
export type CouponField = Exclude<keyof CouponFormValues, 'kind'>;
export type CouponFormErrors = Partial<Record<CouponField, string>>;

export const EMPTY_COUPON_FORM: CouponFormValues = {
  courseId: '',
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  expiresAt: '',
  maxUses: '',
};

/** What each field is called, in its label and at the start of its error ('Code must be …'). */
export const FIELD_LABELS: Record<CouponField, string> = {
  courseId: 'Course',
  code: 'Code',
  percentOff: 'Percent off',
  amountOff: 'Amount off',
  expiresAt: 'Expiry',
  maxUses: 'Maximum uses',
};

const numberOrNothing = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * The dialog's fields checked with the API's own schema (`@courseport/contracts/coupons`), so the
 * dialog refuses what the server would, in its words ('Percent off must be at most 100'): the
 * request to send, or an error per field.
 */
export function validateCouponForm(
  values: CouponFormValues,
  now: Date,
): { input: NewCouponInput; errors?: undefined } | { errors: CouponFormErrors; input?: undefined } {
  const expiry = values.expiresAt ? new Date(values.expiresAt) : undefined;
  const candidate = {
    courseId: values.courseId,
    code: values.code,
    ...(values.kind === 'percent'
      ? { percentOff: numberOrNothing(values.percentOff) }
      : { amountOff: numberOrNothing(values.amountOff) }),
    ...(expiry && !Number.isNaN(expiry.getTime()) ? { expiresAt: expiry.toISOString() } : {}),
    maxUses: numberOrNothing(values.maxUses),
  };
  const errors: CouponFormErrors = {};
  const say = (field: CouponField, message: string) => {
    errors[field] ??= `${FIELD_LABELS[field]} ${message}`;
  };
  // Only the chosen kind of discount is ever given: missing, it is simply required (the schema
  // says so only once every other field is right).
  const discount = values.kind === 'percent' ? 'percentOff' : 'amountOff';
  if (values[discount].trim() === '') say(discount, 'is required');
  const parsed = newCouponSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as CouponField;
      if (issue.message === ONE_DISCOUNT) say(discount, 'is required');
      else say(field, issue.message);
    }
  }
  if (values.expiresAt && !expiry) say('expiresAt', 'must be a date and time');
  const refused = expiry && expiryRefusal(expiry, now);
  if (refused) say('expiresAt', refused);
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  const { code, ...rest } = parsed.data;
  return { input: { ...rest, code } };
}
