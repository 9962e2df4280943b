import type { AppNotification } from '@courseport/contracts/notifications';
import {
  Button,
  errorText,
  Link,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@courseport/shared-ui';
import { markAllRead, markRead, notificationKeys, notificationsQuery } from '../api/notifications';

/** A path of this app only (the API says so too; a link is never followed off the site). */
const isAppPath = (link: string) => link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "just now". */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return RELATIVE.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** The list and the unread count after one was read, without asking the API again. */
function markedInCache(client: QueryClient, id: string | null, unread: number) {
  client.setQueryData(notificationKeys.unread(), unread);
  client.setQueryData(
    notificationKeys.list(),
    (data: { pages: Array<{ notifications: AppNotification[] }> } | undefined) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              notifications: page.notifications.map((n) => (id === null || n._id === id ? { ...n, read: true } : n)),
            })),
          }
        : data,
  );
}

/** The bell's panel: the signed-in user's notifications, newest first, a page at a time. */
export default function NotificationPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const client = useQueryClient();
  const list = useInfiniteQuery(notificationsQuery());
  const readOne = useMutation({
    mutationFn: markRead,
    onSuccess: (unread, notification) => markedInCache(client, notification._id, unread),
  });
  const readAll = useMutation({
    mutationFn: markAllRead,
    onSuccess: (unread) => markedInCache(client, null, unread),
  });
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const anyUnread = notifications.some((n) => !n.read);

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <p className="cp-bell-state" role="status">
        Loading notifications…
      </p>
    );
  } else if (list.isError && notifications.length === 0) {
    body = (
      <div className="cp-bell-state" role="alert">
        <p>Could not load your notifications. {errorText(list.error)}</p>
        <Button size="small" onClick={() => void list.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (notifications.length === 0) {
    body = (
      <p className="cp-bell-state">
        <strong>You're all caught up.</strong> Answers to your questions, course announcements and replies will show
        here.
      </p>
    );
  } else {
    body = (
      <ul className="cp-bell-list">
        {notifications.map((n) => {
          const content = (
            <>
              <span className="cp-bell-item-title">
                {!n.read && <span className="cp-visually-hidden">Unread: </span>}
                {n.title}
              </span>
              {n.text && <span className="cp-bell-item-text">{n.text}</span>}
              <time className="cp-bell-item-time" dateTime={n.createdAt}>
                {timeAgo(n.createdAt)}
              </time>
            </>
          );
          return (
            <li key={n._id} className={n.read ? 'cp-bell-item' : 'cp-bell-item is-unread'}>
              {isAppPath(n.link) ? (
                <Link
                  to={n.link}
                  className="cp-bell-item-link"
                  onClick={() => {
                    if (!n.read) readOne.mutate(n);
                    onClose();
                  }}
                >
                  {content}
                </Link>
              ) : (
                <span className="cp-bell-item-link">{content}</span>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section id={id} className="cp-bell-panel" aria-label="Notifications">
      <header className="cp-bell-head">
        <h2 className="cp-bell-heading">Notifications</h2>
        <Button
          size="small"
          type="link"
          disabled={!anyUnread}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
        >
          Mark all as read
        </Button>
      </header>
      {readAll.isError && (
        <p className="cp-bell-error" role="alert">
          {errorText(readAll.error)}
        </p>
      )}
      {body}
      {list.hasNextPage && (
        <div className="cp-bell-more">
          <Button size="small" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Show more
          </Button>
        </div>
      )}
    </section>
  );
}
