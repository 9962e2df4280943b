import { type ContinueLearning, courseCompletion, lectureToContinue } from '@courseport/contracts';
import { notFound } from '../../http/errors.js';
import type { Store } from '../../store/index.js';
import { courseRecords } from '../courses/index.js';
import { USER_NOT_FOUND, userRecords } from '../users/index.js';
import { progressRepository } from './repository.js';

/** How many unfinished courses the home page offers to continue. */
export const CONTINUE_LEARNING_COUNT = 4;

/**
 * A student's unfinished courses with the lecture to continue each with (the saved one, else the
 * first not completed): the most recently watched first, then the most recently enrolled. Three
 * reads whatever the number of courses: the profile, the student's progress records, the courses.
 */
export function continueLearningService(store: Store) {
  const users = userRecords(store);
  const courses = courseRecords(store);
  const progress = progressRepository(store);

  return {
    async of(userId: string): Promise<ContinueLearning[]> {
      const user = await users.byId(userId, { enrolledCourses: 1 });
      if (!user) throw notFound(USER_NOT_FOUND);
      const enrolled = user.enrolledCourses ?? [];
      if (enrolled.length === 0) return [];
      const [records, docs] = await Promise.all([
        progress.find({ userId }),
        courses.byIds(enrolled, { courseTitle: 1, courseThumbnail: 1, thumbnail: 1, courseContent: 1 }),
      ]);
      const progressOf = new Map(records.map((record) => [record.courseId, record]));
      const enrolledAt = new Map(enrolled.map((courseId, index) => [courseId, index]));
      const items: Array<ContinueLearning & { order: number }> = [];
      for (const course of docs) {
        const record = progressOf.get(course._id);
        const completed = new Set(record?.lectureCompleted ?? []);
        const { percent, done } = courseCompletion(course, completed);
        const lecture = done ? null : lectureToContinue(course, completed, record?.position?.lectureId);
        if (!lecture) continue;
        const watchedAt = record?.position ? new Date(record.position.updatedAt) : null;
        items.push({
          courseId: course._id,
          courseTitle: course.courseTitle,
          courseThumbnail: course.courseThumbnail,
          ...(course.thumbnail ? { thumbnail: course.thumbnail } : {}),
          lecture: { lectureId: lecture.lectureId, lectureTitle: lecture.lectureTitle },
          percent,
          lastWatchedAt: watchedAt ? watchedAt.toISOString() : null,
          order: enrolledAt.get(course._id) ?? 0,
        });
      }
      items.sort((a, b) => (b.lastWatchedAt ?? '').localeCompare(a.lastWatchedAt ?? '') || b.order - a.order);
      return items.slice(0, CONTINUE_LEARNING_COUNT).map(({ order: _order, ...item }) => item);
    },
  };
}
export type ContinueLearningService = ReturnType<typeof continueLearningService>;
