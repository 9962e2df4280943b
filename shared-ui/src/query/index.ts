/**
 * The data layer: TanStack Query, re-exported here so the shell and every portal share one
 * instance (one cache, one client context) through the shared-ui singleton. A federated module is
 * not tree-shaken, so only what is named here is built in: add a name when a portal needs it.
 */
export {
  type DefinedUseQueryResult,
  type DehydratedState,
  dehydrate,
  hydrate,
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  notifyManager,
  type QueryClient,
  type QueryKey,
  queryOptions,
  skipToken,
  type UseInfiniteQueryResult,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
  useInfiniteQuery,
  useIsFetching,
  useIsMutating,
  useMutation,
  useMutationState,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
export {
  clearSessionQueries,
  createQueryClient,
  invalidateAfterEnrollment,
  invalidateAfterProgress,
  invalidateAfterPurchase,
  type PageDataLoader,
  QUERY_RETRIES,
  QUERY_STALE_MS,
  queryClient,
  refreshProfile,
  retryDelay,
  shouldRetry,
} from './client';
export { queryKeys, SESSION_SCOPED_KEYS } from './keys';
export { mergePages, type ReviewsPageOf, reviewsPageOf } from './pages';
export { QueryProvider } from './QueryProvider';
export {
  type FailureNotice,
  type QueryResultLike,
  type QueryState,
  type QueryStateOptions,
  queryState,
  useErrorToasts,
  useQueryState,
} from './states';
