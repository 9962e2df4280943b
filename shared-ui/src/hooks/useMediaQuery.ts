import { useCallback, useSyncExternalStore } from 'react';

/** antd's breakpoints (px): the platform's layouts switch at the same widths. */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** `(min-width: 768px)` for `'md'`: a screen at least that wide. */
export const minWidthQuery = (breakpoint: Breakpoint) => `(min-width: ${BREAKPOINTS[breakpoint]}px)`;
/** `(max-width: 767px)` for `'md'`: a screen narrower than the breakpoint. */
export const maxWidthQuery = (breakpoint: Breakpoint) => `(max-width: ${BREAKPOINTS[breakpoint] - 1}px)`;

const mediaList = (query: string): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;

/**
 * Whether a CSS media query matches, right from the first render and kept up to date:
 * `useMediaQuery('(max-width: 575px)')`, `useMediaQuery(minWidthQuery('md'))`.
 * Where there is no `matchMedia` (the server, a bare jsdom) it answers `serverValue`, false unless said.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaList(query);
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaList(query)?.matches ?? serverValue,
    () => serverValue,
  );
}

/**
 * Whether the window is at least `breakpoint` wide, kept up to date. Without `matchMedia` it
 * answers true (the desktop layout), as before.
 */
export const useMinWidth = (breakpoint: Breakpoint): boolean => useMediaQuery(minWidthQuery(breakpoint), true);
