import { createContext, type RefObject, useContext, useEffect } from 'react';
import { useLocation } from '../router';

export const SITE_NAME = 'Courseport';

/** The browser tab's name: `pageTitle('Dashboard', 'Educator')` → 'Dashboard · Educator · Courseport'; no parts → 'Courseport'. */
export const pageTitle = (...parts: string[]) => [...parts.filter(Boolean), SITE_NAME].join(' · ');

/**
 * Where a server render collects the title its page names (#34: the shell's server puts it in the
 * document, so a page rendered there has its own title before any script runs). The page rendered
 * last (innermost) names it.
 */
export const RenderedTitleContext = createContext<{ title?: string } | null>(null);

/** Names the browser tab while the page is shown (`pageTitle(...parts)`); the previous title comes back after. */
export function usePageTitle(...parts: string[]): void {
  const title = pageTitle(...parts);
  const rendered = useContext(RenderedTitleContext);
  if (rendered) rendered.title = title;
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/**
 * Moves the focus to `ref` (the page's heading, `tabIndex={-1}`) when the page was reached by a
 * navigation inside the app, so a screen reader starts at the new page's title. Not on the
 * document's first load (the router's first location has the key 'default'), where the skip link
 * comes first.
 */
export function useFocusOnNavigation(ref: RefObject<HTMLElement | null>): void {
  const { key } = useLocation();
  useEffect(() => {
    if (key !== 'default') ref.current?.focus({ preventScroll: true });
  }, [key, ref]);
}
