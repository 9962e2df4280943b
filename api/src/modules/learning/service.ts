import type { CourseProgress, EnrolledCourse } from '@courseport/shared-ui/contracts';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { ID_PATTERN, type Store } from '../../store/index.js';
import { type CourseDoc, coursesRepository } from '../courses/repository.js';
import { COURSE_NOT_FOUND, catalogService } from '../courses/service.js';
import { usersRepository } from '../users/repository.js';
import { USER_NOT_FOUND } from '../users/service.js';
import { progressRepository } from './repository.js';

export const NOT_ENROLLED = 'You are not enrolled in this course';

/** What an enrolled student does with a course: watch, complete lectures, rate. */
export function learningService(store: Store) {
  const users = usersRepository(store);
  const courses = coursesRepository(store);
  const progress = progressRepository(store);
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

    /** One rating per student and course; a new one replaces the old (compare-and-swap on the list). */
    async rate(userId: string, courseId: string, rating: number): Promise<void> {
      for (let attempt = 0; attempt < 5; attempt++) {
        const course = await enrolledCourse(userId, courseId);
        const ratings = [...course.courseRatings.filter((r) => r.userId !== userId), { userId, rating }];
        const swapped = await courses.updateOne(
          { _id: courseId, courseRatings: course.courseRatings },
          { $set: { courseRatings: ratings } },
        );
        if (swapped.matched === 1) return;
      }
      throw new Error('Rating kept conflicting with concurrent updates');
    },
  };
}
