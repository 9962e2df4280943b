import type { CourseDoc } from '../../src/modules/courses/repository.js';
import { newId } from '../../src/store/index.js';

/**
 * A published course of `educator` as stored, for tests that write it straight into the store:
 * `chapters` chapters of `lectures` lectures each (ids `<course>-c<n>-l<m>`, YouTube links, none
 * free), no students or ratings; any field can be given instead.
 */
export function testCourse(
  educator: { _id: string; name: string },
  { chapters = 1, lectures = 2, ...fields }: { chapters?: number; lectures?: number } & Partial<CourseDoc> = {},
): CourseDoc {
  const id = fields._id ?? newId();
  const numbers = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
  return {
    _id: id,
    courseTitle: 'A course',
    courseDescription: '<p>About it.</p>',
    courseThumbnail: 'http://localhost:4000/api/media/x',
    coursePrice: 100,
    discount: 0,
    educator,
    courseContent: numbers(chapters).map((c) => ({
      chapterId: `${id}-c${c}`,
      chapterTitle: `Chapter ${c}`,
      chapterOrder: c,
      chapterContent: numbers(lectures).map((l) => ({
        lectureId: `${id}-c${c}-l${l}`,
        lectureTitle: `Lecture ${l}`,
        lectureDuration: 5,
        lectureUrl: 'https://youtu.be/x',
        isPreviewFree: false,
        lectureOrder: l,
      })),
    })),
    courseRatings: [],
    enrolledStudents: [],
    isPublished: true,
    createdAt: new Date(),
    ...fields,
  };
}

/** Every lecture id of a course, chapter by chapter. */
export const lectureIdsOf = (course: CourseDoc) =>
  course.courseContent.flatMap((chapter) => chapter.chapterContent.map((lecture) => lecture.lectureId));
