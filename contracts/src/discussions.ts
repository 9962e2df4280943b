/**
 * Questions and answers on lessons, and private lesson notes (#35): the limits the API enforces
 * and the front ends respect, the tags a post keeps, and the shapes the routes answer. No
 * dependencies: the sanitizer that applies `DISCUSSION_ALLOWED_TAGS` is
 * `@courseport/contracts/sanitize-description`'s `sanitizeDiscussion`.
 */

/** A question's title: one line, trimmed, at least this many characters… */
export const QUESTION_TITLE_MIN_LENGTH = 5;
/** …and at most this many. */
export const QUESTION_TITLE_MAX_LENGTH = 150;
/** The most characters of a question's or an answer's HTML as sent (before sanitizing). */
export const DISCUSSION_BODY_MAX_LENGTH = 10_000;
/** The most characters of an answer's text once sanitized (an answer may not be empty). */
export const ANSWER_MIN_TEXT_LENGTH = 1;
/** The most links a question or answer of someone other than the course's educator may carry (link spam). */
export const DISCUSSION_MAX_LINKS = 3;
/** Questions or answers per page of any list (`?cursor=` pages on). */
export const DISCUSSION_PAGE_SIZE = 20;
/** The search text of a question list: at most this many characters (trimmed). */
export const DISCUSSION_SEARCH_MAX_LENGTH = 100;
/** Questions and answers together that one person may post in a day (UTC-free: a rolling 24 hours' window). */
export const DISCUSSION_DAILY_POSTS = 50;

/**
 * A stricter subset of the description's tags: text formatting, lists, quotes, code and links;
 * no headings or spans. Links keep `href` and `title` only and open in a new tab with
 * `noopener noreferrer nofollow`, as a description's do.
 */
export const DISCUSSION_ALLOWED_TAGS: readonly string[] = Object.freeze([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'a',
]);

/** How a question list is ordered: newest first, most upvoted first, or only those without an answer (newest first). */
export const DISCUSSION_SORTS = ['newest', 'top', 'unanswered'] as const;
export type DiscussionSort = (typeof DISCUSSION_SORTS)[number];

/** Who wrote a post, as anyone reading it sees them (never their user id). */
export interface DiscussionAuthor {
  name: string;
  imageUrl: string;
}

/** Set while an admin has hidden the post: only its author (and admins) still see it, with the reason. */
export interface DiscussionHidden {
  reason: string;
  hiddenAt: string;
}

/** A question on a lesson. `body` is sanitized HTML (`DISCUSSION_ALLOWED_TAGS`). */
export interface Question {
  _id: string;
  courseId: string;
  lectureId: string;
  title: string;
  body: string;
  author: DiscussionAuthor;
  /** The caller wrote it (they may edit or delete it). */
  mine: boolean;
  /** Asked by the course's educator. */
  byInstructor: boolean;
  createdAt: string;
  /** The last edit by its author, or null. */
  editedAt: string | null;
  /** Visible answers (an answer an admin hid does not count). */
  answerCount: number;
  upvotes: number;
  /** The caller has upvoted it. */
  votedByMe: boolean;
  acceptedAnswerId: string | null;
  hidden: DiscussionHidden | null;
}

/** An answer to a question. `byInstructor`: written by the course's educator (the "Instructor" mark). */
export interface Answer {
  _id: string;
  questionId: string;
  body: string;
  author: DiscussionAuthor;
  mine: boolean;
  byInstructor: boolean;
  createdAt: string;
  editedAt: string | null;
  upvotes: number;
  votedByMe: boolean;
  /** The asker or the course's educator marked it as the accepted answer. */
  accepted: boolean;
  hidden: DiscussionHidden | null;
}

/**
 * `GET /api/courses/:courseId/questions?lectureId=&q=&sort=&cursor=` → `questions`: one page;
 * `nextCursor` (opaque) asks for the next, null on the last page.
 */
export interface QuestionsPage {
  questions: Question[];
  nextCursor: string | null;
}

/** `GET /api/questions/:id/answers?cursor=` → `answers`: oldest first. */
export interface AnswersPage {
  answers: Answer[];
  nextCursor: string | null;
}

/** A question in the educator's inbox (`GET /api/educator/questions`), with its course and lesson titles. */
export interface InboxQuestion extends Question {
  course: { _id: string; courseTitle: string };
  lectureTitle: string;
}

/**
 * `GET /api/educator/questions?q=&cursor=` → `questions`: unanswered first, then fewest answers,
 * newest first; `q` searches the titles and texts across all the educator's courses.
 */
export interface InboxPage {
  questions: InboxQuestion[];
  nextCursor: string | null;
}

/**
 * `GET /api/educator/questions/unanswered-count` → the educator's open questions across their
 * courses (visible, without a visible answer): the sidebar's badge. Kept as questions are asked,
 * answered, deleted or hidden, never counted by scanning.
 */
export interface InboxCount {
  unanswered: number;
}

/** `PUT|DELETE /api/questions/:id/vote`, `/api/answers/:id/vote` → the target's count and the caller's vote. */
export interface VoteResult {
  upvotes: number;
  votedByMe: boolean;
}

/** The most characters of a note's text (plain text). */
export const NOTE_MAX_LENGTH = 5_000;
/** The most notes one student keeps in one course. */
export const NOTES_PER_COURSE_MAX = 500;
/** The highest `videoSeconds` a note takes (a day of video). */
export const NOTE_MAX_VIDEO_SECONDS = 86_400;

/** A student's private note on a lesson; `videoSeconds` is where the video was when it was taken. */
export interface LessonNote {
  _id: string;
  courseId: string;
  lectureId: string;
  text: string;
  videoSeconds: number | null;
  createdAt: string;
  updatedAt: string;
}

/** `[m:ss]` (or `[h:mm:ss]` from an hour on): how the Markdown export writes a note's video time. */
export function videoTimestamp(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `[${h}:${String(m).padStart(2, '0')}:${s}]` : `[${m}:${s}]`;
}

/**
 * The admin's Q&A moderation list (#35): every question and answer, or only the visible or the
 * hidden ones (`GET /api/admin/discussions?state=`).
 */
export const DISCUSSION_ADMIN_STATES = ['all', 'visible', 'hidden'] as const;
export type DiscussionAdminState = (typeof DISCUSSION_ADMIN_STATES)[number];

/**
 * A question or an answer in the admin's list, with where it was posted and who wrote it. `body`
 * is the sanitized HTML as stored; for an answer, `questionTitle` is its question's.
 */
export interface AdminDiscussionPost {
  kind: 'question' | 'answer';
  _id: string;
  /** The question itself, or the answer's question. */
  questionId: string;
  questionTitle: string;
  course: { _id: string; courseTitle: string };
  lectureId: string;
  lectureTitle: string;
  author: DiscussionAuthor;
  byInstructor: boolean;
  body: string;
  createdAt: string;
  editedAt: string | null;
  hidden: (DiscussionHidden & { hiddenBy: { name: string } }) | null;
}

/**
 * `GET /api/admin/discussions?state=all|visible|hidden&q=&cursor=` → `posts`: questions and answers
 * of every course together, newest first; `nextCursor` asks for the next page, null on the last.
 */
export interface AdminDiscussionsPage {
  posts: AdminDiscussionPost[];
  nextCursor: string | null;
}
