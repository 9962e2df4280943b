import { useQuery } from '@courseport/shared-ui';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { unreadCountQuery } from '../api/notifications';

const loadPanel = () => import('./NotificationPanel');
const NotificationPanel = lazy(loadPanel);

/** "Notifications, 3 unread": the button's name says the count the badge shows. */
export const bellLabel = (unread: number | undefined) => (unread ? `Notifications, ${unread} unread` : 'Notifications');

const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

const BELL_ICON = (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z"
    />
  </svg>
);

/**
 * The bell in the navigation bar (#35): the unread count (polled while the tab is visible, see
 * `UNREAD_POLL_MS`) on a plain button, and the list in a panel loaded when the bell is pointed at,
 * focused or pressed. The badge is drawn over the bell, so a count arriving moves nothing; a count
 * going up is said to screen readers.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const { data: unread } = useQuery(unreadCountQuery());
  const [news, setNews] = useState('');
  const seen = useRef<number | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const area = useRef<HTMLSpanElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (unread === undefined) return;
    const before = seen.current;
    seen.current = unread;
    if (before !== undefined && unread > before) {
      const added = unread - before;
      setNews(added === 1 ? '1 new notification' : `${added} new notifications`);
    }
  }, [unread]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (area.current && !area.current.contains(event.target as Node)) setOpen(false);
    };
    // Escape closes it wherever the focus is (a button it pressed may have gone disabled).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <span ref={area} className="cp-bell">
      <button
        ref={button}
        type="button"
        className="cp-btn cp-btn-text cp-btn-circle cp-bell-button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen((was) => !was)}
      >
        {BELL_ICON}
        {unread ? (
          <span className="cp-bell-badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        ) : null}
      </button>
      <span className="cp-visually-hidden" aria-live="polite">
        {news}
      </span>
      {open && (
        <Suspense
          fallback={
            <section id={panelId} className="cp-bell-panel" aria-label="Notifications" aria-busy="true">
              <p className="cp-bell-state">Loading notifications…</p>
            </section>
          }
        >
          <NotificationPanel id={panelId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </span>
  );
}
