import { type ReactNode, useLayoutEffect, useRef } from 'react';

/** A heading that had the focus went away (e.g. the loading state's, as the content arrived). */
let focusHandedOver = false;

/**
 * The page's one `<h1>`. Focusable from script (`tabIndex={-1}`, not a tab stop), so the shell can
 * move focus to it on navigation; when the state's heading that had the focus is replaced by the
 * content's (the player's 'Course player' by the course's title), the new one takes the focus over.
 * `hidden` keeps it for screen readers only (a page whose design has no visible title).
 */
export function PageHeading({ children, hidden = false }: { children: ReactNode; hidden?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);

  useLayoutEffect(() => {
    const heading = ref.current;
    const active = document.activeElement;
    if (focusHandedOver && (active === null || active === document.body)) heading?.focus();
    focusHandedOver = false;
    // Layout cleanups run before the element leaves the document: it still knows whether it had the focus.
    // A heading mounted in the same commit takes it over; after that commit the hand-over is void.
    return () => {
      focusHandedOver = heading !== null && document.activeElement === heading;
      if (focusHandedOver) queueMicrotask(() => (focusHandedOver = false));
    };
  }, []);

  return (
    <h1 ref={ref} className={hidden ? 'cp-visually-hidden' : 'ln-title'} tabIndex={-1}>
      {children}
    </h1>
  );
}
