import { type InstructorProfile, plural } from '@courseport/shared-ui';
import { CourseGrid } from '../../../components/CourseGrid';

/** An educator's photo, name, totals and bio, then their published courses. */
export function InstructorView({ instructor }: { instructor: InstructorProfile }) {
  const { name, imageUrl, bio, courses, totalStudents, averageRating, ratingCount } = instructor;
  return (
    <div className="sf-container sf-instructor">
      <header className="sf-instructor-head">
        {imageUrl && <img className="sf-instructor-photo" src={imageUrl} alt="" width={96} height={96} />}
        <div>
          <p className="sf-instructor-kicker">Instructor</p>
          <h1 className="cp-page-heading sf-instructor-name" tabIndex={-1}>
            {name}
          </h1>
          <ul className="sf-instructor-stats" aria-label="At a glance">
            <li>{plural(totalStudents, 'student')}</li>
            <li>{plural(courses.length, 'course')}</li>
            <li>
              {ratingCount > 0
                ? `${averageRating.toFixed(1)} average rating (${plural(ratingCount, 'rating')})`
                : 'No ratings yet'}
            </li>
          </ul>
        </div>
      </header>
      {bio && (
        <section className="sf-instructor-section" aria-labelledby="sf-instructor-about">
          <h2 id="sf-instructor-about" className="sf-course-section-title">
            About {name}
          </h2>
          <p className="sf-instructor-bio">{bio}</p>
        </section>
      )}
      <section className="sf-instructor-section" aria-labelledby="sf-instructor-courses">
        <h2 id="sf-instructor-courses" className="sf-course-section-title">
          Courses by {name}
        </h2>
        {courses.length > 0 ? (
          <CourseGrid courses={courses} label={`Courses by ${name}`} linkEducators={false} />
        ) : (
          <p className="sf-instructor-empty">No published courses yet.</p>
        )}
      </section>
    </div>
  );
}
