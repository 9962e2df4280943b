import type { CourseProgress, EnrolledCourse } from '@courseport/shared-ui/contracts';
import type { Clock } from '../../clock.js';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors.js';
import { ConflictError, ID_PATTERN, type Store } from '../../store/index.js';
import { type CourseDoc, coursesRepository } from '../courses/repository.js';
import { COURSE_NOT_FOUND, catalogService, courseProjections } from '../courses/service.js';
import { usersRepository } from '../users/repository.js';
import { USER_NOT_FOUND } from '../users/service.js';
import { progressRepository, ratingsRepository } from './repository.js';

export const NOT_ENROLLED = 'You are not enrolled in this course';

/** What an enrolled student does with a course: watch, complete lectures, rate. */
/** Each failed rebuild means another rater's landed: this bounds a burst far larger than any course sees. */
const MAX_REBUILDS = 200;

export function learningService(store: Store, clock: Clock) {
  const users = usersRepository(store);
  const courses = coursesRepository(store);
  const progress = progressRepository(store);
  const ratings = ratingsRepository(store);
  const projections = courseProjections(courses);

  /** Rebuilds the course's list until a rebuild that read the records lands (see `rate`). */
  async function rebuildRatings(courseId: string): Promise<void> {
    for (let attempt = 0; attempt < MAX_REBUILDS; attempt++) {
      const current = await projections.ratings(courseId);
      if (!current) throw notFound(COURSE_NOT_FOUND);
      const { version } = current;
      // Ratings given before they were records (older data, the demo seed) become records first.
      if (version === 0) await adoptListedRatings(courseId, current.list);
      const all = await ratings.find({ courseId }, { sort: { updatedAt: 1 }, projection: { userId: 1, rating: 1 } });
      const list = all.map((r) => ({ userId: r.userId, rating: r.rating }));
      if (await projections.replaceRatings(courseId, version, list)) return;
    }
    throw new HttpError(503, 'Ratings are very busy right now. Please try again in a moment.');
  }

  /**
   * Raters of one course in this process share rebuilds: a rater joins the next rebuild that has
   * not started yet (it reads the records after the rater's was written), so a burst of N ratings
   * costs about two rebuilds instead of N racing ones. Other processes still race by version.
   */
  const rebuilds = new Map<string, { running: Promise<void>; queued: Promise<void> | null }>();
  function rebuildSoon(courseId: string): Promise<void> {
    const entry = rebuilds.get(courseId) ?? { running: Promise.resolve(), queued: null };
    rebuilds.set(courseId, entry);
    if (entry.queued) return entry.queued;
    const settled = () => {};
    const queued = entry.running.then(settled, settled).then(() => {
      entry.queued = null;
      const run = rebuildRatings(courseId);
      entry.running = run;
      void run.then(settled, settled).then(() => {
        if (entry.running === run && !entry.queued) rebuilds.delete(courseId);
      });
      return run;
    });
    entry.queued = queued;
    return queued;
  }

  async function adoptListedRatings(courseId: string, listed: Array<{ userId: string; rating: number }>) {
    for (const { userId, rating } of listed) {
      try {
        await ratings.insertOne({ _id: `${userId}:${courseId}`, userId, courseId, rating, updatedAt: new Date(0) });
      } catch (error) {
        // A record is there already: it is newer than the list.
        if (!(error instanceof ConflictError)) throw error;
      }
    }
  }
  const catalog = catalogService(courses);

  /** The course, if the caller is enrolled in it (403 otherwise, 404 for no such course). */
  async function enrolledCourse(userId: string, courseId: string): Promise<CourseDoc> {
    const course = ID_PATTERN.test(courseId) ? await courses.findOne({ _id: courseId }) : null;
    if (!course) throw notFound(COURSE_NOT_FOUND);
    if (!course.enrolledStudents.includes(userId)) throw forbidden(NOT_ENROLLED);
    return course;
  }

  return {
    async enrolledCourses(userId: string): Promise<EnrolledCourse[]> {
      const user = await users.findOne({ _id: userId }, { projection: { enrolledCourses: 1 } });
      if (!user) throw notFound(USER_NOT_FOUND);
      const list: EnrolledCourse[] = [];
      for (const courseId of user.enrolledCourses) {
        const course = await courses.findOne({ _id: courseId });
        if (!course) continue;
        const details = await catalog.detailsOf(course, userId);
        list.push({ ...details, myRating: course.courseRatings.find((r) => r.userId === userId)?.rating ?? null });
      }
      return list;
    },

    async progress(userId: string, courseId: string): Promise<CourseProgress | null> {
      await enrolledCourse(userId, courseId);
      const found = await progress.findOne({ userId, courseId });
      return found ? { courseId, lectureCompleted: found.lectureCompleted } : null;
    },

    /** Idempotent: completing a completed lecture changes nothing. Returns whether it was new. */
    async completeLecture(userId: string, courseId: string, lectureId: string): Promise<boolean> {
      const course = await enrolledCourse(userId, courseId);
      const inCourse = course.courseContent.some((chapter) =>
        chapter.chapterContent.some((l) => l.lectureId === lectureId),
      );
      if (!inCourse) throw badRequest('This lecture is not part of the course');
      const before = await progress.findOne({ userId, courseId });
      if (before?.lectureCompleted.includes(lectureId)) return false;
      await progress.findOneAndUpdate(
        { userId, courseId },
        { $addToSet: { lectureCompleted: lectureId } },
        { upsert: true },
      );
      return true;
    },

    /**
     * One rating per student and course, kept as its own record (upserted, so the last one wins);
     * the course's `courseRatings` list is then rebuilt from the records. A rebuild only lands if
     * nobody rebuilt since it read the version, and each rater retries until its own lands after
     * its record was written: concurrent ratings are never lost, and nothing fails.
     */
    async rate(userId: string, courseId: string, rating: number): Promise<void> {
      await enrolledCourse(userId, courseId);
      await ratings.updateOne(
        { _id: `${userId}:${courseId}` },
        { $set: { userId, courseId, rating, updatedAt: clock.now() } },
        { upsert: true },
      );
      await rebuildSoon(courseId);
    },
  };
}
