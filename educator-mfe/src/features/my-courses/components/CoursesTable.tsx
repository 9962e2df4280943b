import type { EducatorCourse } from '@courseport/shared-ui';
import { dateColumn, descriptionTeaser, money } from '@courseport/shared-ui';
import { Table } from '@courseport/shared-ui/heavy';
import { localDate } from '../../students/components/dates';
import type { CourseAction } from '../api/courses';
import { CourseActions } from './CourseActions';
import { CourseStatusTag } from './CourseStatusTag';
import { CourseThumbnail } from './CourseThumbnail';

/** The educator's courses: 'Course', 'Status', 'Earnings', 'Students', 'Published On' and 'Actions'. */
export function CoursesTable({
  courses,
  currency,
  busy,
  onAction,
}: {
  courses: EducatorCourse[];
  currency: string;
  /** The course an action is running for. */
  busy: { courseId: string; action: CourseAction } | null;
  onAction: (course: EducatorCourse, action: CourseAction) => void;
}) {
  return (
    <div className="ed-table-wrap">
      <Table<EducatorCourse>
        aria-label="My Courses"
        rowKey="_id"
        dataSource={courses}
        pagination={courses.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'course',
            title: 'Course',
            render: (_, course) => (
              <div className="ed-course-cell">
                <CourseThumbnail course={course} />
                <div className="ed-course-text">
                  <span className="ed-course-title">{course.courseTitle}</span>
                  <span className="ed-course-teaser">
                    {descriptionTeaser(course.courseDescription, 50, { alwaysEllipsis: true })}
                  </span>
                </div>
              </div>
            ),
          },
          {
            key: 'status',
            title: 'Status',
            render: (_, course) => <CourseStatusTag status={course.status} />,
          },
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
