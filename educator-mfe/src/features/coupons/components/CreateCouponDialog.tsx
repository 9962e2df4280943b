import { Button, errorText, type NewCouponInput } from '@courseport/shared-ui';
import { Alert } from '@courseport/shared-ui/antd/alert';
import { Input } from '@courseport/shared-ui/antd/input';
import { Modal } from '@courseport/shared-ui/antd/modal';
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import {
  type CouponField,
  type CouponFormErrors,
  type CouponFormValues,
  EMPTY_COUPON_FORM,
  FIELD_LABELS,
  validateCouponForm,
} from './couponForm';
import { COUPON_CREATE_FAILED, type CourseChoices, CREATE_COUPON, NO_COURSES_YET } from './couponText';

/**
 * 'Create Coupon': course, code, percent or amount off, optional expiry and maximum uses. Each field
 * is checked as the API checks it (`validateCouponForm`) when the form is sent, its error shown
 * under it and the first wrong one focused; the server's refusal (a code the course already has)
 * shows above the buttons, and the dialog stays open with what was typed.
 */
export function CreateCouponDialog({
  open,
  courses,
  currency,
  creating,
  onCreate,
  onClose,
}: {
  open: boolean;
  courses: CourseChoices;
  currency: string;
  creating: boolean;
  /** Resolves once created; rejects with the server's refusal. */
  onCreate: (input: NewCouponInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const formId = useId();
  const [values, setValues] = useState<CouponFormValues>(EMPTY_COUPON_FORM);
  const [errors, setErrors] = useState<CouponFormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const close = () => {
    setValues(EMPTY_COUPON_FORM);
    setErrors({});
    setRefusal(null);
    onClose();
  };

  const change = (field: keyof CouponFormValues) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field as CouponField]: _, ...rest }) => rest);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (creating) return;
    setRefusal(null);
    const checked = validateCouponForm(values, new Date());
    if (checked.errors) {
      setErrors(checked.errors);
      const first = Object.keys(FIELD_LABELS).find((f) => checked.errors[f as CouponField]);
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      await onCreate(checked.input);
      close();
    } catch (error) {
      setRefusal(errorText(error, COUPON_CREATE_FAILED, { network: 'fallback' }));
    }
  };

  const field = (name: CouponField, control: (props: FieldProps) => ReactNode, hint?: string) => {
    const id = `${formId}-${name}`;
    const error = errors[name];
    const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
    return (
      <div className="ed-coupon-field">
        <label htmlFor={id} className="ed-coupon-label">
          {FIELD_LABELS[name]}
        </label>
        {control({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
        {hint && (
          <p id={`${id}-hint`} className="ed-coupon-hint">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="ed-coupon-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  let courseControl: ReactNode;
  if (courses.status === 'loading') courseControl = <p className="ed-coupon-hint">Loading your courses...</p>;
  else if (courses.status === 'error')
    courseControl = (
      <Alert
        type="error"
        showIcon
        title={courses.message}
        action={
          <Button size="small" onClick={courses.retry}>
            Try Again
          </Button>
        }
      />
    );
  else if (courses.courses.length === 0) courseControl = <Alert type="info" showIcon title={NO_COURSES_YET} />;
  else
    courseControl = field('courseId', (props) => (
      <select {...props} className="ed-coupon-select" value={values.courseId} onChange={change('courseId')}>
        <option value="">Choose a course</option>
        {courses.courses.map((course) => (
          <option key={course._id} value={course._id}>
            {course.courseTitle}
          </option>
        ))}
      </select>
    ));

  const percent = values.kind === 'percent';
  return (
    <Modal
      open={open}
      title={CREATE_COUPON}
      onCancel={close}
      width={520}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button key="create" type="primary" htmlType="submit" form={formId} loading={creating}>
          {CREATE_COUPON}
        </Button>,
      ]}
    >
      <form id={formId} ref={form} className="ed-coupon-form" noValidate onSubmit={submit}>
        {courseControl}
        {field(
          'code',
          (props) => (
            <Input
              {...props}
              status={props['aria-invalid'] ? 'error' : undefined}
              value={values.code}
              onChange={change('code')}
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              className="ed-coupon-code-input"
            />
          ),
          '3–32 letters, digits, - or _. Buyers type it in any case.',
        )}
        <fieldset className="ed-coupon-kind">
          <legend className="ed-coupon-label">Discount type</legend>
          <label>
            <input
              type="radio"
              name="kind"
              value="percent"
              checked={percent}
              onChange={() => setValues((v) => ({ ...v, kind: 'percent' }))}
            />{' '}
            Percentage
          </label>
          <label>
            <input
              type="radio"
              name="kind"
              value="amount"
              checked={!percent}
              onChange={() => setValues((v) => ({ ...v, kind: 'amount' }))}
            />{' '}
            {`Fixed amount (${currency})`}
          </label>
        </fieldset>
        {percent
          ? field('percentOff', (props) => (
              <Input
                {...props}
                status={props['aria-invalid'] ? 'error' : undefined}
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                step={1}
                suffix="%"
                value={values.percentOff}
                onChange={change('percentOff')}
              />
            ))
          : field('amountOff', (props) => (
              <Input
                {...props}
                status={props['aria-invalid'] ? 'error' : undefined}
                type="number"
                inputMode="decimal"
                min={0.01}
                step={0.01}
                prefix={currency}
                value={values.amountOff}
                onChange={change('amountOff')}
              />
            ))}
        <div className="ed-coupon-row">
          {field(
            'expiresAt',
            (props) => (
              <input
                {...props}
                type="datetime-local"
                className="ed-coupon-date"
                value={values.expiresAt}
                onChange={change('expiresAt')}
              />
            ),
            'Optional: leave empty for no expiry.',
          )}
          {field(
            'maxUses',
            (props) => (
              <Input
                {...props}
                status={props['aria-invalid'] ? 'error' : undefined}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={values.maxUses}
                onChange={change('maxUses')}
              />
            ),
            'Optional: leave empty for no limit.',
          )}
        </div>
        {refusal && <Alert type="error" showIcon title={refusal} role="alert" />}
      </form>
    </Modal>
  );
}

interface FieldProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}
