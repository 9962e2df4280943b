import type { AdminEducatorBalance, AdminPayout } from '@courseport/contracts';
import { useQueryClient } from '@courseport/shared-ui';
import type { ReactNode } from 'react';
import { Notice } from '../../../components/Notice';
import { payoutKeys } from '../api/keys';

/** The dialog of a row's action: hold, fee, adjustment, or a payment's record. */
export type Dialog =
  | { kind: 'hold' | 'fee' | 'adjust'; educator: AdminEducatorBalance }
  | { kind: 'record'; payout: AdminPayout }
  | null;

/** Reloads everything the tab shows after a change. */
export function useReload() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: payoutKeys.all });
}

/** A field with its visible label above it (plain: the tab's first screen draws no antd, #34). */
export function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="cp-admin-field">
      <label htmlFor={id} className="cp-admin-field-label">
        {label}
      </label>
      {children}
      {hint && <span className="cp-admin-secondary cp-admin-small">{hint}</span>}
    </div>
  );
}

/** The API's refusal, said where the admin is looking. */
export const ErrorAlert = ({ message }: { message: string | null }) =>
  message ? <Notice tone="error" title={message} /> : null;
