import { z } from 'zod';
import { canonicalYoutubeUrl, youtubeVideoId } from './youtube.js';

const title = z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters');
const YOUTUBE_LINK_MESSAGE =
  'must be a YouTube video link (youtube.com/watch?v=…, youtu.be/…, youtube.com/embed/… or youtube.com/shorts/…)';

/** A YouTube link in any of its usual forms, stored as `https://youtu.be/<id>`. */
const youtubeLink = z
  .string({ message: YOUTUBE_LINK_MESSAGE })
  .max(2048, 'must be at most 2048 characters')
  .transform((link, ctx) => {
    const id = youtubeVideoId(link);
    if (id) return canonicalYoutubeUrl(id);
    ctx.addIssue({ code: 'custom', message: YOUTUBE_LINK_MESSAGE });
    return z.NEVER;
  });

/** The `courseData` JSON of add-course: ids, orders, owner and dates are the server's. */
export const newCourseSchema = z.object({
  courseTitle: title,
  courseDescription: z.string().max(50_000, 'must be at most 50000 characters').default(''),
  coursePrice: z
    .number({ message: 'must be a number' })
    .finite()
    .min(0, 'must not be negative')
    .max(1_000_000, 'is too high'),
  discount: z
    .number({ message: 'must be a number' })
    .finite()
    .min(0, 'must be at least 0')
    .max(100, 'must be at most 100'),
  /** Optional: a draft is saved without being published (default: published, as before). */
  status: z.enum(['draft', 'published'], { message: "must be 'draft' or 'published'" }).optional(),
  courseContent: z
    .array(
      z.object({
        chapterTitle: title,
        chapterContent: z
          .array(
            z.object({
              lectureTitle: title,
              lectureDuration: z
                .number({ message: 'must be a number of minutes' })
                .finite()
                .min(0, 'must not be negative')
                .max(100_000),
              lectureUrl: youtubeLink,
              isPreviewFree: z.boolean().default(false),
            }),
          )
          .max(200, 'may have at most 200 lectures'),
      }),
    )
    .max(100, 'may have at most 100 chapters')
    .default([]),
});
export type NewCourse = z.infer<typeof newCourseSchema>;
