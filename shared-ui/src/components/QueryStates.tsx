import type { ReactNode } from 'react';
import type { QueryState } from '../query/states';
import { ErrorState, LoadingState } from './states';

export interface QueryStatesProps<T> {
  /** The query's state (`useQueryState(query).state`, or `queryState(query)`). */
  state: QueryState<T>;
  /** `LoadingState`'s text (default 'Loading...'). */
  loadingText?: string;
  /** What shows while loading instead of `LoadingState` (a skeleton). */
  loading?: ReactNode;
  /** `ErrorState`'s title; its message is the state's (the error's text). */
  errorTitle: string;
  /** `ErrorState`'s button (default 'Try Again'), which calls `onRetry`. */
  retryLabel?: string;
  onRetry?: () => void;
  /** A failure shown otherwise than `ErrorState` (a 404: a not-found state); undefined: `ErrorState`. */
  errorView?: (error: unknown) => ReactNode | undefined;
  /** Whether the data is empty (default: an empty array). */
  isEmpty?: (data: T) => boolean;
  /** What empty data shows (an `EmptyState`); without it empty data goes to `children`. */
  empty?: ReactNode;
  /** The data. */
  children: (data: T) => ReactNode;
}

const emptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/**
 * A query's screen: Loading..., the error with its retry, the empty state, or the data, in that
 * order, with the platform's shared states (`LoadingState`, `ErrorState`, `EmptyState`).
 */
export function QueryStates<T>({
  state,
  loadingText,
  loading,
  errorTitle,
  retryLabel,
  onRetry,
  errorView,
  isEmpty = emptyArray,
  empty,
  children,
}: QueryStatesProps<T>) {
  if (state.status === 'loading') return <>{loading ?? <LoadingState text={loadingText} />}</>;
  if (state.status === 'error') {
    return (
      <>
        {errorView?.(state.error) ?? (
          <ErrorState title={errorTitle} message={state.message} onRetry={onRetry} retryLabel={retryLabel} />
        )}
      </>
    );
  }
  if (empty !== undefined && isEmpty(state.data)) return <>{empty}</>;
  return <>{children(state.data)}</>;
}
