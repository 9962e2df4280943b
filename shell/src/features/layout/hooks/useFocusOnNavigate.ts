import { useLocation } from '@courseport/shared-ui';
import { type RefObject, useEffect, useRef } from 'react';

/** How long to wait for a page (a portal that is still loading) to render its heading. */
export const HEADING_WAIT_MS = 5_000;

/**
 * On a move to another page (not on the first load, and not when only the query changes), focus
 * goes to the new page's <h1> once it has rendered, so a screen reader announces the page and the
 * keyboard starts from it; without a heading in time, to the content region itself. A page that
 * has put the focus inside itself (an autofocused field) keeps it.
 */
export function useFocusOnNavigate(content: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value read here.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = content.current;
    if (!root) return;
    const focusedInside = () => document.activeElement !== root && root.contains(document.activeElement);

    const focusHeading = () => {
      if (focusedInside()) return true;
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      return true;
    };
    if (focusHeading()) return;

    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = setTimeout(() => {
      stop();
      if (!focusedInside()) root.focus();
    }, HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(root, { childList: true, subtree: true });
    return stop;
  }, [pathname, content]);
}
