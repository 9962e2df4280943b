/**
 * `GET /api/user/continue-learning`: the caller's unfinished courses, the most recently watched
 * first, then the most recently enrolled, each with the lecture "Continue" opens (the saved one,
 * else the first not completed); finished courses and courses without a video are left out; at
 * most four. On both stores.
 */
import type { ContinueLearning } from '@courseport/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { enrollmentsService } from '../src/modules/enrollments/service.js';
import { newId } from '../src/store/index.js';
import { lectureIdsOf, testCourse } from './support/courses.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';
import { bothStores } from './support/stores.js';

type Caller = { token: string; userId: string };

/** The tests' clock (tokens are signed and checked by it): moved on by seconds, and back before new sign-ins. */
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

for (const adapter of bothStores('continue-learning')) {
  describe.runIf(adapter.enabled)(`continue learning: ${adapter.name}`, { timeout: 60_000 }, () => {
    let api: TestApi;
    let now = NOW;
    let educator: Caller;

    const listOf = async (who: Caller) => {
      const response = await api.json('/api/user/continue-learning', { headers: bearer(who.token) });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.courses as ContinueLearning[];
    };
    const titles = (list: ContinueLearning[]) => list.map((item) => item.courseTitle);

    async function studentOf(courses: CourseDoc[]): Promise<Caller> {
      const student = await userWithProfile(api, `student-${newId()}@example.com`);
      const enrollments = enrollmentsService(api.deps.store, api.deps.clock);
      for (const course of courses) await enrollments.enroll(student.userId, course._id, `purchase-${newId()}`);
      return student;
    }
    async function addCourses(...titles: string[]): Promise<CourseDoc[]> {
      const courses = titles.map((courseTitle) =>
        testCourse({ _id: educator.userId, name: 'Teacher' }, { courseTitle, lectures: 3 }),
      );
      await api.deps.store.collection<CourseDoc>('courses').insertMany(courses);
      return courses;
    }
    const at = (seconds: number) => {
      now = new Date(NOW.getTime() + seconds * 1000);
    };

    beforeAll(async () => {
      api = await startTestApi({ store: await adapter.open(), clock: { now: () => now } });
      educator = await userWithProfile(api, `teacher-${newId()}@example.com`, { educator: true });
    });
    afterAll(() => api?.close());

    it('lists nothing for a student without courses, and refuses a visitor', async () => {
      expect(await listOf(await studentOf([]))).toEqual([]);
      expect((await api.json('/api/user/continue-learning')).status).toBe(401);
    });

    it('offers the first lecture of courses not started, the most recently enrolled first', async () => {
      const [a, b] = await addCourses('Alpha', 'Beta');
      const student = await studentOf([a as CourseDoc, b as CourseDoc]);
      expect(await listOf(student)).toEqual([
        {
          courseId: b?._id,
          courseTitle: 'Beta',
          courseThumbnail: b?.courseThumbnail,
          lecture: { lectureId: `${b?._id}-c1-l1`, lectureTitle: 'Lecture 1' },
          percent: 0,
          lastWatchedAt: null,
        },
        expect.objectContaining({
          courseTitle: 'Alpha',
          lecture: expect.objectContaining({ lectureTitle: 'Lecture 1' }),
        }),
      ]);
    });

    it('puts the course watched last first, at its saved lecture, and leaves out finished courses', async () => {
      const [a, b, c] = (await addCourses('Watched first', 'Watched last', 'Finished')) as [
        CourseDoc,
        CourseDoc,
        CourseDoc,
      ];
      const student = await studentOf([a, b, c]);
      const act = (path: string, body: Record<string, unknown>) => postJson(api, path, body, bearer(student.token));

      at(10);
      await act('/api/user/save-position', { courseId: b._id, lectureId: `${b._id}-c1-l3`, seconds: 30 });
      at(20);
      await act('/api/user/update-course-progress', { courseId: a._id, lectureId: `${a._id}-c1-l1` });
      await act('/api/user/save-position', { courseId: a._id, lectureId: `${a._id}-c1-l2`, seconds: 5 });
      for (const lectureId of lectureIdsOf(c))
        await act('/api/user/update-course-progress', { courseId: c._id, lectureId });

      const list = await listOf(student);
      expect(titles(list)).toEqual(['Watched first', 'Watched last']);
      expect(list[0]).toMatchObject({
        lecture: { lectureId: `${a._id}-c1-l2`, lectureTitle: 'Lecture 2' },
        percent: 100 / 3,
        lastWatchedAt: new Date(NOW.getTime() + 20_000).toISOString(),
      });
      expect(list[1]?.lecture.lectureId).toBe(`${b._id}-c1-l3`);

      at(30);
      await act('/api/user/save-position', { courseId: b._id, lectureId: `${b._id}-c1-l1`, seconds: 0 });
      expect(titles(await listOf(student))).toEqual(['Watched last', 'Watched first']);
      at(0);
    });

    it("skips a course without a video, offers at most four, and shows nobody another student's progress", async () => {
      const courses = await addCourses('One', 'Two', 'Three', 'Four', 'Five');
      const silent = testCourse({ _id: educator.userId, name: 'Teacher' }, { courseTitle: 'No videos' });
      for (const lecture of silent.courseContent.flatMap((chapter) => chapter.chapterContent)) lecture.lectureUrl = '';
      await api.deps.store.collection<CourseDoc>('courses').insertOne(silent);

      const student = await studentOf([...courses, silent]);
      expect(titles(await listOf(student))).toEqual(['Five', 'Four', 'Three', 'Two']);

      const other = await studentOf(courses);
      const first = courses[0] as CourseDoc;
      await postJson(
        api,
        '/api/user/save-position',
        { courseId: first._id, lectureId: `${first._id}-c1-l2`, seconds: 1 },
        bearer(other.token),
      );
      expect(titles(await listOf(student))).toEqual(['Five', 'Four', 'Three', 'Two']);
      expect(titles(await listOf(other))[0]).toBe('One');
    });
  });
}
