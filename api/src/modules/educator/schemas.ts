import { newCourseSchema as sharedNewCourseSchema } from '@courseport/contracts/course-schema';
import type { z } from 'zod';
import { courseDiscoverySchema } from './discovery-fields.js';

/**
 * The `courseData` JSON of add-course. The schema lives in `@courseport/contracts/course-schema`,
 * shared with the educator portal's form, so the browser and the server refuse the same things with
 * the same messages.
 */
export const newCourseSchema = sharedNewCourseSchema.extend(courseDiscoverySchema.shape);
export type NewCourse = z.infer<typeof newCourseSchema>;
