import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { isRetryableError } from '../errors';
import { sessionStore } from '../session/store';
import { queryKeys, SESSION_SCOPED_KEYS } from './keys';

/** Attempts after the first for a failure worth retrying (not reached, timeout, 408/429/5xx). */
export const QUERY_RETRIES = 2;
/** How long fetched data counts as fresh: no refetch on mount or focus before then. */
export const QUERY_STALE_MS = 30_000;

/** Retry network failures, timeouts and 5xx twice; never a 4xx, an abort or a bug. */
export const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < QUERY_RETRIES && isRetryableError(error);

/** 1 s, 2 s, 4 s… at most 8 s. */
export const retryDelay = (attempt: number) => Math.min(1_000 * 2 ** attempt, 8_000);

/**
 * A query client with the platform's defaults; `createQueryClient({ defaultOptions: { queries:
 * { retry: false } } })` in tests. The app uses the one `queryClient` below.
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  const { queries, mutations, ...rest } = config.defaultOptions ?? {};
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...rest,
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: 5 * 60_000,
        retry: shouldRetry,
        retryDelay,
        // Back in the tab (e.g. after paying in another one): stale data is fetched again.
        refetchOnWindowFocus: true,
        ...queries,
      },
      // A write is not repeated behind the user's back.
      mutations: { retry: false, ...mutations },
    },
  });
}

/**
 * The platform's one query client. shared-ui is a Module Federation singleton, so the shell and
 * every portal share this cache: a key invalidated in one is refetched in the others.
 */
export const queryClient = createQueryClient();

/** Forgets everything that belonged to the signed-in user (sign-out, another user signing in). */
export function clearSessionQueries(client: QueryClient = queryClient): void {
  for (const queryKey of SESSION_SCOPED_KEYS) client.removeQueries({ queryKey });
}

// A different user (or none) must never see the previous one's cached data.
sessionStore.subscribe((state, previous) => {
  if (state.identity?.id !== previous.identity?.id) clearSessionQueries();
});

/**
 * The signed-in user's profile changed on the server (a role, an enrollment): refetch it
 * (`queryKeys.user.profile()`, the shell's profile query), resolving when the new profile is in.
 */
export async function refreshProfile(client: QueryClient = queryClient): Promise<void> {
  const { status, refreshUser } = sessionStore.getState();
  await Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.user.profile() }),
    status === 'signed-in' ? refreshUser() : undefined,
  ]);
}

/**
 * After a completed purchase (= an enrollment): the profile (its enrolled course ids), the
 * enrolled courses, the purchase history, the course's page and the catalog (enrollment counts).
 */
export async function invalidateAfterPurchase(courseId?: string, client: QueryClient = queryClient): Promise<void> {
  await Promise.all([
    refreshProfile(client),
    client.invalidateQueries({ queryKey: queryKeys.user.enrolledCourses() }),
    client.invalidateQueries({ queryKey: queryKeys.user.purchases() }),
    client.invalidateQueries({ queryKey: courseId ? queryKeys.course.details(courseId) : queryKeys.course.all }),
    client.invalidateQueries({ queryKey: queryKeys.catalog.all }),
  ]);
}

/** An enrollment is a completed purchase: the same data changes. */
export const invalidateAfterEnrollment = invalidateAfterPurchase;

/** After a lecture is marked completed (or a rating given) in a course. */
export async function invalidateAfterProgress(courseId: string, client: QueryClient = queryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.user.progress(courseId) }),
    client.invalidateQueries({ queryKey: queryKeys.user.enrolledCourses() }),
  ]);
}

/**
 * What a server-rendered page needs in the cache before it renders, named by the page module's
 * `loadPageData` export: the shell's server awaits it (the query functions call the API), renders
 * the page with the data there, and sends the cache along (`dehydrate`) for the browser to
 * `hydrate` before React takes over the markup, so the page's first render there is the same and
 * nothing is fetched again.
 */
export type PageDataLoader = (
  client: QueryClient,
  params: Record<string, string | undefined>,
  /** The URL's query string (the course list's filters and sort, say). */
  query?: URLSearchParams,
) => Promise<void>;
