import { useLocation } from '@courseport/shared-ui';
import { type RefObject, useEffect } from 'react';

/**
 * Moves the focus to `ref` (the page's heading, `tabIndex={-1}`) when the page was reached by a
 * navigation inside the app, so a screen reader starts at the new page's title. Not on the
 * document's first load (the router's first location has the key 'default'), where the skip link
 * comes first.
 */
export function useFocusOnNavigation(ref: RefObject<HTMLElement | null>) {
  const { key } = useLocation();
  useEffect(() => {
    if (key !== 'default') ref.current?.focus({ preventScroll: true });
  }, [key, ref]);
}
