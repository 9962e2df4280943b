import { useEffect } from 'react';

/** The admin area's document title (every screen of it, including Access Denied). */
export const ADMIN_TITLE = 'Admin · Courseport';

/** Sets `document.title` while the page is shown; the previous title comes back when it goes. */
export function usePageTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
