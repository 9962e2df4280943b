import type { EducatorCourse } from '@courseport/shared-ui';
import { descriptionTeaser, money, Pager } from '@courseport/shared-ui';
import { useRef, useState } from 'react';

import { localDate } from '../../../lib/dates';
import type { CourseAction } from '../api/courses';
import { useNarrow } from '../hooks/useNarrow';
import { CourseActions } from './CourseActions';
import { CourseStatusTag } from './CourseStatusTag';
import { CourseThumbnail } from './CourseThumbnail';

/**
 * The width (px) the table needs with every column in view; a narrower panel shows cards. Course
 * ≤ 300 + Earnings + Students + Published On + Actions 170, with the cells' padding.
 */
const TABLE_WIDTH = 860;

interface CoursesProps {
  courses: EducatorCourse[];
  currency: string;
  /** The course an action is running for. */
  busy: { courseId: string; action: CourseAction } | null;
  onAction: (course: EducatorCourse, action: CourseAction) => void;
}

/** Thumbnail, title, the description's first 50 characters and the status. */
function CourseSummary({ course }: { course: EducatorCourse }) {
  return (
    <div className="ed-course-cell">
      <CourseThumbnail course={course} />
      <div className="ed-course-text">
        <span className="ed-course-title">{course.courseTitle}</span>
        <span className="ed-course-teaser">
          {descriptionTeaser(course.courseDescription, 50, { alwaysEllipsis: true })}
        </span>
        <span className="ed-course-status">
          <CourseStatusTag status={course.status} />
        </span>
      </div>
    </div>
  );
}

/**
 * The educator's courses: a table ('Course' with its status, 'Earnings', 'Students', 'Published On',
 * 'Actions') where it fits whole, else one card per course with the same facts and every action.
 */
export function CoursesTable(props: CoursesProps) {
  const panel = useRef<HTMLElement>(null);
  const narrow = useNarrow(panel, TABLE_WIDTH);
  return (
    <section ref={panel} className={narrow ? 'ed-course-list' : 'ed-panel ed-panel-table'}>
      {narrow ? <CourseCards {...props} /> : <CourseRows {...props} />}
    </section>
  );
}

const PAGE_SIZE = 10;

/**
 * The table, ten courses to a page: a plain table with antd's look (shared-ui's `.cp-table`), so
 * My Courses' first load needs no antd (#34).
 */
function CourseRows({ courses, currency, busy, onAction }: CoursesProps) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(courses.length / PAGE_SIZE));
  // A course archived or deleted from the last page shows the one before.
  const current = Math.min(page, pages);
  const shown = courses.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach (WCAG 2.1.1). */}
      <section className="cp-table-scroll ed-table-wrap" tabIndex={0} aria-label="My Courses">
        <table className="cp-table ed-table" aria-label="My Courses">
          <thead>
            <tr>
              <th scope="col">Course</th>
              <th scope="col">Earnings</th>
              <th scope="col" className="ed-col-center">
                Students
              </th>
              <th scope="col">Published On</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((course) => (
              <tr key={course._id} className="ed-row">
                <td>
                  <CourseSummary course={course} />
                </td>
                <td>
                  <span className="cp-nowrap">{money(currency, course.earnings, { dropZeroCents: true })}</span>
                </td>
                <td className="ed-col-center">{course.studentsCount}</td>
                <td>
                  <span className="cp-nowrap">{localDate(course.createdAt)}</span>
                </td>
                <td>
                  <CourseActions
                    course={course}
                    busy={busy?.courseId === course._id ? busy.action : null}
                    onAction={(action) => onAction(course, action)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <Pager label="My Courses pages" page={current} pageSize={PAGE_SIZE} total={courses.length} onChange={setPage} />
    </>
  );
}

/** Phones and narrow panels: one card per course, its figures labelled, its actions in a row. */
function CourseCards({ courses, currency, busy, onAction }: CoursesProps) {
  return (
    <ul className="ed-course-cards" aria-label="My Courses">
      {courses.map((course) => (
        <li key={course._id} className="ed-panel ed-course-card">
          <CourseSummary course={course} />
          <dl className="ed-course-facts">
            <div>
              <dt>Earnings</dt>
              <dd className="cp-nowrap">{money(currency, course.earnings, { dropZeroCents: true })}</dd>
            </div>
            <div>
              <dt>Students</dt>
              <dd>{course.studentsCount}</dd>
            </div>
            <div>
              <dt>Published On</dt>
              <dd>{localDate(course.createdAt)}</dd>
            </div>
          </dl>
          <CourseActions
            course={course}
            busy={busy?.courseId === course._id ? busy.action : null}
            onAction={(action) => onAction(course, action)}
          />
        </li>
      ))}
    </ul>
  );
}
