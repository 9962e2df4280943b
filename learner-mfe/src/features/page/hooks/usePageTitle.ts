import { useEffect } from 'react';

/** The browser tab's name for a page: 'My Enrollments · Courseport'. */
export const pageTitle = (title: string) => `${title} · Courseport`;

/** Names the browser tab while the page is shown ('Purchase history · Courseport'); the previous title comes back after. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = pageTitle(title);
    return () => {
      document.title = previous;
    };
  }, [title]);
}
