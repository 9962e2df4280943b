/**
 * Notifications (#35: `notifications`, `notificationCounters`, `notificationPrefs`,
 * `notificationMailWindows`, `notificationJobs`): what happened for a user, their unread count,
 * their mail preferences, mails grouped into digests and one-click unsubscribe links. Calls mail
 * and users; higher modules tell a user through the `Notify` port compose.ts gives them.
 */
export { NOTIFICATION_INDEXES } from './repository.js';
export { type NotificationServices, notificationRoutes, UNSUBSCRIBE_PATH } from './routes.js';
export { cursorParam, limitParam } from './schemas.js';
export {
  FORGED_UNSUBSCRIBE_LINK,
  INVALID_UNSUBSCRIBE_LINK,
  NOTIFICATION_NOT_FOUND,
  type NotificationsOptions,
  type NotificationsService,
  type Notify,
  type NotifyInput,
  notificationsService,
} from './service.js';
export { type UnsubscribeScope, unsubscribeTokens } from './unsubscribe-tokens.js';
