import { COURSE_LEVELS, type CourseLevel } from '@courseport/contracts';
import { z } from 'zod';
import { CATEGORY_SLUG } from '../categories/index.js';

/**
 * The course form's discovery fields (#21), added to the shared add-course and edit schemas here:
 * a category slug (checked against the categories when saved) or null, and a level or null.
 */
export const courseDiscoverySchema = z.object({
  category: z
    .string('must be a category slug or null')
    .max(80, 'must be a category slug or null')
    .regex(CATEGORY_SLUG, 'must be a category slug or null')
    .nullable()
    .optional(),
  level: z
    .enum(COURSE_LEVELS as [CourseLevel, ...CourseLevel[]], `must be one of ${COURSE_LEVELS.join(', ')}, or null`)
    .nullable()
    .optional(),
});
