import { errorText, useToast } from '@courseport/shared-ui';
import { useCallback, useEffect, useState } from 'react';

export type Loadable<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

const LOADING = { status: 'loading' } as const;

/**
 * Loads `fetcher()` when mounted (once `enabled`), and again on `retry`. A failure becomes the
 * error state with the server's message (or `fallback`) and the same text as an error toast.
 * Answers of an older attempt are dropped. `fetcher` must be stable (a module-level function).
 */
export function useEducatorData<T>(fetcher: () => Promise<T>, fallback: string, enabled = true) {
  const toast = useToast();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ attempt: number; value: Loadable<T> } | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    fetcher().then(
      (data) => {
        if (current) setResult({ attempt, value: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (!current) return;
        const message = errorText(error, fallback, { network: 'fallback' });
        setResult({ attempt, value: { status: 'error', message } });
        toast.error(message);
      },
    );
    return () => {
      current = false;
    };
  }, [attempt, enabled, fetcher, fallback, toast]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const state: Loadable<T> = result && result.attempt === attempt ? result.value : LOADING;
  return { state, retry };
}
