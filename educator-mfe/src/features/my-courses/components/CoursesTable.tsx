import type { EducatorCourse } from '@courseport/shared-ui';
import { dateColumn, descriptionTeaser, money } from '@courseport/shared-ui';
import { Table } from '@courseport/shared-ui/antd/table';
import { useRef } from 'react';
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

function CourseRows({ courses, currency, busy, onAction }: CoursesProps) {
  return (
    <div className="ed-table-wrap">
      <Table<EducatorCourse>
        aria-label="My Courses"
        rowKey="_id"
        dataSource={courses}
        pagination={courses.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        columns={[
          { key: 'course', title: 'Course', render: (_, course) => <CourseSummary course={course} /> },
          {
            key: 'earnings',
            title: 'Earnings',
            render: (_, course) => (
              <span className="cp-nowrap">{money(currency, course.earnings, { dropZeroCents: true })}</span>
            ),
          },
          { key: 'students', title: 'Students', dataIndex: 'studentsCount', align: 'center' },
          dateColumn<EducatorCourse>('published', 'Published On', (course) => course.createdAt, localDate),
          {
            key: 'actions',
            title: 'Actions',
            render: (_, course) => (
              <CourseActions
                course={course}
                busy={busy?.courseId === course._id ? busy.action : null}
                onAction={(action) => onAction(course, action)}
              />
            ),
          },
        ]}
      />
    </div>
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
