import { type RefObject, useEffect } from 'react';

/** The custom property `styles/shell.css` places the toasts with. */
export const TOAST_TOP_PROPERTY = '--cp-toast-top';
const GAP_PX = 8;

/**
 * Keeps the toasts below the navigation bar (and the demo notice above it): the bar's bottom edge
 * in the document, measured whenever the bar changes size (it wraps to two rows on phones).
 */
export function useToastOffset(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () =>
      root.style.setProperty(TOAST_TOP_PROPERTY, `${element.offsetTop + element.offsetHeight + GAP_PX}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(TOAST_TOP_PROPERTY);
    };
  }, [bar]);
}
