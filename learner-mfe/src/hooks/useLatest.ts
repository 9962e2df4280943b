import { useRef } from 'react';

/** A ref that always holds the latest value, for callbacks that must not re-run effects when it changes. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
