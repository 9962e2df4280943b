import type { ReactNode } from 'react';

/**
 * A wide table's box: on narrow screens (390 px phones) the table scrolls sideways inside it and
 * the page never does. Focusable, so the keyboard can scroll it too.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className="cp-admin-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
