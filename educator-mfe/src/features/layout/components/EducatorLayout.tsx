import { minWidthQuery, Outlet, useLocation, useMediaQuery } from '@courseport/shared-ui';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useIsEducator } from '../hooks/useSignedInUser';
import '../../../styles/layout.css';
import { PortalFooter } from './PortalFooter';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** Phones start with the sidebar collapsed. */
const DESKTOP_QUERY = minWidthQuery('md');
const isPhone = () => typeof window !== 'undefined' && window.matchMedia?.(DESKTOP_QUERY).matches === false;

/** The frame of every /educator page: top bar, the sidebar (educators only), the page and the footer. */
export function EducatorLayout() {
  const isEducator = useIsEducator();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const { pathname } = useLocation();
  // The server cannot see the screen: the first render leaves the sidebar to layout.css (expanded
  // from md up, collapsed on phones), and the browser decides before it paints its own render.
  const [collapsed, setCollapsed] = useState(false);
  const [decided, setDecided] = useState(false);
  useLayoutEffect(() => {
    if (isPhone()) setCollapsed(true);
    setDecided(true);
  }, []);

  // On phones the expanded sidebar covers the page: choosing a page, or the window narrowing to a
  // phone's width, closes it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname and desktop are the triggers, not values read here.
  useEffect(() => {
    // (The screen itself, not `desktop`: taking over a server-rendered page, that is the server's guess first.)
    if (isPhone()) setCollapsed(true);
  }, [pathname, desktop]);

  return (
    <div className="ed-portal" data-portal="educator">
      <TopBar />
      <div className="ed-body">
        {isEducator && (
          <Sidebar collapsed={collapsed} undecided={!decided} onToggle={() => setCollapsed((value) => !value)} />
        )}
        <div className="ed-main" id="ed-content">
          <Outlet />
        </div>
      </div>
      <PortalFooter />
    </div>
  );
}
