import type { Certificate, PublicCertificate } from '@courseport/contracts';
import type { Clock } from '../../clock.js';
import { notFound } from '../../http/errors.js';
import { ConflictError, type Store } from '../../store/index.js';
import { COURSE_NOT_FOUND, courseRecords } from '../courses/index.js';
import { type LearningService, lectureIdsOf } from '../learning/index.js';
import { userRecords } from '../users/index.js';
import { type CertificateDoc, certificatesRepository, newCertificateId } from './repository.js';

export const CERTIFICATE_NOT_FOUND = 'Certificate not found';
export const COURSE_NOT_COMPLETE = 'Complete every lecture of this course to get its certificate';
export const CERTIFICATE_REVOKED = 'This certificate has been revoked';

const statusOf = (doc: CertificateDoc) => (doc.revokedAt ? 'revoked' : 'valid');

/** What anyone with the id may see: name, course, date, id and whether it stands. */
export const publicView = (doc: CertificateDoc): PublicCertificate => ({
  id: doc._id,
  studentName: doc.studentName,
  courseTitle: doc.courseTitle,
  completedAt: doc.completedAt.toISOString(),
  status: statusOf(doc),
});

/** What its owner sees. */
export const ownerView = (doc: CertificateDoc): Certificate => ({
  ...publicView(doc),
  courseId: doc.courseId,
  educatorName: doc.educatorName,
});

/**
 * The one owner of certificates: issued once a student has completed every current lecture of a
 * course they are enrolled in (idempotently: one per student and course, by a unique index), and
 * revoked when the purchase that gave the course is refunded.
 */
export function certificatesService(store: Store, clock: Clock, learning: Pick<LearningService, 'progress'>) {
  const certificates = certificatesRepository(store);
  const courses = courseRecords(store);
  const users = userRecords(store);

  const isEnrolled = (userId: string, courseId: string) => courses.isEnrolled(courseId, userId);

  async function revoke(userId: string, courseId: string): Promise<void> {
    await certificates.updateOne(
      { userId, courseId, revokedAt: { $exists: false } },
      { $set: { revokedAt: clock.now() } },
    );
  }

  async function insert(userId: string, courseId: string, courseTitle: string, educatorName: string) {
    const user = await users.byId(userId, { name: 1 });
    const doc: CertificateDoc = {
      _id: newCertificateId(),
      userId,
      courseId,
      studentName: user?.name || 'Student',
      courseTitle,
      educatorName,
      completedAt: clock.now(),
    };
    try {
      return await certificates.insertOne(doc);
    } catch (error) {
      // Another request issued it a moment ago: that one is the certificate.
      if (!(error instanceof ConflictError)) throw error;
      return certificates.findOne({ userId, courseId });
    }
  }

  /**
   * The caller's certificate of the course, issued on the first ask once every current lecture is
   * complete (not by the progress update, which stays one round trip: the player asks at 100 %).
   * 404 for no such course, 403 when not enrolled, 404 COURSE_NOT_COMPLETE while lectures remain.
   * A certificate revoked by a refund comes back valid once the student owns the course again and
   * has completed it.
   */
  async function mine(userId: string, courseId: string): Promise<CertificateDoc> {
    const existing = await certificates.findOne({ userId, courseId });
    if (existing && !existing.revokedAt) return existing;
    // Not issued, or revoked: the progress decides (and refuses a course that does not exist or is not the caller's).
    const progress = await learning.progress(userId, courseId);
    const course = await courses.byId(courseId, { courseTitle: 1, educator: 1, courseContent: 1 });
    if (!course) throw notFound(COURSE_NOT_FOUND);
    const done = new Set(progress?.lectureCompleted ?? []);
    const lectures = [...lectureIdsOf(course)];
    const complete = lectures.length > 0 && lectures.every((id) => done.has(id));
    if (!complete) {
      if (existing) return existing;
      throw notFound(COURSE_NOT_COMPLETE);
    }
    if (!existing) {
      const issued = await insert(userId, courseId, course.courseTitle, course.educator.name);
      if (issued) return issued;
      throw notFound(CERTIFICATE_NOT_FOUND);
    }
    await certificates.updateOne({ _id: existing._id }, { $unset: { revokedAt: true } });
    // A refund removes the enrollment before it revokes: if one did meanwhile, it stays revoked.
    if (!(await isEnrolled(userId, courseId))) await revoke(userId, courseId);
    return (await certificates.findOne({ _id: existing._id })) ?? existing;
  }

  return {
    mine,

    /** Anyone's view of a certificate by its id, or 404 CERTIFICATE_NOT_FOUND. */
    async verify(id: string): Promise<PublicCertificate> {
      const doc = await certificates.findOne({ _id: id });
      if (!doc) throw notFound(CERTIFICATE_NOT_FOUND);
      return publicView(doc);
    },

    /**
     * After a refund took the enrollment away: the certificate no longer stands. Idempotent; one the
     * student still owns the course for (through another purchase) stays.
     */
    async revokeUnlessEnrolled(userId: string, courseId: string): Promise<void> {
      if (!(await isEnrolled(userId, courseId))) await revoke(userId, courseId);
    },
  };
}
export type CertificatesService = ReturnType<typeof certificatesService>;
