import { useFocusOnNavigation } from '@courseport/shared-ui';
import { Typography } from '@courseport/shared-ui/heavy';
import { type CSSProperties, type ReactNode, useRef } from 'react';

/** The page's one <h1>: focused when the page is reached by a navigation. */
export function PageHeading({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useFocusOnNavigation(ref);
  return (
    <Typography.Title level={1} ref={ref} tabIndex={-1} className="cp-admin-heading" style={style}>
      {children}
    </Typography.Title>
  );
}
