/**
 * Learning (the `progress` collection): an enrolled student's lectures, positions and completion,
 * and the enrollment check every learning route (and reviews, certificates) makes. Calls users and
 * courses. Quiz and project lessons are completed only through `completeGatedLesson` (the quizzes and
 * projects modules, above), never by the student's own progress update.
 */
export { CONTINUE_LEARNING_COUNT, type ContinueLearningService, continueLearningService } from './continue-learning.js';
export { PROGRESS_INDEXES } from './repository.js';
export { type LearningServices, learningRoutes } from './routes.js';
export { MAX_POSITION_SECONDS } from './schemas.js';
export {
  COURSE_ACCESS_KEPT,
  COURSE_ACCESS_MAX_AGE_MS,
  LECTURE_NOT_IN_COURSE,
  type LearningService,
  learningService,
  lectureIdsOf,
  NOT_ENROLLED,
  type OnProgress,
  PASS_THE_QUIZ,
  PROJECT_ACCEPTED_COMPLETES,
  type ProgressChange,
  type ProgressState,
  progressStateOf,
} from './service.js';
