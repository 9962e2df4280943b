import { useCallback, useEffect, useState } from 'react';

export type Loadable<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

const LOADING = { status: 'loading' } as const;

/**
 * Loads `fetcher(key)` when mounted and whenever the key changes; `retry` loads it again. Answers
 * for an older key or attempt are dropped, so a slow response never replaces a newer one.
 * `fetcher` must be stable (a module-level function).
 */
export function useLoadable<T>(key: string, fetcher: (key: string) => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; attempt: number; value: Loadable<T> } | null>(null);

  useEffect(() => {
    let current = true;
    fetcher(key).then(
      (data) => {
        if (current) setResult({ key, attempt, value: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (current) setResult({ key, attempt, value: { status: 'error', error } });
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt, fetcher]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const state: Loadable<T> = result && result.key === key && result.attempt === attempt ? result.value : LOADING;
  return { state, retry };
}
