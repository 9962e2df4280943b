/**
 * Ratings and written reviews (the `ratings` collection); a course's `courseRatings` list is
 * rebuilt from them through the courses module. Calls courses and users; the enrollment check is
 * learning's, given to its factory.
 */
export { REVIEW_INDEXES } from './repository.js';
export { type ReviewServices, reviewRoutes } from './routes.js';
export { rating as ratingStars } from './schemas.js';
export {
  ALREADY_REPLIED,
  type CountedRating,
  type EnrollmentCheck,
  NOT_YOUR_COURSE,
  newReviewId,
  type OnRating,
  REVIEW_NOT_FOUND,
  type ReviewsService,
  reviewsService,
} from './service.js';
