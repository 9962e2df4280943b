import {
  type CourseCompletion,
  CourseImage,
  courseCompletion,
  courseMinutes,
  type EnrolledCourse,
  formatDuration,
  type Lecture,
  Link,
  lectureToContinue,
  percentText,
  useNavigate,
} from '@courseport/shared-ui';
import { Progress } from '@courseport/shared-ui/antd/progress';
import { Table } from '@courseport/shared-ui/antd/table';
import { useMemo } from 'react';
import { CertificateButton } from '../../../components/CertificateButton';
import { type ProgressByCourse, progressOf } from '../hooks/useEnrollmentProgress';

interface Row extends CourseCompletion {
  course: EnrolledCourse;
  minutes: number;
  /** The lecture "Continue" opens: the saved one, else the first not completed. */
  continueWith: Lecture | null;
}

/** The player at `lecture` of `course`. */
const playerPath = (course: EnrolledCourse, lecture?: Lecture) =>
  `/player/${encodeURIComponent(course._id)}${lecture ? `?lecture=${encodeURIComponent(lecture.lectureId)}` : ''}`;

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
        {row.continueWith && (
          <Link
            className="ln-continue"
            to={playerPath(course, row.continueWith)}
            // The visible text first (WCAG 2.5.3), then the course it is in.
            aria-label={`Continue: ${row.continueWith.lectureTitle}, in ${course.courseTitle}`}
          >
            Continue: <span className="ln-continue-lecture">{row.continueWith.lectureTitle}</span>
          </Link>
        )}
      </div>
    </div>
  );
}

/**
 * The enrolled courses (in the order given), each with its progress, "Continue" naming the lecture
 * to go on with, and a button that opens the player.
 */
export function EnrollmentsTable({ courses, progress }: { courses: EnrolledCourse[]; progress: ProgressByCourse }) {
  const navigate = useNavigate();
  const rows = useMemo<Row[]>(
    () =>
      courses.map((course) => {
        const { completed, position } = progressOf(progress, course._id);
        return {
          course,
          minutes: courseMinutes(course),
          continueWith: lectureToContinue(course, completed, position?.lectureId),
          ...courseCompletion(course, completed),
        };
      }),
    [courses, progress],
  );

  return (
    <Table<Row>
      className="ln-enrollments"
      rowKey={(row) => row.course._id}
      dataSource={rows}
      pagination={false}
      // Phones (below antd's `sm`): no Duration column and a compact table, so the rest fits the
      // screen. Said in CSS (enrollments.css), so the page rendered on the server is already right.
      size="middle"
      // Titles wrap to fit the screen; below this width the table scrolls sideways instead.
      scroll={{ x: 320 }}
      columns={[
        { title: 'Course', key: 'course', render: (_, row) => <CourseCell row={row} /> },
        {
          title: 'Duration',
          key: 'duration',
          className: 'ln-col-duration',
          render: (_: unknown, row: Row) => <span className="cp-nowrap">{formatDuration(row.minutes)}</span>,
        },
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
                onClick={() => navigate(playerPath(row.course))}
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
