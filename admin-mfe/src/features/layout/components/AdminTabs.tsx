import { Link, useNavigate } from '@courseport/shared-ui';
import { Fragment, type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface AdminTab {
  key: string;
  label: string;
  /** The tab's own address (`/admin` for the first). */
  path: string;
  panel: ReactNode;
  /** Starts loading what the tab needs (its chunk) when it is pointed at or focused, before the press. */
  prepare?: () => void;
}

/** A tab's navigation: the heading keeps the focus where it is (see PageHeading). */
export const TAB_NAVIGATION = { adminTab: true } as const;

/**
 * The dashboard's tabs, each its own URL: a tab is a link (it opens in a new browser tab, and Back
 * and Forward move between tabs), drawn as a tab list with one tab stop. The arrow keys, Home and
 * End move to another tab (and its URL); the active tab's panel is shown below.
 */
export function AdminTabs({ tabs, active }: { tabs: AdminTab[]; active: string }) {
  const navigate = useNavigate();
  const links = useRef(new Map<string, HTMLAnchorElement>());
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === active),
  );
  const current = tabs[index] as AdminTab;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    navigate(tab.path, { state: TAB_NAVIGATION });
    links.current.get(tab.key)?.focus();
  };

  return (
    <div className="cp-admin-tabs">
      <div role="tablist" aria-label="Admin sections" className="cp-admin-tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.key === current.key;
          return (
            <Link
              key={tab.key}
              ref={(element) => {
                if (element) links.current.set(tab.key, element);
                else links.current.delete(tab.key);
              }}
              to={tab.path}
              state={TAB_NAVIGATION}
              role="tab"
              id={`admin-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls="admin-tabpanel"
              tabIndex={selected ? 0 : -1}
              className={selected ? 'cp-admin-tab cp-admin-tab-active' : 'cp-admin-tab'}
              onPointerEnter={tab.prepare}
              onFocus={tab.prepare}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id="admin-tabpanel"
        aria-labelledby={`admin-tab-${current.key}`}
        className="cp-admin-tabpanel"
      >
        {/* Each tab's own subtree: another tab's content (and its loading state) never carries over. */}
        <Fragment key={current.key}>{current.panel}</Fragment>
      </div>
    </div>
  );
}
