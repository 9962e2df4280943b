import { useLocation } from '@courseport/shared-ui';
import { type RefObject, useEffect } from 'react';

/** 'Dashboard' → 'Dashboard · Educator · Courseport'. */
export const pageTitle = (name: string) => `${name} · Educator · Courseport`;

/** The tab's title names the page. */
export function usePageTitle(name: string): void {
  useEffect(() => {
    document.title = pageTitle(name);
  }, [name]);
}

/**
 * After a navigation inside the app, focus goes to the page's heading (a screen reader announces
 * the new page; Tab continues from there). Not on the first page of a visit: the browser starts at
 * the top of the document there, and the skip link must stay first.
 */
export function useFocusOnNavigation(target: RefObject<HTMLElement | null>): void {
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location (its key) is the trigger.
  useEffect(() => {
    if (key !== 'default') target.current?.focus({ preventScroll: false });
  }, [key]);
}
