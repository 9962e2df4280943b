import { useToast } from '@courseport/shared-ui';
import { useEffect, useRef } from 'react';
import { useLatest } from './useLatest';

export interface FailureNotice {
  /** When the failure happened (a query's `errorUpdatedAt`): each failure is told once. */
  at: number;
  message: string;
}

/**
 * Shows each new failure as an error toast, once (also under StrictMode and re-renders), and the
 * same message once even when several requests failed with it at the same time.
 */
export function useErrorToasts(failures: FailureNotice[]): void {
  const toast = useLatest(useToast());
  const told = useRef(new Set<string>());
  const key = failures.map((f) => `${f.at}:${f.message}`).join('\n');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `failures`.
  useEffect(() => {
    const fresh = failures.filter((f) => !told.current.has(`${f.at}:${f.message}`));
    for (const f of fresh) told.current.add(`${f.at}:${f.message}`);
    for (const message of new Set(fresh.map((f) => f.message))) toast.current.error(message);
  }, [key, toast]);
}
