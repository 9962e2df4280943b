import { maxWidthQuery, useMediaQuery } from '@courseport/shared-ui';
import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the courses are shown as cards instead of a table: on phones (below `md`), and wherever
 * the page's panel is narrower than the table needs (a laptop with the sidebar expanded, a tablet),
 * measured with a ResizeObserver so no column ever hides beyond the panel's edge.
 */
export function useNarrow(ref: RefObject<HTMLElement | null>, tableWidth: number): boolean {
  const phone = useMediaQuery(maxWidthQuery('md'));
  const [narrowPanel, setNarrowPanel] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setNarrowPanel(entry.contentRect.width < tableWidth);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, tableWidth]);
  return phone || narrowPanel;
}
