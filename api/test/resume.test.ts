/**
 * `POST /api/user/save-position`: where a student is in a course (the lecture and the second into
 * its video), kept in the course's progress record and answered by `get-course-progress` as
 * `progressData.position`. Only enrolled students, only the course's lectures, only sane seconds;
 * one upsert per save; on both stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserLimits } from '../src/http/rate-limit.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { enrollmentsService } from '../src/modules/enrollments/service.js';
import type { ProgressDoc } from '../src/modules/learning/repository.js';
import { newId } from '../src/store/index.js';
import { testCourse } from './support/courses.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';
import { bothStores } from './support/stores.js';

type Caller = { token: string; userId: string };

/** The tests' clock starts now (tokens are signed and checked by it), on a whole second. */
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

const courseDoc = (educatorId: string) => testCourse({ _id: educatorId, name: 'Teacher' }, { courseTitle: 'Resuming' });

for (const adapter of bothStores('resume')) {
  describe.runIf(adapter.enabled)(`saved positions: ${adapter.name}`, { timeout: 60_000 }, () => {
    let api: TestApi;
    let course: CourseDoc;
    let other: CourseDoc;
    let student: Caller;
    let outsider: Caller;
    let now = NOW;

    const save = (who: Caller, body: Record<string, unknown>) =>
      postJson(api, '/api/user/save-position', body, bearer(who.token));
    const progressOf = (who: Caller, courseId = course._id) =>
      postJson(api, '/api/user/get-course-progress', { courseId }, bearer(who.token));
    const lecture = (n: number, of = course) => `${of._id}-c1-l${n}`;

    beforeAll(async () => {
      api = await startTestApi({ store: await adapter.open(), clock: { now: () => now } });
      const educator = await userWithProfile(api, `teacher-${newId()}@example.com`, { educator: true });
      course = courseDoc(educator.userId);
      other = courseDoc(educator.userId);
      await api.deps.store.collection<CourseDoc>('courses').insertMany([course, other]);
      student = await userWithProfile(api, `student-${newId()}@example.com`);
      outsider = await userWithProfile(api, `outsider-${newId()}@example.com`);
      const enrollments = enrollmentsService(api.deps.store, api.deps.clock);
      await enrollments.enroll(student.userId, course._id, `purchase-${newId()}`);
      await enrollments.enroll(student.userId, other._id, `purchase-${newId()}`);
    });
    afterAll(() => api?.close());

    it('keeps the last position, answered beside the completed lectures, which stay as they were', async () => {
      expect((await progressOf(student)).body).toEqual({ success: true, progressData: null });

      expect(await save(student, { courseId: course._id, lectureId: lecture(1), seconds: 12.5 })).toMatchObject({
        status: 200,
        body: { success: true, message: 'Position saved' },
      });
      expect((await progressOf(student)).body.progressData).toEqual({
        courseId: course._id,
        lectureCompleted: [],
        position: { lectureId: lecture(1), seconds: 12.5, updatedAt: NOW.toISOString() },
      });

      now = new Date(NOW.getTime() + 60_000);
      await postJson(
        api,
        '/api/user/update-course-progress',
        { courseId: course._id, lectureId: lecture(1) },
        bearer(student.token),
      );
      expect((await save(student, { courseId: course._id, lectureId: lecture(2), seconds: 0 })).status).toBe(200);
      expect((await progressOf(student)).body.progressData).toEqual({
        courseId: course._id,
        lectureCompleted: [lecture(1)],
        position: { lectureId: lecture(2), seconds: 0, updatedAt: now.toISOString() },
      });

      // One record per student and course, whatever was saved first.
      const records = await api.deps.store
        .collection<ProgressDoc>('progress')
        .find({ userId: student.userId, courseId: course._id });
      expect(records).toHaveLength(1);
      // Another course's position is its own.
      expect((await progressOf(student, other._id)).body.progressData).toBeNull();
    });

    it('completing a lecture after saving a position keeps the position', async () => {
      expect((await save(student, { courseId: other._id, lectureId: lecture(2, other), seconds: 90 })).status).toBe(
        200,
      );
      const marked = await postJson(
        api,
        '/api/user/update-course-progress',
        { courseId: other._id, lectureId: lecture(1, other) },
        bearer(student.token),
      );
      expect(marked.body.message).toBe('Lecture marked as completed');
      expect((await progressOf(student, other._id)).body.progressData).toMatchObject({
        lectureCompleted: [lecture(1, other)],
        position: { lectureId: lecture(2, other), seconds: 90 },
      });
    });

    it('refuses strangers (403), unknown courses (404) and lectures of another course (400), and saves nothing', async () => {
      expect(await save(outsider, { courseId: course._id, lectureId: lecture(1), seconds: 5 })).toMatchObject({
        status: 403,
        body: { success: false, message: 'You are not enrolled in this course' },
      });
      expect((await save(student, { courseId: newId(), lectureId: lecture(1), seconds: 5 })).status).toBe(404);
      expect(await save(student, { courseId: course._id, lectureId: lecture(1, other), seconds: 5 })).toMatchObject({
        status: 400,
        body: { success: false, message: 'This lecture is not part of the course' },
      });
      expect((await progressOf(student)).body.progressData).toMatchObject({
        position: { lectureId: lecture(2), seconds: 0 },
      });
      expect(await api.deps.store.collection('progress').countDocuments({ userId: outsider.userId })).toBe(0);
    });

    it('takes seconds from 0 to a day, as a number, and nothing else', async () => {
      const body = (seconds: unknown) => ({ courseId: course._id, lectureId: lecture(1), seconds });
      for (const bad of [-1, -0.001, 86_400.5, 1e308, '12', null, true, [1], { $gt: 0 }]) {
        const answer = await save(student, body(bad));
        expect(answer.status, JSON.stringify(bad)).toBe(400);
        expect(answer.body).toEqual({
          success: false,
          message: 'Seconds must be a number of seconds from 0 to 86400',
        });
      }
      // JSON has no NaN or Infinity: they arrive as null, or as text that is no JSON at all.
      const raw = await api.request('/api/user/save-position', {
        method: 'POST',
        headers: { ...bearer(student.token), 'Content-Type': 'application/json' },
        body: `{"courseId":"${course._id}","lectureId":"${lecture(1)}","seconds":Infinity}`,
      });
      expect(raw.status).toBe(400);
      expect((await save(student, { courseId: course._id, lectureId: lecture(1) })).status).toBe(400);
      expect((await save(student, body(86_400))).status).toBe(200);
      // Identity comes from the token only: a userId in the body is dropped.
      expect((await save(student, { ...body(7), userId: outsider.userId })).status).toBe(200);
      expect(await api.deps.store.collection('progress').countDocuments({ userId: outsider.userId })).toBe(0);
      expect((await progressOf(student)).body.progressData).toMatchObject({
        position: { lectureId: lecture(1), seconds: 7 },
      });
    });

    it('forgets a position whose lecture the educator removed', async () => {
      const courses = api.deps.store.collection<CourseDoc>('courses');
      const [chapter] = course.courseContent;
      if (!chapter) throw new Error('no chapter');
      const [first] = chapter.chapterContent;
      await courses.updateOne(
        { _id: course._id },
        { $set: { courseContent: [{ ...chapter, chapterContent: [{ ...first, lectureId: `${course._id}-l9` }] }] } },
      );
      const { progressData } = (await progressOf(student)).body as { progressData: Record<string, unknown> };
      expect(progressData).toEqual({ courseId: course._id, lectureCompleted: [] });
    });
  });
}

describe('saving positions counts against the writes of the caller', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({
      app: (app) => setUserLimits(app, { writes: { windowMs: 60_000, max: 3 } }),
    });
  });
  afterAll(() => api?.close());

  it('is refused with 429 past the per-route limit', async () => {
    const student = await userWithProfile(api, 'eager@example.com');
    const answers = [];
    for (let i = 0; i < 4; i++) {
      answers.push((await postJson(api, '/api/user/save-position', {}, bearer(student.token))).status);
    }
    expect(answers).toEqual([400, 400, 400, 429]);
  });
});
