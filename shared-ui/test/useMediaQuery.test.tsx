import { act, renderHook } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { maxWidthQuery, minWidthQuery, useMediaQuery, useMinWidth } from '../src/hooks/useMediaQuery';

const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
afterEach(() => {
  if (original) Object.defineProperty(window, 'matchMedia', original);
});

function Probe() {
  return <span>{useMediaQuery('(max-width: 575px)') ? 'phone' : 'wide'}</span>;
}

/** A matchMedia whose answer the test changes, telling the listeners. */
function controllableMatchMedia(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (media: string) => ({
      get matches() {
        return matches;
      },
      media,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }),
  });
  return {
    set(value: boolean) {
      matches = value;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

describe('useMediaQuery', () => {
  it('answers from the first render and follows changes, and unsubscribes when unmounted', () => {
    const media = controllableMatchMedia(true);
    const { result, unmount } = renderHook(() => useMediaQuery('(max-width: 575px)'));
    expect(result.current).toBe(true);
    act(() => media.set(false));
    expect(result.current).toBe(false);
    unmount();
    expect(media.listeners.size).toBe(0);
  });

  it('answers the server value where there is no matchMedia (SSR, bare jsdom)', () => {
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: undefined });
    expect(renderHook(() => useMediaQuery('(min-width: 768px)')).result.current).toBe(false);
    expect(renderHook(() => useMediaQuery('(min-width: 768px)', true)).result.current).toBe(true);
    expect(renderHook(() => useMinWidth('md')).result.current).toBe(true);
  });

  it('renders on the server with the server value', () => {
    expect(renderToString(<Probe />)).toContain('wide');
  });

  it("builds the breakpoints' queries", () => {
    expect(minWidthQuery('md')).toBe('(min-width: 768px)');
    expect(maxWidthQuery('sm')).toBe('(max-width: 575px)');
  });
});
