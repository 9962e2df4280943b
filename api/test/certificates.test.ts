import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertificateDoc } from '../src/modules/certificates/repository.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { newId } from '../src/store/index.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';
import { pdfText } from './support/pdf.js';
import { buyThroughLocalCheckout } from './support/purchases.js';
import { bothStores } from './support/stores.js';

type Caller = { token: string; userId: string };

let api: TestApi;
let admin: Caller;
let educator: Caller;
let course: CourseDoc;
const lectureIds = ['cert-l1', 'cert-l2'];

const certificates = () => api.deps.store.collection<CertificateDoc>('certificates');

const buy = (student: Caller) => buyThroughLocalCheckout(api, student.token, course._id);

const complete = (student: Caller, lectureId: string) =>
  postJson(api, '/api/user/update-course-progress', { courseId: course._id, lectureId }, bearer(student.token));
const mine = (student: Caller | null) =>
  api.json(`/api/user/certificates/${course._id}`, { headers: student ? bearer(student.token) : {} });
const pdfOf = (student: Caller) =>
  api.request(`/api/user/certificates/${course._id}/pdf`, { headers: bearer(student.token) });
const verify = (id: string) => api.json(`/api/certificates/${id}`);

for (const adapter of bothStores('certificates')) {
  describe.runIf(adapter.enabled)(`certificates: ${adapter.name}`, { timeout: 120_000 }, () => {
    beforeAll(async () => {
      api = await startTestApi({ store: await adapter.open() });
      admin = await userWithProfile(api, 'cert-admin@example.com', { admin: true });
      educator = await userWithProfile(api, 'cert-teacher@example.com', { educator: true });
      course = {
        _id: newId(),
        courseTitle: 'Certified Kotlin',
        courseDescription: '<p>Kotlin</p>',
        courseThumbnail: 'http://localhost:4000/api/media/x',
        coursePrice: 499,
        discount: 20,
        educator: { _id: educator.userId, name: 'Ada Teacher' },
        courseContent: [
          {
            chapterId: 'c1',
            chapterTitle: 'One',
            chapterOrder: 1,
            chapterContent: lectureIds.map((lectureId, i) => ({
              lectureId,
              lectureTitle: `Lecture ${i + 1}`,
              lectureDuration: 5,
              lectureUrl: `https://youtu.be/${lectureId}`,
              isPreviewFree: false,
              lectureOrder: i + 1,
            })),
          },
        ],
        courseRatings: [],
        enrolledStudents: [],
        isPublished: true,
        createdAt: new Date(),
      };
      await api.deps.store.collection<CourseDoc>('courses').insertOne(course);
    });
    afterAll(() => api?.close());

    let student: Caller;
    let certificateId: string;

    it('are refused before every lecture is complete, and issued on the first ask at 100 %', async () => {
      student = await userWithProfile(api, 'grace@example.com');
      expect(await mine(student)).toMatchObject({ status: 403, body: { success: false } });
      await buy(student);
      expect(await mine(student)).toMatchObject({
        status: 404,
        body: { success: false, message: 'Complete every lecture of this course to get its certificate' },
      });
      expect((await pdfOf(student)).status).toBe(404);
      expect((await complete(student, 'cert-l1')).status).toBe(200);
      expect(await certificates().countDocuments({ userId: student.userId })).toBe(0);
      expect((await complete(student, 'cert-l2')).status).toBe(200);
      // Not by the progress update itself (one round trip, round-trips.test.ts): by the first ask at 100 %.
      expect(await certificates().countDocuments({ userId: student.userId })).toBe(0);
      const first = await mine(student);
      expect(first.status).toBe(200);
      const issued = await certificates().findOne({ userId: student.userId, courseId: course._id });
      expect(issued).toMatchObject({
        studentName: 'grace',
        courseTitle: 'Certified Kotlin',
        educatorName: 'Ada Teacher',
      });
      certificateId = issued?._id as string;
      expect(certificateId).toMatch(/^[A-Za-z0-9_-]{22}$/);

      const res = await mine(student);
      expect(res).toEqual({
        status: 200,
        headers: expect.anything(),
        body: {
          success: true,
          certificate: {
            id: certificateId,
            courseId: course._id,
            studentName: 'grace',
            courseTitle: 'Certified Kotlin',
            educatorName: 'Ada Teacher',
            completedAt: issued?.completedAt.toISOString(),
            status: 'valid',
          },
        },
      });
    });

    it('are one per student and course, however many ask at once', async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => mine(student)));
      expect(new Set(answers.map((a) => (a.body.certificate as { id: string }).id))).toEqual(new Set([certificateId]));
      expect(await certificates().countDocuments({ userId: student.userId })).toBe(1);
    });

    it('download as a PDF naming the student, the course, the educator, the date and the id, for the owner only', async () => {
      const res = await pdfOf(student);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="courseport-certificate-${certificateId}.pdf"`,
      );
      const bytes = new Uint8Array(await res.arrayBuffer());
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount()).toBe(1);
      expect(pdf.getTitle()).toBe('Certificate of completion: Certified Kotlin');
      const text = await pdfText(bytes);
      for (const part of [
        'Certificate of completion',
        'grace',
        'Certified Kotlin',
        'taught by Ada Teacher',
        certificateId,
      ]) {
        expect(text).toContain(part);
      }
      expect(text).toMatch(/Completed on \d{1,2} \w+ \d{4}/);

      const stranger = await userWithProfile(api, 'stranger@example.com');
      expect((await pdfOf(stranger)).status).toBe(403);
      expect((await api.request(`/api/user/certificates/${course._id}/pdf`)).status).toBe(401);
      expect(await mine(null)).toMatchObject({ status: 401 });
    });

    it('are confirmed publicly with the name, course, date and id only; unknown ids say so', async () => {
      const res = await verify(certificateId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        certificate: {
          id: certificateId,
          studentName: 'grace',
          courseTitle: 'Certified Kotlin',
          completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          status: 'valid',
        },
      });
      expect(JSON.stringify(res.body)).not.toContain(student.userId);
      for (const id of ['A'.repeat(22), 'short', '..%2F..%2Fetc', '%7B%22%24ne%22%3Anull%7D']) {
        expect(await verify(id)).toMatchObject({
          status: 404,
          body: { success: false, message: 'Certificate not found' },
        });
      }
    });

    it('are issued on request to a student who completed the course before certificates existed', async () => {
      const earlier = await userWithProfile(api, 'earlier@example.com');
      await buy(earlier);
      await api.deps.store
        .collection('progress')
        .insertOne({ _id: newId(), userId: earlier.userId, courseId: course._id, lectureCompleted: lectureIds });
      expect(await certificates().countDocuments({ userId: earlier.userId })).toBe(0);
      expect(await mine(earlier)).toMatchObject({ status: 200, body: { certificate: { status: 'valid' } } });
      expect(await certificates().countDocuments({ userId: earlier.userId })).toBe(1);
    });

    it('are revoked by a refund (publicly too), and stand again when the course is bought back', async () => {
      const purchase = await api.deps.store
        .collection('purchases')
        .findOne({ userId: student.userId, status: 'completed' });
      const refund = await postJson(
        api,
        '/api/admin/refund-purchase',
        { purchaseId: purchase?._id },
        bearer(admin.token),
      );
      expect(refund.status).toBe(200);
      expect(await verify(certificateId)).toMatchObject({ status: 200, body: { certificate: { status: 'revoked' } } });
      expect(await mine(student)).toMatchObject({ status: 403 });
      expect((await pdfOf(student)).status).toBe(403);

      await buy(student);
      expect(await mine(student)).toMatchObject({
        status: 200,
        body: { certificate: { id: certificateId, status: 'valid' } },
      });
      expect(await verify(certificateId)).toMatchObject({ body: { certificate: { status: 'valid' } } });
    });

    it('are revoked by reconciliation when a crash came between the refund and its last steps', async () => {
      const crashed = await userWithProfile(api, 'crashed@example.com');
      const purchaseId = await buy(crashed);
      for (const lectureId of lectureIds) await complete(crashed, lectureId);
      const { body } = await mine(crashed);
      const id = (body.certificate as { id: string }).id;
      // The refund's status change landed, then the process died: enrolled still, certificate valid.
      await api.deps.store
        .collection('purchases')
        .updateOne(
          { _id: purchaseId },
          { $set: { status: 'refunded', refundedAt: new Date() }, $unset: { completedKey: true } },
        );
      expect(await verify(id)).toMatchObject({ body: { certificate: { status: 'valid' } } });
      // Reading their purchases reconciles the buyer's.
      await api.json('/api/user/purchases', { headers: bearer(crashed.token) });
      expect(await verify(id)).toMatchObject({ body: { certificate: { status: 'revoked' } } });
    });
  });
}
