import { type EnrolledStudent, Pager } from '@courseport/shared-ui';
import { type ReactNode, useState } from 'react';
import { localDate } from '../lib/dates';
import { UserAvatar } from './UserAvatar';

const PAGE_SIZE = 10;

/**
 * Enrollments as a table: '#', 'Student Name' (avatar and name), 'Course Title' and 'Date', ten
 * to a page. A plain table with antd's look (shared-ui's `.cp-table`): the dashboard's first load
 * needs no antd for it (#34). Wider than a phone, it scrolls sideways in its own box, which the
 * keyboard can reach.
 */
export function EnrollmentsTable({
  enrollments,
  empty,
  label,
}: {
  enrollments: EnrolledStudent[];
  /** Shown instead of the rows when there are none. */
  empty: ReactNode;
  label: string;
}) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(enrollments.length / PAGE_SIZE));
  // A search that leaves fewer rows shows the last page there is.
  const current = Math.min(page, pages);
  const first = (current - 1) * PAGE_SIZE;
  const shown = enrollments.slice(first, first + PAGE_SIZE);
  return (
    <div className="ed-enrollments">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach (WCAG 2.1.1). */}
      <section className="cp-table-scroll ed-table-wrap" tabIndex={0} aria-label={label}>
        <table className="cp-table ed-table" aria-label={label}>
          <thead>
            <tr>
              <th scope="col" className="ed-col-position">
                #
              </th>
              <th scope="col">Student Name</th>
              <th scope="col">Course Title</th>
              <th scope="col">Date</th>
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 ? (
              <tr className="ed-table-placeholder">
                <td colSpan={4}>{empty}</td>
              </tr>
            ) : (
              shown.map((enrollment, index) => (
                <tr
                  // biome-ignore lint/suspicious/noArrayIndexKey: a student may enrol twice the same day; the position tells them apart.
                  key={`${first + index}-${enrollment.student?._id ?? ''}-${enrollment.purchaseDate ?? ''}`}
                  className="ed-row"
                >
                  <td className="ed-col-position">{first + index + 1}</td>
                  <td>
                    <span className="ed-person">
                      <UserAvatar
                        name={enrollment.student?.name ?? ''}
                        imageUrl={enrollment.student?.imageUrl}
                        size={36}
                      />
                      <span className="ed-person-name">{enrollment.student?.name || 'Unknown student'}</span>
                    </span>
                  </td>
                  <td>{enrollment.courseTitle}</td>
                  <td>
                    <span className="cp-nowrap">{localDate(enrollment.purchaseDate)}</span>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      <Pager
        label={`${label} pages`}
        className="ed-table-pager"
        page={current}
        pageSize={PAGE_SIZE}
        total={enrollments.length}
        onChange={setPage}
      />
    </div>
  );
}
