import type { Store } from '../../store/index.js';

/** Set while an admin has hidden the post. */
export interface HiddenDoc {
  reason: string;
  hiddenAt: Date;
  /** The admin's user id; never sent. */
  hiddenBy: string;
}

/**
 * A question on a lesson. `body` is sanitized HTML; `searchText` is the title and the body's text,
 * what the list's search looks in. `answerCount` counts the visible answers and `upvotes` the
 * votes: both kept with `$inc` by the writes that change them, never counted by scanning.
 */
export interface QuestionDoc {
  _id: string;
  courseId: string;
  lectureId: string;
  authorId: string;
  title: string;
  body: string;
  searchText: string;
  createdAt: Date;
  editedAt?: Date;
  answerCount: number;
  upvotes: number;
  acceptedAnswerId?: string;
  hidden?: HiddenDoc;
  [key: string]: unknown;
}

/** An answer; `byInstructor` is fixed when written (the author was the course's educator then). */
export interface AnswerDoc {
  _id: string;
  questionId: string;
  courseId: string;
  authorId: string;
  byInstructor: boolean;
  body: string;
  createdAt: Date;
  editedAt?: Date;
  upvotes: number;
  hidden?: HiddenDoc;
  [key: string]: unknown;
}

/** One person's upvote of one question or answer: the unique (targetId, userId) index makes it one. */
export interface VoteDoc {
  _id: string;
  targetId: string;
  kind: 'question' | 'answer';
  userId: string;
  createdAt: Date;
  [key: string]: unknown;
}

/**
 * A course's count of open questions: visible (not hidden) and without a visible answer, what the
 * educator's sidebar badge adds up. Kept by the writes that open or close one (`$inc`, decided on
 * the question as that write left it, so two answers at once close it once), never by scanning.
 */
export interface OpenCountDoc {
  _id: string;
  unanswered: number;
  [key: string]: unknown;
}

const QUESTIONS = 'questions';
const ANSWERS = 'answers';
const VOTES = 'discussionVotes';

export const DISCUSSION_INDEXES = [
  // A course's and a lesson's lists, newest first / most upvoted / unanswered (answerCount 0).
  { collection: QUESTIONS, fields: ['courseId', 'createdAt'] },
  { collection: QUESTIONS, fields: ['courseId', 'lectureId', 'createdAt'] },
  { collection: QUESTIONS, fields: ['courseId', 'upvotes', 'createdAt'] },
  { collection: QUESTIONS, fields: ['courseId', 'answerCount', 'createdAt'] },
  // The flooding check: the author's last question.
  { collection: QUESTIONS, fields: ['authorId', 'createdAt'] },
  // A question's answers, oldest first; the author's last answer.
  { collection: ANSWERS, fields: ['questionId', 'createdAt'] },
  { collection: ANSWERS, fields: ['authorId', 'createdAt'] },
  { collection: ANSWERS, fields: ['courseId'] },
  // The admins' moderation list (every course's questions and answers together, newest first).
  { collection: QUESTIONS, fields: ['createdAt'] },
  { collection: ANSWERS, fields: ['createdAt'] },
  // One vote per person and target, races included.
  { collection: VOTES, fields: ['targetId', 'userId'], unique: true },
  { collection: VOTES, fields: ['userId', 'targetId'] },
] as const;

export const discussionRepositories = (store: Store) => ({
  questions: store.collection<QuestionDoc>('questions'),
  answers: store.collection<AnswerDoc>('answers'),
  votes: store.collection<VoteDoc>('discussionVotes'),
  /** One per course with questions (`_id` the course's id); found by id only. */
  openCounts: store.collection<OpenCountDoc>('discussionOpenCounts'),
});
