import { z } from 'zod';

const courseId = z.string().min(1, 'is required').max(64);

export const courseRefSchema = z.object({ courseId });
export const completeLectureSchema = z.object({ courseId, lectureId: z.string().min(1, 'is required').max(64) });
export const ratingSchema = z.object({
  courseId,
  rating: z
    .number({ message: 'must be a whole number from 1 to 5' })
    .int('must be a whole number from 1 to 5')
    .min(1, 'must be a whole number from 1 to 5')
    .max(5, 'must be a whole number from 1 to 5'),
});
