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
  useNavigate,
} from '@courseport/shared-ui';
import { useMemo } from 'react';
import { CertificateButton } from '../../../components/CertificateButton';
import { ProgressBar } from '../../../components/ProgressBar';
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
        <ProgressBar className="ln-course-progress" percent={row.percent} label={`${course.courseTitle} progress`} />
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
 * to go on with, and a button that opens the player. A plain table with antd's look
 * (enrollments.css); on phones (below 576px) compact and without the Duration column, by CSS, so
 * the page rendered on the server is already right.
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
    // Titles wrap to fit the screen; below the table's least width (320px) it scrolls sideways,
    // and the keyboard can scroll it too (a named tab stop).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach (WCAG 2.1.1).
    <section className="cp-table-scroll" tabIndex={0} aria-label="Your enrolled courses">
      <table className="cp-table ln-enrollments">
        <thead>
          <tr>
            <th scope="col">Course</th>
            <th scope="col" className="ln-col-duration">
              Duration
            </th>
            <th scope="col">Completed</th>
            <th scope="col" className="ln-col-status">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.course._id}>
              <td>
                <CourseCell row={row} />
              </td>
              <td className="ln-col-duration">
                <span className="cp-nowrap">{formatDuration(row.minutes)}</span>
              </td>
              <td>
                <span className="ln-completed">{`${row.completed} / ${row.total} Lectures`}</span>
              </td>
              <td className="ln-col-status">
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
