import type {
  AppNotification,
  NotificationKind,
  NotificationPreferences,
  NotificationsPage,
} from '@courseport/contracts/notifications';
import { api, apiRequest, infiniteQueryOptions, queryOptions } from '@courseport/shared-ui';

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

/** What an unsubscribe link stops (`GET /api/notifications/unsubscribe?token=`; nothing is changed). */
export type UnsubscribeScope =
  | { type: 'kind'; kind: NotificationKind }
  | { type: 'course'; courseId: string }
  | { type: 'all' };

export const describeUnsubscribe = async (token: string) =>
  (await api.get<{ scope: UnsubscribeScope }>(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`))
    .scope;

/** RFC 8058's one-click POST, from the page a person opens: no sign-in, the token is the proof. */
export const unsubscribe = async (token: string) =>
  (await api.post<{ message: string }>(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`)).message;

/** `GET /api/notifications/preferences`. */
export const preferencesQuery = () =>
  queryOptions({
    queryKey: [...notificationKeys.all, 'preferences'] as const,
    queryFn: async () =>
      (await api.get<{ preferences: NotificationPreferences }>('/api/notifications/preferences')).preferences,
  });

/** A course whose announcements the settings can mute by mail. */
export interface MailCourse {
  _id: string;
  courseTitle: string;
}

/**
 * `GET /api/user/enrolled-courses`, for the settings' per-course list: under its own key (the
 * learner's enrolled-courses query keeps the full courses).
 */
export const mailCoursesQuery = () =>
  queryOptions({
    queryKey: [...notificationKeys.all, 'courses'] as const,
    queryFn: async () =>
      (await api.get<{ enrolledCourses: MailCourse[] }>('/api/user/enrolled-courses')).enrolledCourses,
  });

/** `PUT /api/notifications/preferences`. */
export const savePreferences = async (preferences: NotificationPreferences) =>
  (
    await apiRequest<{ preferences: NotificationPreferences; message: string }>('/api/notifications/preferences', {
      method: 'PUT',
      body: preferences,
    })
  ).preferences;
