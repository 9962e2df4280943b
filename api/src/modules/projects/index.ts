/**
 * Project submissions (#32, the `projectSubmissions` collection): students hand in a link or a
 * file for a project lesson; the course's educator reviews them; accepting completes the lesson.
 * Calls learning, notifications (the `notify` port), users, courses and resources (submission files).
 */
export { PROJECT_INDEXES } from './repository.js';
export { MAX_SUBMISSION_MB, type ProjectServices, projectRoutes } from './routes.js';
export { MAX_TEXT, SUBMISSION_STATUSES } from './schemas.js';
export {
  ALREADY_ACCEPTED,
  NO_FILE,
  NOT_A_PROJECT,
  type ProjectsService,
  projectsService,
  SUBMISSION_NOT_FOUND,
  SUBMITTED_MEANWHILE,
} from './service.js';
