import { useToast } from '@courseport/shared-ui';
import { useEffect, useState } from 'react';

/** A part of the page loaded when it is first wanted (`onDemand`). */
export interface OnDemand<T> {
  /** Starts loading it (pointing at what opens it); the same promise every time until it fails. */
  preload(): Promise<T>;
  /** It, once loaded; null before. */
  current(): T | null;
}

/** A part loaded by `load` when first wanted (a dialog and the antd it is made of, #34). */
export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    preload() {
      loading ??= load().then(
        (value) => {
          loaded = value;
          return value;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    current: () => loaded,
  };
}

/**
 * The part once `wanted` (null before it is there), rendered at once when it already is (no
 * Suspense round, no fallback). A failed load is said as a toast.
 */
export function useOnDemand<T>(part: OnDemand<T>, wanted: boolean): T | null {
  const toast = useToast();
  const [, setVersion] = useState(0);
  useEffect(() => {
    if (!wanted || part.current()) return;
    let current = true;
    part.preload().then(
      () => current && setVersion((n) => n + 1),
      (error: unknown) => current && toast.failure(error, 'Failed to open the dialog'),
    );
    return () => {
      current = false;
    };
  }, [part, wanted, toast]);
  return part.current();
}
