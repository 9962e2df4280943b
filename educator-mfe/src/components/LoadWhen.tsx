import { type ReactNode, Suspense, useState } from 'react';

/**
 * Mounts lazily loaded children (a dialog in its own chunk, #34) the first time `when` is true,
 * which is when their chunk loads, and keeps them mounted afterwards, so dialogs still animate closed.
 */
export function LoadWhen({ when, children }: { when: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(when);
  if (when && !seen) setSeen(true);
  return seen ? <Suspense fallback={null}>{children}</Suspense> : null;
}
