import { newCourseSchema } from '@courseport/contracts/course-schema';
import type { z } from 'zod';

/**
 * The `courseData` JSON of add-course. The schema lives in `@courseport/contracts/course-schema`,
 * shared with the educator portal's form, so the browser and the server refuse the same things with
 * the same messages.
 */
export { newCourseSchema };
export type NewCourse = z.infer<typeof newCourseSchema>;
