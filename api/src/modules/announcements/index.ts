/**
 * Course announcements (#35: `announcements`, `announcementJobs`): the course's educator writes to
 * its students; each is notified through notifications' `notify` by a fan-out job. Calls
 * notifications, courses and users; the enrollment check is learning's, given to its factory.
 */
export { ANNOUNCEMENT_INDEXES } from './repository.js';
export { type AnnouncementServices, announcementRoutes } from './routes.js';
export {
  ANNOUNCEMENT_NOT_FOUND,
  type AnnouncementsOptions,
  type AnnouncementsService,
  announcementsService,
  NOT_A_MEMBER,
  NOT_THE_AUTHOR,
  NOT_THE_EDUCATOR,
} from './service.js';
