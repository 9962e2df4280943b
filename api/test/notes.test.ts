import type { LessonNote } from '@courseport/contracts';
import {
  NOTE_MAX_LENGTH,
  NOTE_MAX_VIDEO_SECONDS,
  NOTES_PER_COURSE_MAX,
  videoTimestamp,
} from '@courseport/contracts/discussions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserLimits } from '../src/http/rate-limit.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import type { UserDoc } from '../src/modules/users/repository.js';
import { newId } from '../src/store/index.js';
import { lectureIdsOf, testCourse } from './support/courses.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';
import { bothStores } from './support/stores.js';

type Account = { token: string; userId: string };
type Reply = { status: number; body: Record<string, unknown> & { message?: string } };

for (const adapter of bothStores('notes')) {
  describe.skipIf(!adapter.enabled)(`private lesson notes (${adapter.name})`, () => {
    let api: TestApi;
    let now = new Date();
    const tick = () => {
      now = new Date(now.getTime() + 1_000);
    };
    let student: Account;
    let classmate: Account;
    let owner: Account;
    let admin: Account;
    let outsider: Account;
    let course: CourseDoc;
    let lessons: string[];

    const send = async (method: string, path: string, who: Account | null, body?: unknown): Promise<Reply> =>
      (await api.json(path, {
        method,
        headers: {
          ...(who ? bearer(who.token) : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })) as Reply;
    const write = (who: Account, input: Record<string, unknown>, courseId = course._id) => {
      tick();
      return send('POST', `/api/courses/${courseId}/notes`, who, input);
    };
    const listOf = async (who: Account, query = '') => {
      const res = await send('GET', `/api/courses/${course._id}/notes${query}`, who);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.notes as LessonNote[];
    };
    const enroll = async (who: Account, c: CourseDoc) => {
      await api.deps.store
        .collection<CourseDoc>('courses')
        .updateOne({ _id: c._id }, { $addToSet: { enrolledStudents: who.userId } });
      await api.deps.store
        .collection<UserDoc>('users')
        .updateOne({ _id: who.userId }, { $addToSet: { enrolledCourses: c._id } });
    };

    beforeAll(async () => {
      api = await startTestApi({
        store: await adapter.open(),
        clock: { now: () => now },
        app: (app) =>
          setUserLimits(app, {
            notes: { windowMs: 60_000, max: 10_000 },
            writes: { windowMs: 60_000, max: 10_000 },
            totalWrites: { windowMs: 60_000, max: 10_000 },
          }),
      });
      student = await userWithProfile(api, 'note-taker@example.com');
      classmate = await userWithProfile(api, 'classmate@example.com');
      owner = await userWithProfile(api, 'teacher@example.com', { educator: true });
      admin = await userWithProfile(api, 'admin@example.com', { admin: true });
      outsider = await userWithProfile(api, 'outsider@example.com');
      course = testCourse(
        { _id: owner.userId, name: 'Teacher' },
        { courseTitle: 'Java: from *zero* to #1', chapters: 2, lectures: 2 },
      );
      await api.deps.store.collection<CourseDoc>('courses').insertOne(course);
      await enroll(student, course);
      await enroll(classmate, course);
      lessons = lectureIdsOf(course);
    }, 60_000);
    afterAll(() => api?.close());

    const lesson = (i: number) => lessons[i] as string;

    it('lets only enrolled students keep notes: 401 signed out, 403 for the educator, admins and others, 404 unknown', async () => {
      const input = { lectureId: lesson(0), text: 'A note' };
      expect((await send('GET', `/api/courses/${course._id}/notes`, null)).status).toBe(401);
      expect((await send('POST', `/api/courses/${course._id}/notes`, null, input)).status).toBe(401);
      for (const who of [owner, admin, outsider]) {
        expect(await send('GET', `/api/courses/${course._id}/notes`, who)).toMatchObject({
          status: 403,
          body: { success: false, message: 'You are not enrolled in this course' },
        });
        expect((await write(who, input)).status).toBe(403);
        expect((await send('GET', `/api/courses/${course._id}/notes/export`, who)).status).toBe(403);
      }
      for (const id of [newId(), 'nope']) expect((await write(student, input, id)).status).toBe(404);
      expect(await write(student, { ...input, lectureId: 'not-a-lesson' })).toMatchObject({
        status: 404,
        body: { success: false, message: 'Lesson not found' },
      });
      expect(await api.deps.store.collection('lessonNotes').countDocuments({})).toBe(0);
    });

    it('writes, edits and deletes the student’s own notes, with the video’s time', async () => {
      const res = await write(student, {
        lectureId: lesson(0),
        text: '  Remember <b>final</b>\r\n\r\n\r\n\r\n\r\nfor constants\u0007 ',
        videoSeconds: 42,
        userId: classmate.userId,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const note = res.body.note as LessonNote;
      expect(note).toMatchObject({
        courseId: course._id,
        lectureId: lesson(0),
        text: 'Remember <b>final</b>\n\n\nfor constants',
        videoSeconds: 42,
      });
      expect(JSON.stringify(res.body)).not.toContain(student.userId);
      expect(await listOf(student)).toEqual([note]);
      expect(await listOf(classmate)).toEqual([]);

      tick();
      const edited = await send('PATCH', `/api/notes/${note._id}`, student, { text: 'Remember final' });
      expect(edited.body.note).toMatchObject({ text: 'Remember final', videoSeconds: 42 });
      expect((edited.body.note as LessonNote).updatedAt).not.toBe(note.updatedAt);
      expect((await send('PATCH', `/api/notes/${note._id}`, student, { videoSeconds: 43 })).body.note).toMatchObject({
        text: 'Remember final',
        videoSeconds: 43,
      });
      expect((await send('PATCH', `/api/notes/${note._id}`, student, {})).status).toBe(400);
      expect((await send('PATCH', `/api/notes/${note._id}`, student, { videoSeconds: null })).status).toBe(400);

      // Nobody else reads, edits or deletes it, admins included: 404, as for no such note.
      for (const who of [classmate, admin, owner]) {
        expect(await send('PATCH', `/api/notes/${note._id}`, who, { text: 'Mine now' })).toMatchObject({
          status: 404,
          body: { success: false, message: 'Note not found' },
        });
        expect((await send('DELETE', `/api/notes/${note._id}`, who)).status).toBe(404);
      }
      const deleted = await Promise.all([1, 2].map(() => send('DELETE', `/api/notes/${note._id}`, student)));
      expect(deleted.map((r) => r.status).sort()).toEqual([200, 404]);
      expect(await listOf(student)).toEqual([]);
      expect((await send('DELETE', `/api/notes/${newId()}`, student)).status).toBe(404);
      expect((await send('PATCH', '/api/notes/../x', student, { text: 'x' })).status).toBe(404);
    });

    it('refuses bad input with a 400 and a sentence, writing nothing', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ lectureId: lesson(0), text: '   ' }, 'A note cannot be empty'],
        [
          { lectureId: lesson(0), text: 'x'.repeat(NOTE_MAX_LENGTH + 1) },
          `Text must be at most ${NOTE_MAX_LENGTH} characters`,
        ],
        [
          { lectureId: lesson(0), text: 'ok', videoSeconds: -1 },
          'Video seconds must be a whole number of seconds from 0 to 86400',
        ],
        [
          { lectureId: lesson(0), text: 'ok', videoSeconds: 4.5 },
          'Video seconds must be a whole number of seconds from 0 to 86400',
        ],
        [
          { lectureId: lesson(0), text: 'ok', videoSeconds: NOTE_MAX_VIDEO_SECONDS + 1 },
          'Video seconds must be a whole number of seconds from 0 to 86400',
        ],
        [
          { lectureId: lesson(0), text: 'ok', videoSeconds: '42' },
          'Video seconds must be a whole number of seconds from 0 to 86400',
        ],
        [{ lectureId: lesson(0), text: { $gt: '' } }, 'Text must be text'],
        [{ text: 'ok' }, 'Lecture ID is required'],
      ];
      for (const [input, message] of cases) {
        expect(await write(student, input), JSON.stringify(input).slice(0, 60)).toMatchObject({
          status: 400,
          body: { success: false, message },
        });
      }
      expect(await api.deps.store.collection('lessonNotes').countDocuments({})).toBe(0);
    });

    it('lists a course’s notes in lesson order, then by the video’s time, and a lesson’s alone', async () => {
      const texts: Array<[number, string, number | null]> = [
        [3, 'last lesson', 10],
        [0, 'first lesson, later', 90],
        [1, 'second lesson, no time', null],
        [0, 'first lesson, earlier', 5],
        [1, 'second lesson, at 0', 0],
      ];
      for (const [i, text, videoSeconds] of texts) {
        expect(
          (await write(student, { lectureId: lesson(i), text, ...(videoSeconds === null ? {} : { videoSeconds }) }))
            .status,
        ).toBe(201);
      }
      await write(classmate, { lectureId: lesson(0), text: 'the classmate’s own' });
      expect((await listOf(student)).map((n) => n.text)).toEqual([
        'first lesson, earlier',
        'first lesson, later',
        'second lesson, at 0',
        'second lesson, no time',
        'last lesson',
      ]);
      expect((await listOf(student, `?lectureId=${lesson(1)}`)).map((n) => n.text)).toEqual([
        'second lesson, at 0',
        'second lesson, no time',
      ]);
      expect((await send('GET', `/api/courses/${course._id}/notes?lectureId=nope`, student)).status).toBe(404);
    });

    it('exports the course’s notes as Markdown: lesson headings and [m:ss] times, the student’s only', async () => {
      await write(student, { lectureId: lesson(2), text: 'Line one\nline two', videoSeconds: 3725 });
      const res = await api.request(`/api/courses/${course._id}/notes/export`, { headers: bearer(student.token) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="java-from-zero-to-1-notes.md"; filename*=UTF-8''java-from-zero-to-1-notes.md`,
      );
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const markdown = await res.text();
      expect(markdown).toBe(
        [
          '# Notes: Java: from *zero* to #1',
          '',
          '## Chapter 1',
          '',
          '### Lecture 1',
          '',
          '- [0:05] first lesson, earlier',
          '',
          '- [1:30] first lesson, later',
          '',
          '### Lecture 2',
          '',
          '- [0:00] second lesson, at 0',
          '',
          '- second lesson, no time',
          '',
          '## Chapter 2',
          '',
          '### Lecture 1',
          '',
          '- [1:02:05] Line one',
          '  line two',
          '',
          '### Lecture 2',
          '',
          '- [0:10] last lesson',
          '',
        ].join('\n'),
      );
      expect(markdown).not.toContain('classmate');
      expect(videoTimestamp(42)).toBe('[0:42]');
      const empty = await api.request(`/api/courses/${course._id}/notes/export`, { headers: bearer(outsider.token) });
      expect(empty.status).toBe(403);
    });

    it('removes a deleted course’s notes with it (a refunded student’s included)', async () => {
      const doomed = testCourse({ _id: owner.userId, name: 'Teacher' }, { courseTitle: 'To be deleted' });
      await api.deps.store.collection<CourseDoc>('courses').insertOne(doomed);
      await enroll(student, doomed);
      const lectureId = lectureIdsOf(doomed)[0];
      expect((await write(student, { lectureId, text: 'Soon gone' }, doomed._id)).status).toBe(201);
      // The student leaves (as a refund takes them out), then the educator deletes the course.
      await api.deps.store
        .collection<CourseDoc>('courses')
        .updateOne({ _id: doomed._id }, { $set: { enrolledStudents: [] } });
      expect((await send('DELETE', `/api/educator/courses/${doomed._id}`, owner)).status).toBe(200);
      expect(await api.deps.store.collection('lessonNotes').countDocuments({ courseId: doomed._id })).toBe(0);
      expect(await api.deps.store.collection('lessonNoteCounts').countDocuments({ courseId: doomed._id })).toBe(0);
    });

    it(`keeps at most ${NOTES_PER_COURSE_MAX} notes per student and course, racing writes included`, async () => {
      const counts = api.deps.store.collection('lessonNoteCounts');
      const key = `${classmate.userId}:${course._id}`;
      // One note so far; the count says one short of the limit minus two, so a race of five leaves two in.
      expect((await counts.findOne({ _id: key }))?.count).toBe(1);
      await counts.updateOne({ _id: key }, { $set: { count: NOTES_PER_COURSE_MAX - 2 } });
      tick();
      const racing = await Promise.all(
        [1, 2, 3, 4, 5].map((n) =>
          send('POST', `/api/courses/${course._id}/notes`, classmate, { lectureId: lesson(0), text: `n${n}` }),
        ),
      );
      expect(racing.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409]);
      expect(racing.find((r) => r.status === 409)?.body.message).toBe(
        `You have reached the limit of ${NOTES_PER_COURSE_MAX} notes in this course. Delete some to write new ones.`,
      );
      const mine = await listOf(classmate);
      expect(await send('DELETE', `/api/notes/${mine[0]?._id}`, classmate)).toMatchObject({ status: 200 });
      expect((await write(classmate, { lectureId: lesson(0), text: 'room again' })).status).toBe(201);
    });
  });
}
