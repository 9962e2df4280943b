import type { MyReview, ReviewHidden, ReviewReply } from '@courseport/contracts';
import type { Store, Stored } from '../../store/index.js';

/** The course educator's answer to a review (one per review). */
export interface ReplyDoc extends Stored<Omit<ReviewReply, 'educatorName'>, 'repliedAt'> {
  /** The educator who replied (the course's owner then); named from their user record when read. */
  educatorId: string;
}

/** Set while an admin has hidden the review: it then counts nowhere (course page, rating). */
export interface HiddenDoc extends Stored<ReviewHidden, 'hiddenAt'> {
  /** The admin's user id; never sent, shown as their name in the admin console only. */
  hiddenBy: string;
}

/**
 * One student's rating of one course, and their written review of it when they wrote one: the
 * student's `MyReview` as stored. Its `_id` is `<userId>:<courseId>`, so there is only ever one;
 * `reviewId` is its public, opaque id (records written before reviews existed get one on their next
 * write). Never sent as stored: the reviewer's user id stays here. `updatedAt` is every write (stars
 * or text); `text` is absent (never empty) when the student has only rated; `createdAt` is when the
 * text was first written (or the record made), missing on ratings older than reviews.
 */
export interface RatingDoc
  extends Stored<Pick<MyReview, 'rating' | 'updatedAt'>, 'updatedAt'>,
    Partial<Stored<Pick<MyReview, 'text' | 'createdAt'>, 'createdAt'>> {
  _id: string;
  userId: string;
  courseId: string;
  /** 32 hex digits (128 random bits). Missing on ratings older than reviews and on the demo seed's. */
  reviewId?: string;
  reply?: ReplyDoc;
  hidden?: HiddenDoc;
  [key: string]: unknown;
}

export const REVIEW_INDEXES = [
  { collection: 'ratings', fields: ['courseId'] },
  // The course page: a course's written reviews, newest first.
  { collection: 'ratings', fields: ['courseId', 'createdAt'] },
  { collection: 'ratings', fields: ['reviewId'], unique: true, sparse: true },
  // The admin console: every written review, newest first.
  { collection: 'ratings', fields: ['createdAt'] },
] as const;

export const ratingsRepository = (store: Store) => store.collection<RatingDoc>('ratings');
export type RatingsRepository = ReturnType<typeof ratingsRepository>;
