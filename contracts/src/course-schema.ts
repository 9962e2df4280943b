/**
 * The course form's rules, one copy for the API (add-course and `PATCH /api/educator/courses/:id`
 * validate with these) and for the educator portal's form (it shows the same messages inline, per
 * field, before anything is sent). Imported from `@courseport/contracts/course-schema`, so only
 * what validates a course pulls zod in; the storefront never does.
 */
import { z } from 'zod';

/** A YouTube video id: always 11 characters of the URL-safe base64 alphabet. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com']);
/** Paths that carry the id as their second segment: /embed/<id>, /shorts/<id>, /live/<id>, /v/<id>. */
const ID_PATHS = new Set(['embed', 'shorts', 'live', 'v']);

/**
 * The video id of a YouTube link, or null for anything else: `https://www.youtube.com/watch?v=<id>`
 * (also without `www.`, on `m.`, with other parameters in any order), `https://youtu.be/<id>`,
 * `…/embed/<id>`, `…/shorts/<id>` (and `/live/`, `/v/`, and the player's youtube-nocookie.com
 * embeds), each with an optional query or fragment. http is accepted too; a user name, a password
 * or a port is not, nor any other host (`youtube.com.example.net`).
 */
export function youtubeVideoId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (host === 'youtu.be') {
    id = segments.length === 1 ? segments[0] : null;
  } else if (YOUTUBE_HOSTS.has(host) && segments.length === 1 && segments[0] === 'watch') {
    id = url.searchParams.get('v');
  } else if (YOUTUBE_HOSTS.has(host) && segments.length === 2 && ID_PATHS.has(segments[0] ?? '')) {
    id = segments[1];
  } else if (host === 'www.youtube-nocookie.com' && segments.length === 2 && segments[0] === 'embed') {
    id = segments[1];
  }
  return id && VIDEO_ID.test(id) ? id : null;
}

/**
 * The one form a lecture's link is stored in; the player reads the id from its last path segment. */
export const canonicalYoutubeUrl = (videoId: string): string => `https://youtu.be/${videoId}`;

/**
 * YouTube's public still of a video (no API key, no cookie). Only a preview: when it cannot be
 * loaded (offline, a private video), the link is still accepted.
 */
export const youtubeThumbnailUrl = (videoId: string): string => `https://i.ytimg.com/vi/${videoId}/mqdefault.jpg`;

export const YOUTUBE_LINK_MESSAGE =
  'must be a YouTube video link (youtube.com/watch?v=…, youtu.be/…, youtube.com/embed/… or youtube.com/shorts/…)';

const title = z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters');

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

export const coursePriceSchema = z
  .number({ message: 'must be a number' })
  .finite()
  .min(0, 'must not be negative')
  .max(1_000_000, 'is too high');

export const discountSchema = z
  .number({ message: 'must be a number' })
  .finite()
  .min(0, 'must be at least 0')
  .max(100, 'must be at most 100');

/** One lecture as the form sends it (no id: ids and orders are the server's). */
export const lectureSchema = z.object({
  lectureTitle: title,
  lectureDuration: z
    .number({ message: 'must be a number of minutes' })
    .finite()
    .min(0, 'must not be negative')
    .max(100_000),
  lectureUrl: youtubeLink,
  isPreviewFree: z.boolean().default(false),
});

export const chapterSchema = z.object({
  chapterTitle: title,
  chapterContent: z.array(lectureSchema).max(200, 'may have at most 200 lectures'),
});

/** The `courseData` JSON of add-course: ids, orders, owner and dates are the server's. */
export const newCourseSchema = z.object({
  courseTitle: title,
  courseDescription: z.string().max(50_000, 'must be at most 50000 characters').default(''),
  coursePrice: coursePriceSchema,
  discount: discountSchema,
  /** Optional: a draft is saved without being published (default: published, as before). */
  status: z.enum(['draft', 'published'], { message: "must be 'draft' or 'published'" }).optional(),
  courseContent: z.array(chapterSchema).max(100, 'may have at most 100 chapters').default([]),
});

/** A store id (24 hex digits), as the API's ids are. */
export const COURSE_PART_ID = /^[a-f0-9]{24}$/;
const existingId = z.string().regex(COURSE_PART_ID, 'must be the id of one of the course’s own chapters or lectures');

const lectureEdit = lectureSchema.extend({ lectureId: existingId.optional() });
const chapterEdit = chapterSchema.extend({
  chapterId: existingId.optional(),
  chapterContent: z.array(lectureEdit).max(200, 'may have at most 200 lectures'),
});

/**
 * The edit of `PATCH /api/educator/courses/:id`, built from add-course's own pieces so that the two
 * validate alike (a negative price or a discount outside 0–100 is refused, never clamped). Every
 * field is optional; `courseContent`, when sent, is the whole new content: chapters and lectures
 * with an id are existing ones, those without are new.
 */
export const editCourseSchema = z.object({
  courseTitle: title.optional(),
  courseDescription: z.string().max(50_000, 'must be at most 50000 characters').optional(),
  coursePrice: coursePriceSchema.optional(),
  discount: discountSchema.optional(),
  courseContent: z.array(chapterEdit).max(100, 'may have at most 100 chapters').optional(),
});

/** The largest thumbnail add-course takes. */
export const MAX_THUMBNAIL_BYTES = 5 * 1024 * 1024;
export const THUMBNAIL_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'];
export const THUMBNAIL_TYPE_MESSAGE = 'The thumbnail must be a JPEG, PNG, WebP, GIF or AVIF image';
export const THUMBNAIL_SIZE_MESSAGE = 'The thumbnail must be 5 MB or smaller';

/**
 * What is wrong with a chosen thumbnail file, judged by its declared type and size (the server
 * checks the bytes themselves), or null.
 */
export function thumbnailProblem(file: { type: string; size: number }): string | null {
  if (!THUMBNAIL_TYPES.includes(file.type)) return THUMBNAIL_TYPE_MESSAGE;
  if (file.size > MAX_THUMBNAIL_BYTES) return THUMBNAIL_SIZE_MESSAGE;
  return null;
}
