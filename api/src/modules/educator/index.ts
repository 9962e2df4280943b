/**
 * The educator's side (no collection of its own): adding, editing, publishing and deleting courses,
 * their students and earnings. Calls courses, purchases, coupons, users, categories, media,
 * wishlist (a price drop's mails) and videos (a lesson's hosted video, #33).
 */

export {
  emptyQuizPlan,
  type HostedVideos,
  hostedVideosOf,
  type LessonFormInput,
  lessonDoc,
  type QuizPlan,
} from './lessons.js';
export { type CourseLifecycleServices, courseLifecycleRoutes } from './lifecycle-routes.js';
export {
  CANNOT_DELETE_CHECKOUT,
  CANNOT_DELETE_SOLD,
  type CourseLifecycle,
  courseLifecycle,
  EDITED_MEANWHILE,
  mergeContent,
  NOT_THE_OWNER,
  publishProblems,
} from './lifecycle-service.js';
export { type EducatorServices, educatorRoutes, MAX_THUMBNAIL_BYTES } from './routes.js';
export { type EducatorService, educatorService } from './service.js';
