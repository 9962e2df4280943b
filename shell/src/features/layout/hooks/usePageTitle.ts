import { useEffect } from 'react';

export const SITE_NAME = 'Courseport';

/** 'My Enrollments' → 'My Enrollments · Courseport'. */
export const pageTitle = (title: string) => `${title} · ${SITE_NAME}`;

/** Names the browser tab after the page while it is shown; the previous title comes back after. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = pageTitle(title);
    return () => {
      document.title = previous;
    };
  }, [title]);
}
