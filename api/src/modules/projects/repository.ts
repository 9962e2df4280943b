import type { ProjectSubmission, SubmissionStatus } from '@courseport/contracts';
import type { Store } from '../../store/index.js';

/**
 * A student's submission for one project lesson (one per student and lesson: a resubmission
 * replaces it unless it was accepted). A file's bytes are a resource (`fileId`) of the resources
 * module; `educatorId` is the course's educator, whose review queue it is in.
 */
export interface SubmissionDoc {
  _id: string;
  userId: string;
  courseId: string;
  lectureId: string;
  educatorId: string;
  kind: ProjectSubmission['kind'];
  url?: string;
  fileId?: string;
  fileName?: string;
  size?: number;
  note: string;
  status: SubmissionStatus;
  reviewComment?: string;
  submittedAt: Date;
  reviewedAt?: Date;
  [key: string]: unknown;
}

export const PROJECT_INDEXES = [
  { collection: 'projectSubmissions', fields: ['userId', 'lectureId'], unique: true },
  // The educator's queue (newest first, by status, optionally one course) and its count.
  { collection: 'projectSubmissions', fields: ['educatorId', 'status', 'submittedAt'] },
  { collection: 'projectSubmissions', fields: ['courseId', 'status', 'submittedAt'] },
] as const;

export const submissionsRepository = (store: Store) => store.collection<SubmissionDoc>('projectSubmissions');
