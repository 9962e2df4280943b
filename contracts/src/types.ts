/**
 * The API's and the platform's data contracts, shared by the API, the shell (browser and server)
 * and every portal. Types only: no runtime code, no React, no DOM.
 */
import type { CatalogSort, CourseLevel, DurationBucket, PriceFilter } from './discovery.js';
import type { LessonKind, LessonResource, LessonResourceInput, QuizDefinition, QuizSummary } from './lessons.js';

/** Every JSON response of the API. */
export type ApiEnvelope<T extends object = object> = { success: boolean; message?: string } & Partial<T>;

export type Role = 'student' | 'educator' | 'admin';

export interface HealthResponse {
  status: 'ok' | 'degraded';
  store: { kind: 'embedded' | 'mongodb'; ok: boolean };
  time: string;
}

/** `GET /api/config`: what the front ends need to know about how this deployment runs. */
export interface PublicConfig {
  authMode: 'local' | 'clerk';
  clerkPublishableKey?: string;
  paymentMode: 'local' | 'stripe';
  currency: string;
  /**
   * `demo`: demo accounts and catalog, simulated payments, development outbox (the shell shows a
   * banner saying so). `production`: none of those.
   */
  mode: 'demo' | 'production';
}

/** The profile kept by the API (`GET /api/user/data` → `user`). `admin` is derived from the allow-list. */
export interface UserProfile {
  _id: string;
  email: string;
  name: string;
  imageUrl: string;
  roles: Role[];
  enrolledCourses: string[];
}

export type EducatorRequestStatus = 'pending' | 'approved' | 'rejected';

/** `GET /api/user/educator-requests` → `requests[]` (newest first). */
export interface EducatorRequest {
  _id: string;
  userId: { _id: string; name: string; imageUrl: string };
  name: string;
  email: string;
  requestedAt: string;
  status: EducatorRequestStatus;
  reason?: string;
}

/** `GET /api/user/educator-request` → `request`: the caller's latest request, or null. */
export interface MyEducatorRequest {
  status: EducatorRequestStatus;
  requestedAt: string;
  decidedAt?: string;
  /** The admin's reason, when a rejection gave one. */
  reason?: string;
}

/** `GET /api/user/admin-emails` → `adminEmails[]`. */
export interface AdminEmail {
  _id: string;
  email: string;
  addedBy: { name: string } | null;
  addedAt: string;
}

/** Local-mode authentication (`/api/auth/*`): a short-lived session token for the bearer header. */
export interface SessionTokenResponse {
  token: string;
  /** ISO time the token stops being valid; refresh before then. */
  expiresAt: string;
  user: { id: string; email: string; emailVerified: boolean; fullName: string; imageUrl: string };
}

/** A lecture. `lectureUrl` is present only where the caller may watch it (free preview, enrolled, owner). */
export interface Lecture {
  lectureId: string;
  lectureTitle: string;
  /** Minutes (an article's: its reading time). */
  lectureDuration: number;
  /** Video lessons: a YouTube link. */
  lectureUrl?: string;
  /**
   * Video lessons (#33): a video the platform hosts instead of a YouTube link. Public (playing it
   * needs a signed URL from `GET /api/videos/:id/playback`, which checks access).
   */
  hostedVideoId?: string;
  /** Hosted videos: the caption languages (BCP 47), kept by the server. */
  captionLanguages?: string[];
  /** Hosted videos: the poster frame's absolute URL, kept by the server. */
  posterUrl?: string;
  isPreviewFree: boolean;
  lectureOrder: number;
  /** The lesson's kind (#32); absent on lectures stored before kinds: a video. */
  lessonKind?: LessonKind;
  /** Articles: sanitized HTML, present only where `lectureUrl` would be (free preview, enrolled, owner). */
  articleHtml?: string;
  /** Projects: the brief, sanitized HTML, with the same visibility. */
  projectBrief?: string;
  /** Quizzes: what anyone may know (no question, no answer). */
  quiz?: QuizSummary;
  /** Quizzes, in the owner's `EditableCourse` only: the whole quiz with its answer key. */
  quizDefinition?: QuizDefinition;
  /** Files and links attached to the lesson (a link's `url` only with access). */
  resources?: LessonResource[];
}

export interface Chapter {
  chapterId: string;
  chapterTitle: string;
  chapterOrder: number;
  chapterContent: Lecture[];
}

/**
 * `GET /api/course/all?search&offset&limit` → one page of the published catalog (newest first,
 * 48 cards unless `limit` says otherwise, at most 100) and how many courses match in all.
 */
export interface CourseCatalogPage {
  courses: CourseCard[];
  /** Published courses matching the search (every published course without one). */
  total: number;
  /** With `facets=1` only (see `CatalogQuery`). */
  facets?: CatalogFacets;
}

/**
 * A course thumbnail as the upload pipeline stores it: re-encoded (no metadata, no trailing bytes)
 * at each of `widths` in each of `formats`, served at `${base}/${width}.${format}` (for example
 * `https://app.example/api/media/5f…/640.webp`) with immutable caching.
 */
export interface ThumbnailImage {
  /** The renditions' URL prefix (absolute, no trailing slash). */
  base: string;
  /** The largest rendition's pixel size: its aspect ratio gives every rendition's `width`/`height`. */
  width: number;
  height: number;
  /** The rendition widths, ascending (a smaller image is not enlarged: its widths stop at its own). */
  widths: number[];
  /** The formats, best first; the last one ('jpeg') is the universal fallback. */
  formats: Array<'avif' | 'webp' | 'jpeg'>;
  /** A tiny blurred preview as a `data:` URL (a few hundred bytes), shown until the image arrives. */
  placeholder: string;
}

/** `GET /api/course/all` → `courses[]` (newest first): the lean public card of a course. */
export interface CourseCard {
  _id: string;
  courseTitle: string;
  /** A JPEG of the thumbnail (a mid-size rendition), for whatever cannot use `thumbnail`. */
  courseThumbnail: string;
  /** The thumbnail's renditions; absent only for a course whose image is not processed yet. */
  thumbnail?: ThumbnailImage;
  /** Rupees. */
  coursePrice: number;
  /** Percent, 0–100. */
  discount: number;
  /** Who teaches it: `_id` names their instructor page (`/instructor/<_id>`). */
  educator: { _id: string; name: string } | null;
  /** Integer floor of the mean rating, 0 when none. */
  averageRating: number;
  ratingCount: number;
  enrolledCount: number;
  createdAt: string;
  /** The category's slug and name (`GET /api/categories`), null when none was chosen. */
  category?: { slug: string; name: string } | null;
  level?: CourseLevel | null;
  /** Minutes of every lecture. */
  durationMinutes?: number;
}

/** `GET /api/course/:id` → `courseData`: the card plus the (sanitized HTML) description and chapters. */
export interface CourseDetails extends CourseCard {
  courseDescription: string;
  courseContent: Chapter[];
}

/** `GET /api/educator/courses` → `courses[]` (the caller's, newest first). */
export interface EducatorCourse {
  _id: string;
  courseTitle: string;
  /** Sanitized HTML. */
  courseDescription: string;
  courseThumbnail: string;
  thumbnail?: ThumbnailImage;
  coursePrice: number;
  discount: number;
  createdAt: string;
  studentsCount: number;
  /** Rupees actually paid for this course, rounded down. */
  earnings: number;
  /** Archived courses are listed only with `?include=archived`. */
  status: CourseStatus;
}

/** A student's enrollment in one of the caller's courses. */
export interface EnrolledStudent {
  student: { _id: string; name: string; imageUrl: string };
  courseTitle: string;
  /** When the purchase completed (ISO). */
  purchaseDate: string;
}

/** `GET /api/educator/dashboard` → `dashboardData`. */
export interface DashboardData {
  totalCourses: number;
  /** Rupees, rounded down. */
  totalEarnings: number;
  /** Newest first. */
  enrolledStudentsData: EnrolledStudent[];
}

/** One lesson as the course form sends it (add-course; edit adds `lectureId` for an existing one). */
export interface LessonInput {
  lectureTitle: string;
  /** Minutes; an article's is its reading time, computed by the server. */
  lectureDuration: number;
  /** Video lessons: a YouTube link, or `hostedVideoId` (one of the two is required). */
  lectureUrl?: string;
  /** Video lessons (#33): one of the educator's own ready videos; the duration becomes the video's. */
  hostedVideoId?: string;
  isPreviewFree?: boolean;
  /** Absent: a video. */
  lessonKind?: LessonKind;
  /** Articles (required for them): rich text, sanitized by the server. */
  articleHtml?: string;
  /** Projects (required for them): rich text, sanitized by the server. */
  projectBrief?: string;
  /** Quizzes (required for new ones; on edit, absent keeps the quiz as it is). Ids are the server's for new questions and options. */
  quizDefinition?: Omit<QuizDefinition, 'questions'> & {
    questions: Array<
      Omit<QuizDefinition['questions'][number], 'questionId' | 'options'> & {
        questionId?: string;
        options: Array<{ optionId?: string; text: string; correct: boolean }>;
      }
    >;
  };
  resources?: LessonResourceInput[];
}

/** The `courseData` JSON part of `POST /api/educator/add-course` (ids and orders are set by the server). */
export interface NewCourseInput {
  courseTitle: string;
  courseDescription: string;
  coursePrice: number;
  discount: number;
  /** Optional: `'draft'` saves the course without publishing it (default `'published'`). */
  status?: 'draft' | 'published';
  /** A category slug from `GET /api/categories` (optional). */
  category?: string | null;
  level?: CourseLevel | null;
  courseContent: Array<{
    chapterTitle: string;
    chapterContent: LessonInput[];
  }>;
}

/**
 * A course's lifecycle. Only `published` courses are in the catalog, search and course pages (for
 * anyone but the owner and admins) and can be bought; `unpublished` and `archived` keep their
 * enrolled students' access; `archived` leaves the educator's active list too.
 */
export type CourseStatus = 'draft' | 'published' | 'unpublished' | 'archived';

/**
 * `GET /api/educator/courses/:id` → `course` (the owner or an admin), and the answer of
 * `PATCH /api/educator/courses/:id` and of publish / unpublish / archive: every lecture URL included.
 */
export interface EditableCourse {
  _id: string;
  courseTitle: string;
  /** Sanitized HTML. */
  courseDescription: string;
  courseThumbnail: string;
  thumbnail?: ThumbnailImage;
  coursePrice: number;
  discount: number;
  status: CourseStatus;
  /** The category's slug. */
  category?: string | null;
  level?: CourseLevel | null;
  courseContent: Chapter[];
  studentsCount: number;
  createdAt: string;
  updatedAt?: string;
}

/**
 * `PATCH /api/educator/courses/:id` (JSON; every field optional, validated as in add-course). The
 * `courseContent`, when sent, is the whole new content in order: chapters and lectures with an id
 * are the existing ones (kept, edited, moved), those without get new ids, and those left out are removed.
 */
export interface EditCourseInput {
  courseTitle?: string;
  courseDescription?: string;
  coursePrice?: number;
  discount?: number;
  category?: string | null;
  level?: CourseLevel | null;
  courseContent?: Array<{
    chapterId?: string;
    chapterTitle: string;
    chapterContent: Array<LessonInput & { lectureId?: string }>;
  }>;
}

/** `GET /api/educator/courses` query: archived courses are left out unless `include=archived`. */
export interface EducatorCoursesQuery {
  include?: 'archived';
}

/** A coupon of one of the educator's courses (`GET /api/educator/coupons` → `coupons[]`). */
export interface Coupon {
  _id: string;
  courseId: string;
  courseTitle: string;
  /** Upper case; matched case-insensitively. Unique per course. */
  code: string;
  /** 1–100, or absent for a fixed amount. */
  percentOff?: number;
  /** Rupees off the price, or absent for a percentage. */
  amountOff?: number;
  /** ISO; absent: never expires. */
  expiresAt?: string;
  /** Absent: unlimited. */
  maxUses?: number;
  /** Completed purchases that used it. */
  uses: number;
  /** Checkouts holding a use until they are paid or expire. */
  reserved: number;
  active: boolean;
  createdAt: string;
}

/** `POST /api/educator/coupons` (exactly one of `percentOff` and `amountOff`). */
export interface NewCouponInput {
  courseId: string;
  /** 3–32 letters, digits, `-` or `_`. */
  code: string;
  percentOff?: number;
  /** Rupees (two decimals at most). */
  amountOff?: number;
  /** ISO date-time in the future. */
  expiresAt?: string;
  maxUses?: number;
}

/** `PATCH /api/educator/coupons/:id`. */
export interface CouponPatchInput {
  active: boolean;
}

/** `POST /api/user/apply-coupon { courseId, code }` → `pricing`: what the buyer would pay, computed by the server. */
export interface CouponPricing {
  code: string;
  /** Paise: the course's price after its own discount. */
  originalAmount: number;
  /** Paise: what the coupon takes off. */
  couponDiscount: number;
  /** Paise, never below zero: what the buyer pays with the coupon. */
  amount: number;
}

/** `POST /api/user/purchase` body. */
export interface PurchaseInput {
  courseId: string;
  /** Applied by the server; refused (400/404/409) when it does not apply. */
  couponCode?: string;
}

/** `GET /api/user/enrolled-courses` → `enrolledCourses[]`, in enrollment order (oldest first), every lecture URL included. */
export interface EnrolledCourse extends CourseDetails {
  /** The caller's own rating of the course, 1–5, or null. */
  myRating: number | null;
}

/** Where a student last was in a course: saved by `POST /api/user/save-position { courseId, lectureId, seconds }`. */
export interface CoursePosition {
  lectureId: string;
  /** Seconds into the lecture's video (0 to 86,400). */
  seconds: number;
  /** When it was saved (ISO 8601). */
  updatedAt: string;
}

/**
 * `POST /api/user/get-course-progress` → `progressData` (null before the first completed lecture or
 * saved position).
 */
export interface CourseProgress {
  courseId: string;
  lectureCompleted: string[];
  /** The last saved position, when its lecture is still part of the course. */
  position?: CoursePosition;
}

/**
 * `GET /api/user/continue-learning` → `courses[]`: the caller's unfinished courses, the most
 * recently watched first (then the most recently enrolled), at most 4, each with the lecture
 * "Continue" opens (`/player/<courseId>?lecture=<lectureId>`).
 */
export interface ContinueLearning {
  courseId: string;
  courseTitle: string;
  courseThumbnail: string;
  thumbnail?: ThumbnailImage;
  lecture: { lectureId: string; lectureTitle: string };
  /** Completed lectures × 100 / lectures. */
  percent: number;
  /** When the student last saved a position in the course (ISO 8601); null if never. */
  lastWatchedAt: string | null;
}

/** `GET /api/instructors/:id` → `instructor`: an educator's public page. */
export interface InstructorProfile {
  _id: string;
  name: string;
  imageUrl: string;
  /** Plain text, written by the educator (empty when they have not). */
  bio: string;
  /** Their published courses, newest first. */
  courses: CourseCard[];
  /** Students enrolled over all their published courses (a student of two counts twice). */
  totalStudents: number;
  /** The mean of every rating of their published courses, one decimal; 0 when none. */
  averageRating: number;
  ratingCount: number;
}

/** `GET /api/educator/profile` → `profile`, and `PATCH /api/educator/profile` `{ bio }` → `profile`. */
export interface EducatorProfile {
  _id: string;
  name: string;
  imageUrl: string;
  bio: string;
}

/** `GET /api/certificates/:id` → `certificate`: what anyone may confirm about a certificate, nothing more. */
export interface PublicCertificate {
  id: string;
  studentName: string;
  courseTitle: string;
  /** ISO date-time the student completed the course. */
  completedAt: string;
  status: 'valid' | 'revoked';
}

/** `GET /api/user/certificates/:courseId` → `certificate`: the caller's own certificate of a completed course. */
export interface Certificate extends PublicCertificate {
  courseId: string;
  educatorName: string;
}

/** An educator's public answer to a review (one per review). */
export interface ReviewReply {
  /** Plain text. */
  text: string;
  /** The course's educator, as their instructor page names them. */
  educatorName: string;
  repliedAt: string;
}

/**
 * A written review as the course page shows it. `_id` is the review's own opaque id, never the
 * reviewer's account id; the reviewer is shown by name and photo only.
 */
export interface CourseReview {
  _id: string;
  reviewer: { name: string; imageUrl: string };
  /** 1–5. */
  rating: number;
  /** Plain text (shown as text, never as HTML), 1–2,000 characters. */
  text: string;
  createdAt: string;
  /** Later than `createdAt` when the student edited it. */
  updatedAt: string;
  reply: ReviewReply | null;
}

/** How many visible ratings of a course gave each number of stars. */
export type RatingBreakdown = Record<1 | 2 | 3 | 4 | 5, number>;

/**
 * `GET /api/course/:id/reviews?page=1` → `reviews`: one page (`REVIEWS_PAGE_SIZE`) of the course's
 * written reviews, newest first, and the breakdown of every visible rating (with or without text).
 * Hidden reviews are in neither, nor in the course's `averageRating`/`ratingCount`.
 */
export interface CourseReviewsPage {
  breakdown: RatingBreakdown;
  /** The mean of the visible ratings, one decimal; 0 when none. */
  averageRating: number;
  ratingCount: number;
  reviews: CourseReview[];
  /** Written reviews shown in all (the pages' total). */
  total: number;
  page: number;
  pageSize: number;
}

/** When and why an admin hid a review. */
export interface ReviewHidden {
  reason: string;
  hiddenAt: string;
}

/**
 * `GET /api/user/reviews/:courseId` → `review` (null when none), and `PUT` of it
 * `{ rating, text }` → `review`; `DELETE` removes it (and the rating with it). Only enrolled
 * students; one review per student and course. `POST /api/user/add-rating` changes only `rating`.
 */
export interface MyReview {
  _id: string;
  rating: number;
  /** Empty when the student has only rated. */
  text: string;
  createdAt: string;
  updatedAt: string;
  reply: ReviewReply | null;
  /** Set when an admin hid it: it is then on neither the course page nor in the rating. */
  hidden: ReviewHidden | null;
}

/** `PUT /api/user/reviews/:courseId` body. */
export interface ReviewInput {
  rating: number;
  /** Plain text, up to 2,000 characters; empty for stars only. */
  text: string;
}

/**
 * `GET /api/educator/reviews?page=1` → `reviews`: written, visible reviews of the caller's courses,
 * newest first. `POST /api/educator/reviews/:reviewId/reply` `{ text }` → `review` (once per review:
 * 409 after that; 403 for another educator's course).
 */
export interface EducatorReview extends CourseReview {
  course: { _id: string; courseTitle: string };
}
export interface EducatorReviewsPage {
  reviews: EducatorReview[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * `GET /api/admin/reviews?page=1&status=all|hidden` → `reviews`: every written review, newest first,
 * hidden ones included (with why). `POST /api/admin/reviews/:reviewId/hide` `{ reason }` and
 * `POST /api/admin/reviews/:reviewId/restore` → `review`.
 */
export interface AdminReview extends CourseReview {
  course: { _id: string; courseTitle: string };
  hidden: (ReviewHidden & { hiddenBy: { name: string } | null }) | null;
}
export interface AdminReviewsPage {
  reviews: AdminReview[];
  total: number;
  page: number;
  pageSize: number;
}

/** `GET /api/categories` → `categories[]` (by name): the admin-managed list, with published courses in each. */
export interface Category {
  /** URL-safe id, made from the name when created, never changed (`web-development`). */
  slug: string;
  name: string;
  courseCount: number;
}
/**
 * `POST /api/admin/categories` `{ name }` → `category` (409 for a name or slug in use);
 * `PATCH /api/admin/categories/:slug` `{ name }` renames; `DELETE /api/admin/categories/:slug`
 * (409 while a course is in it). Admin only, audited like the admin e-mails.
 */
export interface CategoryInput {
  name: string;
}

/**
 * `GET /api/course/all` query. Every parameter is optional; without any, the answer is the spec's
 * (every published course, newest first). Lists are comma-separated (`level=beginner,advanced`).
 * An unknown value is a 400 with a message naming the parameter.
 */
export interface CatalogQuery {
  search?: string;
  offset?: number;
  limit?: number;
  /** Category slugs. */
  category?: string;
  /** `CourseLevel`s. */
  level?: string;
  price?: PriceFilter;
  /** Rupees after discount, inclusive; either end optional. */
  minPrice?: number;
  maxPrice?: number;
  /** The least average rating: one of `MIN_RATINGS`. */
  rating?: number;
  /** `DurationBucket`s. */
  duration?: string;
  sort?: CatalogSort;
  /** `1`: also answer `facets` (counts per filter value for the rest of the query). */
  facets?: '1';
}

/**
 * Counts per filter value: how many courses match the query with that value chosen instead (the
 * other filters kept), as a storefront's filter sidebar shows them.
 */
export interface CatalogFacets {
  category: Array<{ slug: string; name: string; count: number }>;
  level: Array<{ value: CourseLevel; count: number }>;
  price: Array<{ value: PriceFilter; count: number }>;
  rating: Array<{ value: number; count: number }>;
  duration: Array<{ value: DurationBucket; count: number }>;
}

/** `GET /api/course/suggest?q=` → `suggestions` (public): while typing, whole words and prefixes. */
export interface CatalogSuggestions {
  courses: Array<{ _id: string; courseTitle: string; educatorName: string | null }>;
  categories: Array<{ slug: string; name: string }>;
}

/**
 * `GET /api/user/wishlist` → `wishlist[]` (newest saved first); `PUT /api/user/wishlist/:courseId`
 * saves (idempotent; 404 for a course not published), `DELETE` of it removes. Signed in.
 */
export interface WishlistItem {
  course: CourseCard;
  savedAt: string;
  /** The price after discount when it was saved (rupees). */
  savedPrice: number;
  /** The price after discount now, when lower than `savedPrice`: the student is told (and mailed once). */
  priceDrop: { from: number; to: number } | null;
}
