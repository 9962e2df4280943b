import type { ReactNode } from 'react';
import { CoursesStatIcon, EarningsIcon, UsersStatIcon } from '../../../components/icons';

function StatCard({ icon, label, value, tone }: { icon: ReactNode; label: string; value: string; tone: string }) {
  return (
    <li className={`ed-stat ed-panel ed-stat-${tone}`}>
      <span className="ed-stat-icon">{icon}</span>
      <span className="ed-stat-text">
        <span className="ed-stat-value">{value}</span>
        <span className="ed-stat-label">{label}</span>
      </span>
    </li>
  );
}

/** The three totals at the top of the dashboard. */
export function StatCards({
  enrollments,
  courses,
  earnings,
}: {
  enrollments: number;
  courses: number;
  earnings: string;
}) {
  return (
    <ul className="ed-stats" aria-label="Totals">
      <StatCard icon={<UsersStatIcon />} label="Total Enrollments" value={String(enrollments)} tone="blue" />
      <StatCard icon={<CoursesStatIcon />} label="Total Courses" value={String(courses)} tone="violet" />
      <StatCard icon={<EarningsIcon />} label="Total Earnings" value={earnings} tone="green" />
    </ul>
  );
}
