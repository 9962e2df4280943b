/** Outgoing mail (the `outbox` collection): written first, then delivered. The lowest module. */
export { MAIL_INDEXES, type MailKind } from './repository.js';
export { createMailer, MAX_ATTEMPTS, type Mailer, mailerFor, type OutgoingMail } from './service.js';
export { escapeHtml, mails, type NotificationMailContent, notificationMails, unsubscribeHeaders } from './templates.js';
