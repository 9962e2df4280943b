import {
  type CourseCompletion,
  CourseImage,
  courseCompletion,
  courseMinutes,
  type EnrolledCourse,
  formatDuration,
  maxWidthQuery,
  percentText,
  useMediaQuery,
  useNavigate,
} from '@courseport/shared-ui';
import { Progress, Table } from '@courseport/shared-ui/heavy';
import { useMemo } from 'react';
import { CertificateButton } from '../../certificates/components/CertificateButton';
import { completedIds, type ProgressByCourse } from '../hooks/useEnrollmentProgress';

interface Row extends CourseCompletion {
  course: EnrolledCourse;
  minutes: number;
}

/** `.ln-course-thumb` (enrollments.css): 112px wide, 72px on phones (below 576px). */
const THUMB_SIZES = '(max-width: 575px) 72px, 112px';

function CourseCell({ row }: { row: Row }) {
  const { course } = row;
  return (
    <div className="ln-course-cell">
      <CourseImage className="ln-course-thumb" course={course} sizes={THUMB_SIZES} />
      <div className="ln-course-info">
        <span className="ln-course-title cp-clamped-title">{course.courseTitle}</span>
        <Progress
          className="ln-course-progress"
          percent={row.percent}
          size="small"
          format={percentText}
          aria-label={`${course.courseTitle} progress`}
        />
      </div>
    </div>
  );
}

/** The enrolled courses (in the order given), each with its progress and a button that opens the player. */
export function EnrollmentsTable({ courses, progress }: { courses: EnrolledCourse[]; progress: ProgressByCourse }) {
  const navigate = useNavigate();
  // Phones (below antd's `sm`): no Duration column and a compact table, so the rest fits the screen.
  const phone = useMediaQuery(maxWidthQuery('sm'));
  const rows = useMemo<Row[]>(
    () =>
      courses.map((course) => ({
        course,
        minutes: courseMinutes(course),
        ...courseCompletion(course, completedIds(progress, course._id)),
      })),
    [courses, progress],
  );

  return (
    <Table<Row>
      className="ln-enrollments"
      rowKey={(row) => row.course._id}
      dataSource={rows}
      pagination={false}
      size={phone ? 'small' : 'middle'}
      // Titles wrap to fit the screen; below this width the table scrolls sideways instead.
      scroll={{ x: 320 }}
      columns={[
        { title: 'Course', key: 'course', render: (_, row) => <CourseCell row={row} /> },
        ...(phone
          ? []
          : [
              {
                title: 'Duration',
                key: 'duration',
                render: (_: unknown, row: Row) => <span className="cp-nowrap">{formatDuration(row.minutes)}</span>,
              },
            ]),
        {
          title: 'Completed',
          key: 'completed',
          render: (_, row) => <span className="ln-completed">{`${row.completed} / ${row.total} Lectures`}</span>,
        },
        {
          title: 'Status',
          key: 'status',
          align: 'right',
          render: (_, row) => (
            <span className="ln-status-cell">
              {row.done && (
                <CertificateButton
                  size="small"
                  courseId={row.course._id}
                  courseTitle={row.course.courseTitle}
                  label="Certificate"
                />
              )}
              <button
                type="button"
                className={row.done ? 'ln-status ln-status-done' : 'ln-status'}
                aria-label={`${row.done ? 'Completed' : 'On Going'}: ${row.course.courseTitle}`}
                onClick={() => navigate(`/player/${encodeURIComponent(row.course._id)}`)}
              >
                {row.done ? 'Completed' : 'On Going'}
              </button>
            </span>
          ),
        },
      ]}
    />
  );
}
