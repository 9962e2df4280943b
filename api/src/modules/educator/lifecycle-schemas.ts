import { editCourseSchema } from '@courseport/contracts/course-schema';
import { z } from 'zod';

/** The edit of `PATCH /api/educator/courses/:id`: shared with the portal's form (contracts). */
export { editCourseSchema };
export type EditCourse = z.infer<typeof editCourseSchema>;

export const courseListQuery = z.object({
  include: z.enum(['archived'], { message: "must be 'archived'" }).optional(),
});
