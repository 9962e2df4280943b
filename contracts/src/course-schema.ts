/**
 * The course form's rules, one copy for the API (add-course and `PATCH /api/educator/courses/:id`
 * validate with these) and for the educator portal's form (it shows the same messages inline, per
 * field, before anything is sent). Imported from `@courseport/contracts/course-schema`, so only
 * what validates a course pulls zod in; the storefront never does.
 */
import { z } from 'zod';
import { LESSON_KINDS, type LessonKind, QUESTION_KINDS } from './lessons.js';

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

/** Rich text of an article or a project brief (sanitized by the server). */
export const LESSON_HTML_MAX = 100_000;
const lessonHtml = z.string().max(LESSON_HTML_MAX, `must be at most ${LESSON_HTML_MAX} characters`);

/** A store id (24 hex digits), as the API's ids are. */
export const COURSE_PART_ID = /^[a-f0-9]{24}$/;

const optionSchema = z.object({
  optionId: z.string().regex(COURSE_PART_ID, 'must be the id of one of the question’s options').optional(),
  text: z.string().trim().min(1, 'is required').max(500, 'must be at most 500 characters'),
  correct: z.boolean().default(false),
});

export const questionSchema = z
  .object({
    questionId: z.string().regex(COURSE_PART_ID, 'must be the id of one of the quiz’s questions').optional(),
    kind: z.enum(QUESTION_KINDS, { message: "must be 'single', 'multiple' or 'text'" }),
    prompt: z.string().trim().min(1, 'is required').max(2000, 'must be at most 2000 characters'),
    options: z.array(optionSchema).max(10, 'may have at most 10 options').default([]),
    acceptedAnswers: z
      .array(z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'))
      .max(20, 'may have at most 20 answers')
      .default([]),
    explanation: z.string().trim().max(2000, 'must be at most 2000 characters').default(''),
  })
  .superRefine((question, ctx) => {
    if (question.kind === 'text') {
      if (question.acceptedAnswers.length === 0)
        ctx.addIssue({ code: 'custom', path: ['acceptedAnswers'], message: 'needs at least one accepted answer' });
      return;
    }
    if (question.options.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'needs at least two options' });
    const correct = question.options.filter((option) => option.correct).length;
    if (question.kind === 'single' && correct !== 1)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'needs exactly one correct option' });
    if (question.kind === 'multiple' && correct < 1)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'needs at least one correct option' });
  });

export const quizDefinitionSchema = z.object({
  passPercent: z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(100, 'must be at most 100')
    .default(70),
  maxAttempts: z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .nullable()
    .default(null),
  shuffleQuestions: z.boolean().default(false),
  shuffleOptions: z.boolean().default(false),
  questions: z.array(questionSchema).min(1, 'needs at least one question').max(100, 'may have at most 100 questions'),
});

/** A link resource: http(s) only. */
/** A link a person may open: http or https, no user name or password in it. */
export const httpLinkSchema = z
  .string('must be an http or https link')
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'must be an http or https link');

export const resourceInputSchema = z.union([
  z.object({
    resourceId: z.string().regex(COURSE_PART_ID, 'must be the id of a file you uploaded'),
    title: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  }),
  z.object({
    title: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
    url: httpLinkSchema,
  }),
]);

/**
 * One lesson as the form sends it (no id: ids and orders are the server's). Without `lessonKind` it
 * is a video, as every lecture was before kinds; each kind needs its own field (`lectureUrl`,
 * `articleHtml`, `quizDefinition`, `projectBrief`).
 */
const lessonFields = {
  lectureTitle: title,
  lectureDuration: z
    .number({ message: 'must be a number of minutes' })
    .finite()
    .min(0, 'must not be negative')
    .max(100_000),
  lectureUrl: youtubeLink.optional(),
  hostedVideoId: z
    .string()
    .regex(/^[a-f0-9]{24}$/, 'must be the id of one of your videos')
    .optional(),
  isPreviewFree: z.boolean().default(false),
  lessonKind: z.enum(LESSON_KINDS, { message: "must be 'video', 'article', 'quiz' or 'project'" }).optional(),
  articleHtml: lessonHtml.optional(),
  projectBrief: lessonHtml.optional(),
  quizDefinition: quizDefinitionSchema.optional(),
  resources: z.array(resourceInputSchema).max(20, 'may have at most 20 resources').default([]),
};

type LessonShape = {
  lessonKind?: LessonKind | undefined;
  lectureUrl?: string | undefined;
  hostedVideoId?: string | undefined;
  articleHtml?: string | undefined;
  projectBrief?: string | undefined;
  quizDefinition?: unknown;
  lectureId?: string | undefined;
};

/** Each kind's own field is required (a quiz being edited may leave its definition out: it is kept). */
function requireKindFields(lesson: LessonShape, ctx: z.RefinementCtx): void {
  const kind = lesson.lessonKind ?? 'video';
  if (kind === 'video' && !lesson.lectureUrl && !lesson.hostedVideoId)
    ctx.addIssue({ code: 'custom', path: ['lectureUrl'], message: YOUTUBE_LINK_MESSAGE });
  if (kind === 'video' && lesson.lectureUrl && lesson.hostedVideoId)
    ctx.addIssue({
      code: 'custom',
      path: ['hostedVideoId'],
      message: 'a lesson plays a YouTube link or a hosted video, not both',
    });
  if (kind === 'article' && !lesson.articleHtml?.replace(/<[^>]*>/g, '').trim())
    ctx.addIssue({ code: 'custom', path: ['articleHtml'], message: 'is required for an article' });
  if (kind === 'project' && !lesson.projectBrief?.replace(/<[^>]*>/g, '').trim())
    ctx.addIssue({ code: 'custom', path: ['projectBrief'], message: 'is required for a project' });
  if (kind === 'quiz' && !lesson.quizDefinition && lesson.lectureId === undefined)
    ctx.addIssue({ code: 'custom', path: ['quizDefinition'], message: 'is required for a quiz' });
}

export const lectureSchema = z.object(lessonFields).superRefine(requireKindFields);

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

const existingId = z.string().regex(COURSE_PART_ID, 'must be the id of one of the course’s own chapters or lectures');

const lectureEdit = z.object({ ...lessonFields, lectureId: existingId.optional() }).superRefine(requireKindFields);
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
