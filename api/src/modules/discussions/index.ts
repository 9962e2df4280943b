/**
 * Questions and answers on lessons (#35: the `questions`, `answers` and `discussionVotes`
 * collections). Calls users and courses; the enrollment check is learning's and the admin check
 * admin-emails', given to its factory, as are the events (`DiscussionEvents`) a module above
 * (notifications) listens to.
 */
export { discussionNotices } from './notices.js';
export { DISCUSSION_INDEXES } from './repository.js';
export { type DiscussionServices, discussionRoutes } from './routes.js';
export {
  ANSWER_NOT_FOUND,
  type DiscussionEvents,
  type DiscussionsService,
  discussionsService,
  LESSON_NOT_FOUND,
  NOT_IN_THIS_COURSE,
  QUESTION_NOT_FOUND,
  quietDiscussionEvents,
} from './service.js';
