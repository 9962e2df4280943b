import type { ReactNode } from 'react';

/**
 * The page's one `<h1>`. Focusable from script (`tabIndex={-1}`, not a tab stop), so focus can move
 * to it on navigation; `hidden` keeps it for screen readers only (a page whose design has no visible title).
 */
export function PageHeading({ children, hidden = false }: { children: ReactNode; hidden?: boolean }) {
  return (
    <h1 className={hidden ? 'ln-visually-hidden' : 'ln-title'} tabIndex={-1}>
      {children}
    </h1>
  );
}
