import { z } from 'zod';
import { ID_PATTERN } from '../../store/index.js';
import { newCourseSchema } from './schemas.js';

/**
 * The edit of `PATCH /api/educator/courses/:id`, built from add-course's own pieces so that the two
 * validate alike (a negative price or a discount outside 0–100 is refused, never clamped). Every
 * field is optional; `courseContent`, when sent, is the whole new content: chapters and lectures
 * with an id are existing ones, those without are new.
 */
const shape = newCourseSchema.shape;
const chapterBase = shape.courseContent.unwrap().element;
const lectureBase = chapterBase.shape.chapterContent.element;
const existingId = z.string().regex(ID_PATTERN, 'must be the id of one of the course’s own chapters or lectures');

const lectureEdit = lectureBase.extend({ lectureId: existingId.optional() });
const chapterEdit = chapterBase.extend({
  chapterId: existingId.optional(),
  chapterContent: z.array(lectureEdit).max(200, 'may have at most 200 lectures'),
});

export const editCourseSchema = z.object({
  courseTitle: shape.courseTitle.optional(),
  courseDescription: shape.courseDescription.unwrap().optional(),
  coursePrice: shape.coursePrice.optional(),
  discount: shape.discount.optional(),
  courseContent: z.array(chapterEdit).max(100, 'may have at most 100 chapters').optional(),
});
export type EditCourse = z.infer<typeof editCourseSchema>;

export const courseListQuery = z.object({
  include: z.enum(['archived'], { message: "must be 'archived'" }).optional(),
});
