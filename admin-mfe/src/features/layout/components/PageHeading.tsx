import { useLocation } from '@courseport/shared-ui';
import { type CSSProperties, type ReactNode, useEffect, useRef } from 'react';

/**
 * The page's one <h1>: focused when the page is reached by a navigation, not on a first load, nor
 * when only the dashboard's tab changed (the focus stays on the tab).
 */
export function PageHeading({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { key, state } = useLocation();
  const tabChange = (state as { adminTab?: boolean } | null)?.adminTab === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation (its key), as useFocusOnNavigation.
  useEffect(() => {
    if (key !== 'default' && !tabChange) ref.current?.focus({ preventScroll: true });
  }, [key]);
  return (
    // antd's level-1 Title look, in admin.css (#34: the first screen draws no antd).
    <h1 ref={ref} tabIndex={-1} className="cp-admin-heading" style={style}>
      {children}
    </h1>
  );
}
