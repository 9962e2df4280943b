import { useSyncExternalStore } from 'react';

/** antd's breakpoints (px): the platform's layouts switch at the same widths. */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;

/** Whether the window is at least `breakpoint` wide, kept up to date. */
export function useMinWidth(breakpoint: keyof typeof BREAKPOINTS): boolean {
  const query = `(min-width: ${BREAKPOINTS[breakpoint]}px)`;
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}
