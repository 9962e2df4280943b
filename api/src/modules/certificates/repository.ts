import { randomBytes } from 'node:crypto';
import type { Certificate } from '@courseport/contracts';
import type { Store, Stored } from '../../store/index.js';

/**
 * A student's certificate of a completed course: one per student and course (a unique index), its
 * `_id` an unguessable random id, since it is what the public verification page is opened with.
 * The names and title are copied at issue: the certificate says what was true when it was earned.
 */
export interface CertificateDoc
  extends Stored<
    Pick<Certificate, 'courseId' | 'studentName' | 'courseTitle' | 'educatorName' | 'completedAt'>,
    'completedAt'
  > {
  /** `Certificate`'s `id`. */
  _id: string;
  userId: string;
  /** Set when the purchase that gave the course was refunded. */
  revokedAt?: Date;
  [key: string]: unknown;
}

export const CERTIFICATE_INDEXES = [
  { collection: 'certificates', fields: ['userId', 'courseId'], unique: true },
] as const;

/** 128 random bits, base64url: 22 characters. */
export const newCertificateId = () => randomBytes(16).toString('base64url');
export const CERTIFICATE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const certificatesRepository = (store: Store) => store.collection<CertificateDoc>('certificates');
