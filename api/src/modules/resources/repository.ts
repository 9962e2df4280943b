import type { Store } from '../../store/index.js';

/**
 * An uploaded file's record (its bytes are the blob `resource-<_id>`). `purpose`: a lesson's
 * resource (an educator's, counted in their upload quota, unattached until a course names it) or a
 * project submission's file (a student's, stored by the projects module, attached at once).
 */
export interface ResourceDoc {
  _id: string;
  ownerId: string;
  courseId: string | null;
  lectureId: string | null;
  title: string;
  fileName: string;
  contentType: string;
  size: number;
  purpose: 'lesson' | 'submission';
  /** Bytes taken of the owner's upload quota (given back when the file goes). */
  quotaBytes: number;
  createdAt: Date;
  [key: string]: unknown;
}

export const RESOURCE_INDEXES = [
  // A course's files (attach, delete with the course) and the sweep of unattached ones (courseId null, old).
  { collection: 'resources', fields: ['courseId', 'createdAt'] },
  { collection: 'resources', fields: ['ownerId', 'courseId'] },
] as const;

export const resourcesRepository = (store: Store) => store.collection<ResourceDoc>('resources');

export const blobKey = (resourceId: string) => `resource-${resourceId}`;
