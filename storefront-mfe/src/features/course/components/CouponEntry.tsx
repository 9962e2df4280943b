import { Button } from '@courseport/shared-ui';
import { type FormEvent, useId, useState } from 'react';
import type { CouponState } from '../hooks/useCoupon';
import { rupeesFromPaise } from './couponPrice';

/**
 * 'Have a coupon?' under the price: a link-like button that opens a small form (code + Apply).
 * Applied, it says what the code saves and offers Remove; refused, it says why under the field.
 */
export function CouponEntry({ coupon }: { coupon: CouponState }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { code, type, apply, remove, applied, error, applying } = coupon;

  if (applied) {
    return (
      <p className="sf-coupon-applied" role="status">
        <span>
          <strong>{applied.code}</strong>
          {` applied: you save ${rupeesFromPaise(applied.couponDiscount)}`}
        </span>
        <Button type="link" size="small" className="sf-coupon-remove" onClick={remove}>
          Remove
        </Button>
      </p>
    );
  }
  // Open once asked for, and whenever there is a code or a complaint to show.
  if (!open && !code && !error) {
    return (
      <Button type="link" className="sf-coupon-toggle" aria-expanded={false} onClick={() => setOpen(true)}>
        Have a coupon?
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };
  return (
    <form className="sf-coupon" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-code`} className="sf-coupon-label">
        Coupon code
      </label>
      <div className="sf-coupon-row">
        <input
          id={`${id}-code`}
          className="sf-coupon-input"
          value={code}
          onChange={(event) => type(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          // biome-ignore lint/a11y/noAutofocus: the field the reader just asked for.
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button htmlType="submit" loading={applying} disabled={applying}>
          Apply
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="sf-coupon-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
