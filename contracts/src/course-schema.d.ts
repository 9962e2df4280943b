// Declarations of course-schema.js, emitted by tsc (--allowJs --declaration --emitDeclarationOnly); regenerate after changing it.
/**
 * The video id of a YouTube link, or null for anything else: `https://www.youtube.com/watch?v=<id>`
 * (also without `www.`, on `m.`, with other parameters in any order), `https://youtu.be/<id>`,
 * `…/embed/<id>`, `…/shorts/<id>` (and `/live/`, `/v/`, and the player's youtube-nocookie.com
 * embeds), each with an optional query or fragment. http is accepted too; a user name, a password
 * or a port is not, nor any other host (`youtube.com.example.net`).
 * @param {string} link
 * @returns {string | null}
 */
export function youtubeVideoId(link: string): string | null;
/**
 * What is wrong with a chosen thumbnail file, judged by its declared type and size (the server
 * checks the bytes themselves), or null.
 * @param {{ type: string; size: number }} file
 * @returns {string | null}
 */
export function thumbnailProblem(file: { type: string; size: number }): string | null;
export function canonicalYoutubeUrl(videoId: string): string;
export function youtubeThumbnailUrl(videoId: string): string;
export const YOUTUBE_LINK_MESSAGE: 'must be a YouTube video link (youtube.com/watch?v=\u2026, youtu.be/\u2026, youtube.com/embed/\u2026 or youtube.com/shorts/\u2026)';
export const coursePriceSchema: z.ZodNumber;
export const discountSchema: z.ZodNumber;
/** One lecture as the form sends it (no id: ids and orders are the server's). */
export const lectureSchema: z.ZodObject<
  {
    lectureTitle: z.ZodString;
    lectureDuration: z.ZodNumber;
    lectureUrl: z.ZodPipe<z.ZodString, z.ZodTransform<string, string>>;
    isPreviewFree: z.ZodDefault<z.ZodBoolean>;
  },
  z.core.$strip
>;
export const chapterSchema: z.ZodObject<
  {
    chapterTitle: z.ZodString;
    chapterContent: z.ZodArray<
      z.ZodObject<
        {
          lectureTitle: z.ZodString;
          lectureDuration: z.ZodNumber;
          lectureUrl: z.ZodPipe<z.ZodString, z.ZodTransform<string, string>>;
          isPreviewFree: z.ZodDefault<z.ZodBoolean>;
        },
        z.core.$strip
      >
    >;
  },
  z.core.$strip
>;
/** The `courseData` JSON of add-course: ids, orders, owner and dates are the server's. */
export const newCourseSchema: z.ZodObject<
  {
    courseTitle: z.ZodString;
    courseDescription: z.ZodDefault<z.ZodString>;
    coursePrice: z.ZodNumber;
    discount: z.ZodNumber;
    status: z.ZodOptional<
      z.ZodEnum<{
        draft: 'draft';
        published: 'published';
      }>
    >;
    courseContent: z.ZodDefault<
      z.ZodArray<
        z.ZodObject<
          {
            chapterTitle: z.ZodString;
            chapterContent: z.ZodArray<
              z.ZodObject<
                {
                  lectureTitle: z.ZodString;
                  lectureDuration: z.ZodNumber;
                  lectureUrl: z.ZodPipe<z.ZodString, z.ZodTransform<string, string>>;
                  isPreviewFree: z.ZodDefault<z.ZodBoolean>;
                },
                z.core.$strip
              >
            >;
          },
          z.core.$strip
        >
      >
    >;
  },
  z.core.$strip
>;
/** A store id (24 hex digits), as the API's ids are. */
export const COURSE_PART_ID: RegExp;
/**
 * The edit of `PATCH /api/educator/courses/:id`, built from add-course's own pieces so that the two
 * validate alike (a negative price or a discount outside 0–100 is refused, never clamped). Every
 * field is optional; `courseContent`, when sent, is the whole new content: chapters and lectures
 * with an id are existing ones, those without are new.
 */
export const editCourseSchema: z.ZodObject<
  {
    courseTitle: z.ZodOptional<z.ZodString>;
    courseDescription: z.ZodOptional<z.ZodString>;
    coursePrice: z.ZodOptional<z.ZodNumber>;
    discount: z.ZodOptional<z.ZodNumber>;
    courseContent: z.ZodOptional<
      z.ZodArray<
        z.ZodObject<
          {
            chapterTitle: z.ZodString;
            chapterId: z.ZodOptional<z.ZodString>;
            chapterContent: z.ZodArray<
              z.ZodObject<
                {
                  lectureTitle: z.ZodString;
                  lectureDuration: z.ZodNumber;
                  lectureUrl: z.ZodPipe<z.ZodString, z.ZodTransform<string, string>>;
                  isPreviewFree: z.ZodDefault<z.ZodBoolean>;
                  lectureId: z.ZodOptional<z.ZodString>;
                },
                z.core.$strip
              >
            >;
          },
          z.core.$strip
        >
      >
    >;
  },
  z.core.$strip
>;
/** The largest thumbnail add-course takes. */
export const MAX_THUMBNAIL_BYTES: number;
export const THUMBNAIL_TYPES: string[];
export const THUMBNAIL_TYPE_MESSAGE: 'The thumbnail must be a JPEG, PNG, WebP, GIF or AVIF image';
export const THUMBNAIL_SIZE_MESSAGE: 'The thumbnail must be 5 MB or smaller';

import { z } from 'zod';
