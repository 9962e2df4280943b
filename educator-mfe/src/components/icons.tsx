import type { ReactNode } from 'react';

/** Inline icons (24×24, stroke = currentColor): the portal ships no icon library. */
export function Icon({ size = 20, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const DashboardIcon = () => (
  <Icon>
    <path d="M3 10.5L12 3l9 7.5" />
    <path d="M5 9.5V21h5v-6h4v6h5V9.5" />
  </Icon>
);

export const CouponsIcon = () => (
  <Icon>
    <path d="M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-3a2 2 0 0 0 0-4z" />
    <path d="M9.5 14.5l5-5M9.5 9.5h.01M14.5 14.5h.01" />
  </Icon>
);

export const ProfileIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Icon>
);

export const ReviewsIcon = () => (
  <Icon>
    <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    <path d="M12 7l1.2 2.4 2.6.4-1.9 1.8.5 2.6-2.4-1.3-2.4 1.3.5-2.6-1.9-1.8 2.6-.4z" />
  </Icon>
);

export const AddCourseIcon = () => (
  <Icon>
    <rect x="3" y="3" width="18" height="18" rx="3" />
    <path d="M12 8v8M8 12h8" />
  </Icon>
);

export const MyCoursesIcon = () => (
  <Icon>
    <path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z" />
    <path d="M4 5v16M8 7h7" />
  </Icon>
);

export const StudentsIcon = () => (
  <Icon>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
  </Icon>
);

export const CollapseIcon = ({ collapsed }: { collapsed: boolean }) => (
  <Icon size={18}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16" />
    <path d={collapsed ? 'M13 10l2 2-2 2' : 'M16 10l-2 2 2 2'} />
  </Icon>
);

export const ChevronIcon = ({ open }: { open: boolean }) => (
  <Icon size={18}>
    <path d={open ? 'M6 9l6 6 6-6' : 'M9 6l6 6-6 6'} />
  </Icon>
);

export const CloseIcon = ({ size = 16 }: { size?: number }) => (
  <Icon size={size}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

/** Six dots: a handle that moves what it is on (drag, or Space and the arrow keys). */
export const DragIcon = () => (
  <Icon size={16}>
    <path d="M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01" strokeWidth="3" />
  </Icon>
);

export const EditIcon = () => (
  <Icon size={16}>
    <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
  </Icon>
);

export const PersonIcon = () => (
  <Icon size={18}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Icon>
);

export const SearchIcon = () => (
  <Icon size={16}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4-4" />
  </Icon>
);

export const UploadIcon = () => (
  <Icon size={22}>
    <path d="M12 16V4M7 9l5-5 5 5" />
    <path d="M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </Icon>
);

export const UsersStatIcon = StudentsIcon;
export const CoursesStatIcon = MyCoursesIcon;

export const EarningsIcon = () => (
  <Icon>
    <rect x="2.5" y="6" width="19" height="12" rx="2" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M6 10v4M18 10v4" />
  </Icon>
);

/** The sidebar's Analytics (#36): a rising line over bars. */
export const AnalyticsIcon = () => (
  <Icon>
    <path d="M4 20h16" />
    <path d="M7 16v-3M12 16v-6M17 16v-8" />
    <path d="M4 11l5-4 4 2 7-5" />
  </Icon>
);

/** The sidebar's Videos (20 px, as the other sidebar icons). */
export const VideosIcon = () => (
  <Icon>
    <rect x="3" y="5" width="14" height="14" rx="2" />
    <path d="M17 10l4-2.5v9L17 14" />
  </Icon>
);

export const VideoIcon = () => (
  <Icon size={16}>
    <rect x="3" y="5" width="14" height="14" rx="2" />
    <path d="M17 10l4-2.5v9L17 14" />
  </Icon>
);

export const ArticleIcon = () => (
  <Icon size={16}>
    <path d="M6 3h9l4 4v14H6z" />
    <path d="M9 11h7M9 15h7M9 7h3" />
  </Icon>
);

export const QuizIcon = () => (
  <Icon size={16}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />
  </Icon>
);

export const ProjectIcon = () => (
  <Icon size={16}>
    <path d="M8 9l-4 3 4 3M16 9l4 3-4 3M14 5l-4 14" />
  </Icon>
);

export const SubmissionsIcon = () => (
  <Icon>
    <path d="M4 13h4l2 3h4l2-3h4" />
    <path d="M4 13l2-8h12l2 8v6H4z" />
  </Icon>
);

export const QuizStatsIcon = () => (
  <Icon>
    <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
  </Icon>
);

export const UpIcon = () => (
  <Icon size={16}>
    <path d="M6 15l6-6 6 6" />
  </Icon>
);

export const DownIcon = () => (
  <Icon size={16}>
    <path d="M6 9l6 6 6-6" />
  </Icon>
);

export const QuestionsIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />
  </Icon>
);
