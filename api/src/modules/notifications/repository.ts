import type { AppNotification, NotificationKind } from '@courseport/contracts/notifications';
import type { Store, Stored } from '../../store/index.js';

/** One notification of one user (`notifications`). */
export interface NotificationDoc extends Stored<Omit<AppNotification, '_id'>, 'createdAt'> {
  _id: string;
  userId: string;
  kind: NotificationKind;
  /** The course it is about, when it is about one (an announcement's per-course opt-out). */
  courseId?: string;
  /**
   * Set by a caller that must notify once per event whatever happens (an announcement's fan-out:
   * `announcement:<id>:<userId>`): unique, so a second notify of the same event is refused by the store.
   */
  dedupeKey?: string;
  /** Mailing deferred to the user's next digest (a burst). */
  digestPending?: true;
  [key: string]: unknown;
}

/**
 * A user's unread count, kept beside the notifications (`notificationCounters`, `_id` = the user):
 * `$inc` +1 with each notification, −1 when one is marked read, −n for the n marked read at once.
 * Reading it is one document by its key on both stores, however many notifications there are.
 */
export interface CounterDoc {
  _id: string;
  unread: number;
  [key: string]: unknown;
}

/** A user's mail preferences (`notificationPrefs`, `_id` = the user); absent: every kind mailed. */
export interface PrefsDoc {
  _id: string;
  /** Kinds whose mail is off (a kind not listed is mailed). */
  mailOff?: NotificationKind[];
  /** Courses whose announcements are not mailed. */
  mutedCourses?: string[];
  updatedAt: Date;
  [key: string]: unknown;
}

/**
 * A user's mail window (`notificationMailWindows`, `_id` = the user): the first notification
 * mailed opens a window until `windowUntil`; notifications within it only count `pending`, and the
 * digest job mails them together when it ends (and opens the next window).
 */
export interface MailWindowDoc {
  _id: string;
  windowUntil: Date;
  pending: number;
  [key: string]: unknown;
}

export const NOTIFICATIONS = 'notifications';
export const NOTIFICATION_JOBS_COLLECTION = 'notificationJobs';

export const NOTIFICATION_INDEXES = [
  // A user's list, newest first (the cursor is createdAt, then _id).
  { collection: NOTIFICATIONS, fields: ['userId', 'createdAt'] },
  // The digest: a user's notifications waiting for it.
  { collection: NOTIFICATIONS, fields: ['userId', 'digestPending'] },
  // Once per event (an announcement per student).
  { collection: NOTIFICATIONS, fields: ['dedupeKey'], unique: true, sparse: true },
] as const;

export const notificationsRepository = (store: Store) => ({
  notifications: store.collection<NotificationDoc>(NOTIFICATIONS),
  counters: store.collection<CounterDoc>('notificationCounters'),
  prefs: store.collection<PrefsDoc>('notificationPrefs'),
  windows: store.collection<MailWindowDoc>('notificationMailWindows'),
});
export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
