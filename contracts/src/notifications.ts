/**
 * Notifications and announcements (#35): what the API's `notifications` and `announcements`
 * modules answer, and the limits both sides check.
 */

/** Every kind of notification, in the order the preferences list them. */
export const NOTIFICATION_KINDS = [
  'answer',
  'instructor-reply',
  'announcement',
  'review-reply',
  'educator-approved',
  'project-reviewed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);

/** What the preferences call each kind. */
export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  answer: 'Answers to your questions',
  'instructor-reply': 'Replies from the educator',
  announcement: 'Course announcements',
  'review-reply': 'Replies to your reviews',
  'educator-approved': 'Your educator request',
  'project-reviewed': 'Project reviews',
};

export const NOTIFICATION_TITLE_MAX_LENGTH = 200;
export const NOTIFICATION_TEXT_MAX_LENGTH = 1000;
/** A notification list page: default and largest. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;

/**
 * One notification as its owner reads it. `title` and `text` are plain text (shown as text, never
 * as HTML); `link` is a path of the app (`/player/<courseId>`), never another origin.
 */
export interface AppNotification {
  _id: string;
  kind: NotificationKind;
  title: string;
  text: string;
  link: string;
  read: boolean;
  createdAt: string;
}

/** `GET /api/notifications`: newest first; `nextCursor` is null on the last page. */
export interface NotificationsPage {
  notifications: AppNotification[];
  nextCursor: string | null;
}

/** Mail per kind (true: mailed), and the courses whose announcements are not mailed. */
export interface NotificationPreferences {
  mail: Record<NotificationKind, boolean>;
  mutedCourses: string[];
}

/** The most courses one person can mute (far more than anyone is enrolled in). */
export const MUTED_COURSES_MAX = 500;

export const ANNOUNCEMENT_TITLE_MAX_LENGTH = 150;
/** The body's HTML, after sanitizing. */
export const ANNOUNCEMENT_BODY_MAX_LENGTH = 20_000;
export const ANNOUNCEMENTS_PAGE_SIZE = 10;
export const ANNOUNCEMENTS_MAX_PAGE_SIZE = 50;

/** A course announcement: `body` is sanitized HTML (the description allow-list). */
export interface Announcement {
  _id: string;
  courseId: string;
  title: string;
  body: string;
  author: { _id: string; name: string };
  createdAt: string;
  updatedAt: string;
}

export interface AnnouncementsPage {
  announcements: Announcement[];
  nextCursor: string | null;
}
