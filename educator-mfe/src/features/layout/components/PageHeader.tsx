import { useFocusOnNavigation, usePageTitle } from '@courseport/shared-ui';
import { type ReactNode, useRef } from 'react';

/**
 * A page's one `<h1>`, an optional subtitle and an optional action on the right. It also names the
 * tab ('My Courses · Educator · Courseport') and takes the focus after a navigation. `hidden` keeps
 * the heading for screen readers only (a page whose visible title waits for its data).
 */
export function PageHeader({
  title,
  pageName,
  subtitle,
  action,
  hidden = false,
}: {
  title: string;
  /** The page's name in the tab's title; the title by default. */
  pageName?: string;
  subtitle?: ReactNode;
  action?: ReactNode;
  hidden?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(pageName ?? title, 'Educator');
  useFocusOnNavigation(heading);
  return (
    <header className={hidden ? 'cp-visually-hidden' : 'ed-page-head'}>
      <div>
        <h1 ref={heading} tabIndex={-1} className="cp-page-heading ed-page-title">
          {title}
        </h1>
        {subtitle && !hidden && <p className="ed-page-subtitle">{subtitle}</p>}
      </div>
      {!hidden && action}
    </header>
  );
}
