import { NavLink, useQuery } from '@courseport/shared-ui';
import { type ReactNode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { unansweredCountQuery } from '../../../api/questions';
import {
  AddCourseIcon,
  AnalyticsIcon,
  CollapseIcon,
  CouponsIcon,
  DashboardIcon,
  EarningsIcon,
  MyCoursesIcon,
  ProfileIcon,
  QuestionsIcon,
  QuizStatsIcon,
  ReviewsIcon,
  StudentsIcon,
  SubmissionsIcon,
  VideosIcon,
} from '../../../components/icons';
import { PATHS } from '../../../lib/paths';
import { useIsEducator } from '../hooks/useSignedInUser';

export const SIDEBAR_LINKS: ReadonlyArray<{ label: string; to: string; icon: ReactNode; end?: boolean }> = [
  { label: 'Dashboard', to: PATHS.dashboard, icon: <DashboardIcon />, end: true },
  { label: 'Add Course', to: PATHS.addCourse, icon: <AddCourseIcon /> },
  { label: 'My Courses', to: PATHS.myCourses, icon: <MyCoursesIcon /> },
  { label: 'Videos', to: PATHS.videos, icon: <VideosIcon /> },
  { label: 'Student Enrolled', to: PATHS.studentEnrolled, icon: <StudentsIcon /> },
  { label: 'Coupons', to: PATHS.coupons, icon: <CouponsIcon /> },
  { label: 'Reviews', to: PATHS.reviews, icon: <ReviewsIcon /> },
  { label: 'Q&A', to: PATHS.questions, icon: <QuestionsIcon /> },
  { label: 'Project Submissions', to: PATHS.submissions, icon: <SubmissionsIcon /> },
  { label: 'Quiz Results', to: PATHS.quizResults, icon: <QuizStatsIcon /> },
  { label: 'Earnings', to: PATHS.earnings, icon: <EarningsIcon /> },
  { label: 'Analytics', to: PATHS.analytics, icon: <AnalyticsIcon /> },
  { label: 'Profile', to: PATHS.profile, icon: <ProfileIcon /> },
];

export const VERSION_TEXT = 'Educator Portal v1.0.0';

/**
 * Widths in pixels: collapsed (Tailwind w-20), expanded on phones, expanded from `md` up (w-72);
 * set by layout.css (`.ed-sidebar`), so a page rendered on the server has them too.
 */
export const SIDEBAR_WIDTH = { collapsed: 80, phone: 224, desktop: 288 } as const;

interface SidebarProps {
  collapsed: boolean;
  /**
   * Not decided yet (the server's render, and the browser's until it has looked at the screen):
   * expanded from `md` up, collapsed on phones, by layout.css alone.
   */
  undecided?: boolean;
  onToggle: () => void;
}

/** A collapsed link's tooltip: its label, beside the link (in the page's body: the sidebar clips). */
interface Tip {
  label: string;
  top: number;
  left: number;
}

/**
 * antd's Tooltip look, without antd (#34): shown while a collapsed link is pointed at or focused,
 * hidden by Escape. The link's own name (its label, hidden visually) is what screen readers read.
 */
function SidebarTip({ tip, onClose }: { tip: Tip; onClose: () => void }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    const close = () => onClose();
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', close, true);
    };
  }, [onClose]);
  return createPortal(
    <div role="tooltip" className="ed-tooltip" style={{ top: tip.top, left: tip.left }}>
      {tip.label}
    </div>,
    document.body,
  );
}

/**
 * The Q&A link's badge (#35): the educator's unanswered questions (the API's kept count, looked at
 * again every minute); nothing when there are none or the count cannot be had. Its number is read
 * with the link's name ("Q&A (3 unanswered)").
 */
function UnansweredBadge() {
  const isEducator = useIsEducator();
  const count = useQuery({ ...unansweredCountQuery(), enabled: isEducator });
  const open = count.data ?? 0;
  if (open === 0) return null;
  return (
    <span className="ed-sidebar-badge">
      <span aria-hidden="true">{open > 99 ? '99+' : open}</span>
      <span className="cp-visually-hidden">{`(${open} unanswered)`}</span>
    </span>
  );
}

/** The educator navigation: icons only (with tooltips) when collapsed, icons and labels when expanded. */
export function Sidebar({ collapsed, undecided = false, onToggle }: SidebarProps) {
  const state = collapsed ? ' is-collapsed' : undecided ? ' is-undecided' : '';
  const [tip, setTip] = useState<Tip | null>(null);
  const hideTip = () => setTip(null);
  const showTip = (label: string, element: HTMLElement) => {
    if (!collapsed) return;
    const box = element.getBoundingClientRect();
    setTip({ label, top: box.top + box.height / 2, left: box.right + 8 });
  };
  // Expanding shows the labels themselves.
  if (!collapsed && tip) setTip(null);
  return (
    <aside className={`ed-sidebar${state}`} data-collapsed={collapsed}>
      <button
        type="button"
        className="ed-sidebar-toggle"
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        aria-expanded={!collapsed}
        aria-controls="ed-sidebar-nav"
        onClick={onToggle}
      >
        <CollapseIcon collapsed={collapsed} />
      </button>
      <nav id="ed-sidebar-nav" aria-label="Educator" className="ed-sidebar-nav">
        {SIDEBAR_LINKS.map(({ label, to, icon, end }) => (
          <NavLink
            key={to}
            to={to}
            end={end}
            className={({ isActive }) => (isActive ? 'ed-sidebar-link is-active' : 'ed-sidebar-link')}
            onPointerEnter={(event) => showTip(label, event.currentTarget)}
            onPointerLeave={hideTip}
            onFocus={(event) => showTip(label, event.currentTarget)}
            onBlur={hideTip}
            onClick={hideTip}
          >
            <span className="ed-sidebar-icon">{icon}</span>
            <span className={collapsed ? 'cp-visually-hidden' : 'ed-sidebar-label'}>{label}</span>
            {to === PATHS.questions && <UnansweredBadge />}
          </NavLink>
        ))}
      </nav>
      <p className={collapsed ? 'cp-visually-hidden' : 'ed-sidebar-version'}>{VERSION_TEXT}</p>
      {tip && <SidebarTip tip={tip} onClose={hideTip} />}
    </aside>
  );
}
