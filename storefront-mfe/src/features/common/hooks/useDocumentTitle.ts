import { useEffect } from 'react';

export const SITE_NAME = 'Courseport';

/** 'Courses · Courseport' for 'Courses'; the site's name alone for an empty page name. */
export const pageTitle = (page = '') => (page ? `${page} · ${SITE_NAME}` : SITE_NAME);

/**
 * Names the browser tab while the page is shown (`pageTitle(page)`); the previous title comes
 * back when the page goes.
 */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = pageTitle(page);
    return () => {
      document.title = previous;
    };
  }, [page]);
}
