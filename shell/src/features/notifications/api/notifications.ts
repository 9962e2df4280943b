import type { AppNotification, NotificationsPage } from '@courseport/contracts/notifications';
import { api, infiniteQueryOptions, queryOptions } from '@courseport/shared-ui';

/**
 * How often the bell asks for the unread count while the tab is visible (and at once when the tab
 * comes back): polling, not server-sent events, by measurement (docs/performance.md, "#35: the
 * bell's poll": 10,000 tabs are ~330 counts a second, 3 % of one replica on NeDB, 18 % on FerretDB;
 * a stream would still read the store per user, as neither store pushes changes).
 */
export const UNREAD_POLL_MS = 30_000;

/** Session-scoped keys (under `user`, so a sign-out or another user forgets them). */
export const notificationKeys = {
  all: ['user', 'notifications'] as const,
  unread: () => ['user', 'notifications', 'unread'] as const,
  list: () => ['user', 'notifications', 'list'] as const,
};

/** `GET /api/notifications/unread-count`. */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: async () => (await api.get<{ unread: number }>('/api/notifications/unread-count')).unread,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });

/** `GET /api/notifications`, newest first, a page at a time (the API's cursor). */
export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) =>
      api.get<NotificationsPage>(
        pageParam ? `/api/notifications?cursor=${encodeURIComponent(pageParam)}` : '/api/notifications',
      ),
    initialPageParam: '',
    getNextPageParam: (last: NotificationsPage) => last.nextCursor ?? undefined,
    staleTime: 0,
  });

/** `POST /api/notifications/:id/read` → the unread count after it. */
export const markRead = async (notification: AppNotification) =>
  (await api.post<{ unread: number }>(`/api/notifications/${encodeURIComponent(notification._id)}/read`)).unread;

/** `POST /api/notifications/read-all`. */
export const markAllRead = async () => (await api.post<{ unread: number }>('/api/notifications/read-all')).unread;
