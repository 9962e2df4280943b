import type { Chapter, CourseCard, CourseDetails } from '@courseport/shared-ui/contracts';
import { notFound } from '../../http/errors.js';
import { ID_PATTERN } from '../../store/index.js';
import type { CourseDoc, CoursesRepository } from './repository.js';

export const COURSE_NOT_FOUND = 'Course not found';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Integer floor of the mean rating, 0 when none (spec §9). */
export function averageRating(ratings: ReadonlyArray<{ rating: number }>): number {
  if (ratings.length === 0) return 0;
  return Math.floor(ratings.reduce((sum, r) => sum + r.rating, 0) / ratings.length);
}

function toCard(course: CourseDoc): CourseCard {
  return {
    _id: course._id,
    courseTitle: course.courseTitle,
    courseThumbnail: course.courseThumbnail,
    coursePrice: course.coursePrice,
    discount: course.discount,
    educator: course.educator?.name ? { name: course.educator.name } : null,
    averageRating: averageRating(course.courseRatings ?? []),
    ratingCount: course.courseRatings?.length ?? 0,
    enrolledCount: course.enrolledStudents?.length ?? 0,
    createdAt: new Date(course.createdAt).toISOString(),
  };
}

/** The public catalog: published courses only, and never anyone's ids or paid lecture URLs. */
export function catalogService(repo: CoursesRepository) {
  return {
    async list(search?: string): Promise<CourseCard[]> {
      const filter: Record<string, unknown> = { isPublished: true };
      if (search) filter.courseTitle = { $regex: new RegExp(escapeRegex(search), 'i') };
      const courses = await repo.find(filter, {
        sort: { createdAt: -1 },
        projection: { courseDescription: 0, courseContent: 0 },
      });
      return courses.map(toCard);
    },

    /** Lecture URLs: free previews for everyone, all lectures for enrolled students and the owner. */
    async details(id: string, viewerId?: string): Promise<CourseDetails> {
      const course = ID_PATTERN.test(id) ? await repo.findOne({ _id: id, isPublished: true }) : null;
      if (!course) throw notFound(COURSE_NOT_FOUND);
      return this.detailsOf(course, viewerId);
    },

    detailsOf(course: CourseDoc, viewerId?: string): CourseDetails {
      const fullAccess =
        viewerId !== undefined && (course.educator._id === viewerId || course.enrolledStudents.includes(viewerId));
      const courseContent: Chapter[] = [...course.courseContent]
        .sort((a, b) => a.chapterOrder - b.chapterOrder)
        .map((chapter) => ({
          chapterId: chapter.chapterId,
          chapterTitle: chapter.chapterTitle,
          chapterOrder: chapter.chapterOrder,
          chapterContent: [...chapter.chapterContent]
            .sort((a, b) => a.lectureOrder - b.lectureOrder)
            .map(({ lectureUrl, ...lecture }) => ({
              ...lecture,
              ...(fullAccess || lecture.isPreviewFree ? { lectureUrl } : {}),
            })),
        }));
      return { ...toCard(course), courseDescription: course.courseDescription, courseContent };
    },
  };
}
