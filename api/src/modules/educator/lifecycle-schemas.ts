import { editCourseSchema as sharedEditCourseSchema } from '@courseport/contracts/course-schema';
import { z } from 'zod';
import { courseDiscoverySchema } from './discovery-fields.js';

/** The edit of `PATCH /api/educator/courses/:id`: shared with the portal's form (contracts). */
export const editCourseSchema = sharedEditCourseSchema.extend(courseDiscoverySchema.shape);
export type EditCourse = z.infer<typeof editCourseSchema>;

export const courseListQuery = z.object({
  include: z.enum(['archived'], { message: "must be 'archived'" }).optional(),
});
