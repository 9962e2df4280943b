import { useCallback, useEffect, useRef } from 'react';
import { type ErrorTextOptions, errorText } from '../errors';
import { useToast } from '../toast';

/**
 * What a screen shows for a query: loading (also while a retry runs), the failure (its error and
 * the text for it), or the data. Data already shown stays `ready` when a background refetch fails,
 * so a failure never turns into a false empty state or a blank page.
 */
export type QueryState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; message: string }
  | { status: 'ready'; data: T };

/** What `queryState` and `useQueryState` read of a query's result (`useQuery`'s, `useInfiniteQuery`'s…). */
export interface QueryResultLike<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  /** When the last failure happened: each failure is toasted once. */
  errorUpdatedAt: number;
}

export interface QueryStateOptions extends ErrorTextOptions {
  /** The failure's text when the error has none of its own (`errorText`'s fallback). */
  fallback?: string;
  /**
   * Which failures are also an error toast (each once, with the error state's text):
   * - `'none'` (the default): none; the error state shows the failure, and data already shown
   *   stays when a refetch fails (the storefront's and learner's pages);
   * - `'background'`: a failed refetch whose data stays on screen (the page does not show that
   *   failure otherwise); the failure the error state shows is not repeated (the educator's pages);
   * - `'always'`: every failure, the error state's too ("as a toast and in the error view", as the
   *   spec words some pages), or a query whose failure the screen does not show at all;
   * - `'refresh'`: only a failure of `refresh()` with data on screen (polls and window-focus
   *   refetches fail silently; the admin's lists).
   */
  toast?: 'none' | 'background' | 'always' | 'refresh';
}

/** The state a screen shows for `query` (pure: no toast; see `useQueryState`). */
export function queryState<T>(
  query: Pick<QueryResultLike<T>, 'data' | 'error' | 'isError' | 'isFetching'>,
  options: QueryStateOptions = {},
  // Exclude: a query result's type is a union whose pending members type `data` as undefined.
): QueryState<Exclude<T, undefined>> {
  if (query.data !== undefined) return { status: 'ready', data: query.data as Exclude<T, undefined> };
  if (query.isError && !query.isFetching) {
    return { status: 'error', error: query.error, message: errorText(query.error, options.fallback, options) };
  }
  return { status: 'loading' };
}

/** A failure to tell as an error toast. */
export interface FailureNotice {
  /** When the failure happened (a query's `errorUpdatedAt`): each failure is told once. */
  at: number;
  message: string;
}

/**
 * Shows each new failure as an error toast, once (also under StrictMode and re-renders), and the
 * same message once even when several requests failed with it at the same time (`useQueries`).
 */
export function useErrorToasts(failures: readonly FailureNotice[]): void {
  const toast = useToast();
  const told = useRef(new Set<string>());
  const key = failures.map((f) => `${f.at}:${f.message}`).join('\n');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `failures`.
  useEffect(() => {
    const fresh = failures.filter((f) => !told.current.has(`${f.at}:${f.message}`));
    for (const f of fresh) told.current.add(`${f.at}:${f.message}`);
    for (const message of new Set(fresh.map((f) => f.message))) toast.error(message);
  }, [key, toast]);
}

const NO_FAILURES: FailureNotice[] = [];

/**
 * A query as a screen shows it: its `state` (see `QueryState`; render it with `<QueryStates>`),
 * the failures toasted as `options.toast` says, `retry` (the error state's button: loading again)
 * and `refresh` (a Refresh button: resolves once done; with `toast: 'refresh'` a failure with data
 * on screen is a toast and the data stays).
 */
export function useQueryState<T>(
  query: QueryResultLike<T> & { refetch: () => Promise<{ data?: T | undefined; error: unknown }> },
  options: QueryStateOptions = {},
) {
  const toast = useToast();
  const mode = options.toast ?? 'none';
  const state = queryState(query, options);
  const failed = query.isError && (mode === 'always' || (mode === 'background' && query.data !== undefined));
  useErrorToasts(
    failed ? [{ at: query.errorUpdatedAt, message: errorText(query.error, options.fallback, options) }] : NO_FAILURES,
  );

  const { refetch } = query;
  const { fallback, network } = options;
  const refresh = useCallback(async () => {
    const result = await refetch();
    if (mode === 'refresh' && result.error && result.data !== undefined) {
      toast.error(errorText(result.error, fallback, { network }));
    }
  }, [refetch, mode, fallback, network, toast]);
  const retry = useCallback(() => void refresh(), [refresh]);
  return { state, retry, refresh };
}
