import type { Announcement, AnnouncementsPage, AppNotification } from '@courseport/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeServices, type Services } from '../src/compose.js';
import type { Config } from '../src/config.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import type { UserDoc } from '../src/modules/users/repository.js';
import { newId } from '../src/store/index.js';
import { openMongoStore } from '../src/store/mongodb.js';
import { testCourse } from './support/courses.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';
import { startSmtpServer } from './support/smtp.js';
import { bothStores } from './support/stores.js';

type Account = { token: string; userId: string; email: string };
type Answer = { success: boolean; message?: string; announcement: Announcement };

const STUDENTS = 6;
const PER_DAY = 5;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, deadlineMs = 15_000): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Course announcements (#35) over HTTP on both stores: who reads and writes, sanitized rich text,
 * cursor pages, the per-course daily limit, and the fan-out through the job runner: every enrolled
 * student notified and mailed (through a real SMTP server) once, unless they muted the course, even
 * when the fan-out runs twice or on two replicas at once.
 */
for (const adapter of bothStores('announcements')) {
  describe.runIf(adapter.enabled)(`announcements: ${adapter.name}`, { timeout: 120_000 }, () => {
    let api: TestApi;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let jobs: Services;
    let owner: Account;
    let otherEducator: Account;
    let admin: Account;
    let outsider: Account;
    const students: Account[] = [];
    let course: CourseDoc;
    let quiet: CourseDoc;
    let people = 0;

    const config: Partial<Config> = {
      // Every mail at once (no digests): each announcement is its own mail here.
      notifications: { digestWindowMs: 0, jobPollMs: 100, announcementsPerCoursePerDay: PER_DAY },
    };
    const person = async (options: { educator?: boolean; admin?: boolean } = {}): Promise<Account> => {
      const email = `person-${++people}-${newId().slice(-6)}@example.com`;
      return { ...(await userWithProfile(api, email, options)), email };
    };
    const send = <T = Record<string, unknown>>(method: string, path: string, who: Account | null, body?: unknown) =>
      api.json<T>(path, {
        method,
        headers: {
          ...(who ? bearer(who.token) : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const path = (c: CourseDoc | string = course, id = '') =>
      `/api/courses/${typeof c === 'string' ? c : c._id}/announcements${id ? `/${id}` : ''}`;
    const post = (who: Account, body: unknown, c: CourseDoc | string = course) =>
      send<Answer>('POST', path(c), who, body);
    const listOf = (who: Account | null, c: CourseDoc | string = course, query = '') =>
      send<AnnouncementsPage & { success: boolean }>('GET', path(c) + query, who);
    const notificationsOf = async (who: Account) =>
      (
        await send<{ notifications: AppNotification[] }>('GET', '/api/notifications?limit=100', who)
      ).body.notifications.filter((n) => n.kind === 'announcement');
    const mailsTo = (who: Account, subject: string) =>
      api.deps.store.collection('outbox').countDocuments({ to: who.email, subject });
    const enroll = async (who: Account, c: CourseDoc) => {
      await api.deps.store
        .collection<CourseDoc>('courses')
        .updateOne({ _id: c._id }, { $addToSet: { enrolledStudents: who.userId } });
      await api.deps.store
        .collection<UserDoc>('users')
        .updateOne({ _id: who.userId }, { $addToSet: { enrolledCourses: c._id } });
    };

    beforeAll(async () => {
      smtp = await startSmtpServer();
      api = await startTestApi({
        store: await adapter.open(),
        config: { ...config, mail: { smtpUrl: smtp.url, from: 'Courseport <no-reply@test>' } },
      });
      jobs = composeServices(api.deps);
      await jobs.announcements.start();
      owner = await person({ educator: true });
      otherEducator = await person({ educator: true });
      admin = await person({ admin: true });
      outsider = await person();
      for (let i = 0; i < STUDENTS; i++) students.push(await person());
      course = testCourse({ _id: owner.userId, name: 'Olive Owner' }, { courseTitle: 'Announced course' });
      quiet = testCourse({ _id: owner.userId, name: 'Olive Owner' }, { courseTitle: 'Paged course' });
      await api.deps.store.collection<CourseDoc>('courses').insertMany([course, quiet]);
      for (const student of students) await enroll(student, course);
      await enroll(students[0] as Account, quiet);
    });
    afterAll(async () => {
      await jobs?.announcements.stop(5_000);
      await api?.close();
      await smtp?.close();
    });

    const s = (i: number) => students[i] as Account;

    it('lets only the course’s educator and admins post, and only members read', async () => {
      const body = { title: 'Welcome', body: '<p>Hello</p>' };
      expect(await post(s(0), body)).toMatchObject({ status: 403, body: { success: false } });
      expect(await post(otherEducator, body)).toMatchObject({ status: 403, body: { success: false } });
      expect((await send('POST', path(), null, body)).status).toBe(401);
      expect(await post(owner, body, 'a'.repeat(24))).toMatchObject({
        status: 404,
        body: { message: 'Course not found' },
      });
      expect((await post(owner, body, 'not-an-id')).status).toBe(404);
      expect(await api.deps.store.collection('announcements').countDocuments({})).toBe(0);

      for (const who of [s(0), owner, admin]) expect((await listOf(who)).status, who.email).toBe(200);
      for (const who of [outsider, otherEducator]) {
        expect(await listOf(who), who.email).toMatchObject({ status: 403, body: { success: false } });
      }
      expect((await listOf(null)).status).toBe(401);
      expect((await listOf(s(0), 'a'.repeat(24))).status).toBe(404);
    });

    it('stores sanitized rich text and refuses bad input with 400 (no partial writes)', async () => {
      const hostile = [
        {},
        { title: '', body: '<p>x</p>' },
        { title: '   \u202e ', body: '<p>x</p>' },
        { title: 'x'.repeat(151), body: '<p>x</p>' },
        { title: 'Title', body: '<script>alert(1)</script>' },
        { title: 'Title', body: '<p>   </p>' },
        { title: 'Title', body: 'x'.repeat(40_001) },
        { title: ['a'], body: '<p>x</p>' },
        { title: 'Title', body: { html: '<p>x</p>' } },
      ];
      for (const body of hostile) {
        const res = await post(owner, body, quiet);
        expect(res, JSON.stringify(body).slice(0, 60)).toMatchObject({ status: 400, body: { success: false } });
        expect(typeof res.body.message).toBe('string');
      }
      const raw = await api.request(path(quiet), {
        method: 'POST',
        headers: { ...bearer(owner.token), 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'title=x&body=y',
      });
      expect(raw.status).toBe(415);
      expect(await api.deps.store.collection('announcements').countDocuments({ courseId: quiet._id })).toBe(0);
    });

    it('fans out to every enrolled student once, by mail unless they muted the course', async () => {
      const muted = s(5);
      expect((await send('PUT', '/api/notifications/preferences', muted, { mutedCourses: [course._id] })).status).toBe(
        200,
      );
      const res = await post(owner, {
        title: 'Exam moved to <Friday>',
        body: '<p>The exam is on <strong>Friday</strong>.</p><img src=x onerror="alert(1)"><script>alert(1)</script>',
      });
      expect(res.status).toBe(201);
      const { announcement } = res.body;
      expect(announcement).toMatchObject({
        courseId: course._id,
        title: 'Exam moved to <Friday>',
        body: '<p>The exam is on <strong>Friday</strong>.</p>',
        author: { _id: owner.userId },
      });

      for (const student of students) {
        const got = await until(
          () => notificationsOf(student),
          (list) => list.length > 0,
        );
        expect(got, student.email).toHaveLength(1);
        expect(got[0]).toMatchObject({
          kind: 'announcement',
          title: 'Announced course: Exam moved to <Friday>',
          link: `/player/${course._id}`,
          read: false,
        });
      }
      const subject = 'New announcement in Announced course: Exam moved to <Friday>';
      const mail = await smtp.waitForMailTo(s(0).email, (m) => m.subject === subject);
      expect(mail.text).toContain('The exam is on Friday.');
      expect(mail.text).toContain(`http://localhost:3000/player/${course._id}`);
      expect(mail.html).toContain('Exam moved to &lt;Friday&gt;');
      expect(mail.html).not.toMatch(/<script|onerror/);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.headers['list-unsubscribe']).toMatch(
        /^<http:\/\/localhost:4000\/api\/notifications\/unsubscribe\?token=/,
      );
      for (const student of students.slice(0, 5)) await smtp.waitForMailTo(student.email, (m) => m.subject === subject);
      expect(await mailsTo(muted, subject)).toBe(0);
      // Neither the author nor anyone else.
      expect(await notificationsOf(owner)).toHaveLength(0);
      expect(await notificationsOf(outsider)).toHaveLength(0);

      // The fan-out again, twice at once (a retry, a second replica's run): nobody hears twice.
      const again = await Promise.all([
        jobs.announcements.fanOut(announcement._id),
        composeServices(api.deps).announcements.fanOut(announcement._id),
      ]);
      expect(again).toEqual([0, 0]);
      for (const student of students) {
        expect(await notificationsOf(student)).toHaveLength(1);
        expect(await mailsTo(student, subject)).toBe(student === muted ? 0 : 1);
      }
    });

    it('stops a course’s announcement mails with its one-click link, without signing in', async () => {
      const student = s(1);
      const first = await smtp.waitForMailTo(student.email, (m) => m.subject.startsWith('New announcement in'));
      const link = new URL(/^<(.+)>$/.exec(first.headers['list-unsubscribe'] ?? '')?.[1] ?? 'http://invalid/');
      const res = await api.request(link.pathname + link.search, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ success: true, scope: { type: 'course', courseId: course._id } });

      const next = await post(owner, { title: 'Second note', body: '<p>Read chapter 3.</p>' });
      expect(next.status).toBe(201);
      const subject = 'New announcement in Announced course: Second note';
      await smtp.waitForMailTo(s(0).email, (m) => m.subject === subject);
      await until(
        () => notificationsOf(student),
        (list) => list.length === 2,
      );
      expect(await mailsTo(student, subject)).toBe(0);
      // Other kinds still mail: only this course's announcements stopped.
      const prefs = await send<{ preferences: { mail: Record<string, boolean>; mutedCourses: string[] } }>(
        'GET',
        '/api/notifications/preferences',
        student,
      );
      expect(prefs.body.preferences).toMatchObject({ mail: { announcement: true }, mutedCourses: [course._id] });
    });

    it('lists newest first with a cursor, for students, the educator and admins', async () => {
      const titles = ['One', 'Two', 'Three', 'Four', 'Five'];
      for (const title of titles)
        expect((await post(owner, { title, body: `<p>${title}</p>` }, quiet)).status).toBe(201);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: Awaited<ReturnType<typeof listOf>> = await listOf(
          s(0),
          quiet,
          `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(res.status).toBe(200);
        seen.push(...res.body.announcements.map((a) => a.title));
        cursor = res.body.nextCursor;
      } while (cursor);
      expect(seen).toEqual([...titles].reverse());
      expect((await listOf(admin, quiet)).body.announcements.map((a) => a.title)).toEqual([...titles].reverse());
      for (const query of ['?limit=0', '?limit=51', '?cursor=%%%', `?cursor=${'A'.repeat(65)}`]) {
        expect((await listOf(owner, quiet, query)).status, query).toBe(400);
      }
    });

    it(`allows ${PER_DAY} announcements per course a day (refused ones do not count)`, async () => {
      // The paged course has had its five.
      const sixth = await post(owner, { title: 'Six', body: '<p>Six</p>' }, quiet);
      expect(sixth).toMatchObject({ status: 429, body: { success: false } });
      expect(sixth.headers.get('retry-after')).toBeTruthy();
      expect(await api.deps.store.collection('announcements').countDocuments({ courseId: quiet._id })).toBe(PER_DAY);
      // Another course is not affected.
      const other = testCourse({ _id: owner.userId, name: 'Olive Owner' }, { courseTitle: 'Fresh course' });
      await api.deps.store.collection<CourseDoc>('courses').insertOne(other);
      expect((await post(owner, { title: 'Fresh', body: '<p>Hi</p>' }, other)).status).toBe(201);
    });

    it('lets the author edit and the author or an admin delete', async () => {
      const made = (await post(admin, { title: 'From the admin', body: '<p>Maintenance tonight.</p>' })).body
        .announcement;
      const own = (await listOf(owner)).body.announcements.find((a) => a.title === 'Second note') as Announcement;

      const edit = (who: Account, id: string, body: unknown, c: CourseDoc | string = course) =>
        send<Answer>('PATCH', path(c, id), who, body);
      expect((await edit(admin, own._id, { title: 'Hijacked' })).status).toBe(403);
      expect((await edit(s(0), own._id, { title: 'Hijacked' })).status).toBe(403);
      expect((await edit(otherEducator, own._id, { title: 'Hijacked' })).status).toBe(403);
      expect((await edit(owner, own._id, {})).status).toBe(400);
      expect((await edit(owner, own._id, { body: '<script>x</script>' })).status).toBe(400);
      expect((await edit(owner, 'a'.repeat(24), { title: 'x' })).status).toBe(404);
      expect((await edit(owner, own._id, { title: 'x' }, quiet)).status).toBe(404);
      const edited = await edit(owner, own._id, { title: 'Second note (updated)', body: '<p>Read chapter 4.</p>' });
      expect(edited.status).toBe(200);
      expect(edited.body.announcement).toMatchObject({
        title: 'Second note (updated)',
        body: '<p>Read chapter 4.</p>',
      });
      expect(Date.parse(edited.body.announcement.updatedAt)).toBeGreaterThanOrEqual(Date.parse(own.updatedAt));

      expect((await send('DELETE', path(course, own._id), s(0))).status).toBe(403);
      expect((await send('DELETE', path(course, own._id), otherEducator)).status).toBe(403);
      expect((await send('DELETE', path(course, made._id), owner)).status).toBe(403);
      expect((await send('DELETE', path(course, made._id), admin)).status).toBe(200);
      expect((await send('DELETE', path(course, own._id), owner)).status).toBe(200);
      expect((await send('DELETE', path(course, own._id), owner)).status).toBe(404);
      const left = (await listOf(s(0))).body.announcements.map((a) => a._id);
      expect(left).not.toContain(own._id);
      expect(left).not.toContain(made._id);
    });

    // Two API processes on one MongoDB database, each running the job runner (replicas); on the
    // embedded store, one process with two runners on it.
    it('fans out once with two replicas running the job runner', async () => {
      const uri = process.env.MONGODB_URI;
      const replica =
        adapter.name === 'mongodb' && uri
          ? await startTestApi({
              store: await openMongoStore(uri, { defaultDbName: api.deps.store.mongoDb?.databaseName ?? '' }),
              config: { ...config, mail: { smtpUrl: smtp.url, from: 'Courseport <no-reply@test>' } },
            })
          : null;
      const other = composeServices(replica?.deps ?? api.deps);
      await other.announcements.start();
      try {
        const crowd = testCourse({ _id: owner.userId, name: 'Olive Owner' }, { courseTitle: 'Crowded course' });
        const many: Account[] = [];
        for (let i = 0; i < 8; i++) many.push(await person());
        await api.deps.store
          .collection<CourseDoc>('courses')
          .insertOne({ ...crowd, enrolledStudents: many.map((m) => m.userId) });
        // Posted on the second replica when there is one: the first runs the job as likely as it.
        const res = await (replica ?? api).json<Answer>(path(crowd), {
          method: 'POST',
          headers: { ...bearer(owner.token), 'Content-Type': 'application/json' },
          body: JSON.stringify({ title: 'Busy day', body: '<p>Both replicas are up.</p>' }),
        });
        expect(res.status).toBe(201);
        const subject = 'New announcement in Crowded course: Busy day';
        for (const m of many) await smtp.waitForMailTo(m.email, (mail) => mail.subject === subject);
        await until(
          () => api.deps.store.collection('announcements').findOne({ _id: res.body.announcement._id }),
          (doc) => Boolean(doc?.fannedOutAt),
        );
        for (const m of many) {
          expect(await notificationsOf(m)).toHaveLength(1);
          expect(smtp.received.filter((mail) => mail.to.includes(m.email) && mail.subject === subject)).toHaveLength(1);
        }
      } finally {
        await other.announcements.stop(5_000);
        await replica?.close();
      }
    });
  });
}
