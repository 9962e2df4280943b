import type { Announcement } from '@courseport/contracts/notifications';
import type { Store, Stored } from '../../store/index.js';

/** A course announcement (`announcements`); the author's name is read from their user record. */
export interface AnnouncementDoc extends Stored<Omit<Announcement, '_id' | 'author'>, 'createdAt' | 'updatedAt'> {
  _id: string;
  authorId: string;
  /** When every enrolled student was notified (the fan-out job's last step); absent until then. */
  fannedOutAt?: Date;
  [key: string]: unknown;
}

export const ANNOUNCEMENT_JOBS_COLLECTION = 'announcementJobs';

export const ANNOUNCEMENT_INDEXES = [
  // A course's list, newest first (the cursor is createdAt, then _id).
  { collection: 'announcements', fields: ['courseId', 'createdAt'] },
  // At start: announcements whose fan-out a crash interrupted.
  { collection: 'announcements', fields: ['fannedOutAt'] },
] as const;

export const announcementsRepository = (store: Store) => store.collection<AnnouncementDoc>('announcements');
