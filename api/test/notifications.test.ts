import type { AppNotification, NotificationPreferences, NotificationsPage } from '@courseport/contracts/notifications';
import { NOTIFICATION_KINDS } from '@courseport/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeServices, type Services } from '../src/compose.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import type { UserDoc } from '../src/modules/users/repository.js';
import { newId } from '../src/store/index.js';
import { lectureIdsOf, testCourse } from './support/courses.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';
import { type ReceivedMail, startSmtpServer } from './support/smtp.js';
import { bothStores } from './support/stores.js';

type Account = { token: string; userId: string; email: string };
type Page = NotificationsPage & { success: boolean; message?: string };

/** A burst's window in these tests: long enough for a burst, short enough to wait for its digest. */
const WINDOW_MS = 1500;

/**
 * Notifications (#35) over HTTP on both stores: the routes (owner only), the unread counter under
 * concurrent notifies, preferences, the events that notify (an approved educator request, a review
 * reply), mails through a real SMTP server (one per event, then a digest), RFC 8058 headers and the
 * one-click unsubscribe without signing in.
 */
for (const adapter of bothStores('notifications')) {
  describe.runIf(adapter.enabled)(`notifications: ${adapter.name}`, { timeout: 120_000 }, () => {
    let api: TestApi;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    /** The job runner, as server.ts starts it (the app's own services enqueue, these run). */
    let jobs: Services;
    let admin: Account;
    let people = 0;

    const person = async (options: { educator?: boolean } = {}): Promise<Account> => {
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
    const list = (who: Account, query = '') => send<Page>('GET', `/api/notifications${query}`, who);
    const unread = async (who: Account) => {
      const res = await send<{ unread: number }>('GET', '/api/notifications/unread-count', who);
      expect(res.status).toBe(200);
      return res.body.unread;
    };
    const notify = (who: Account, kind: AppNotification['kind'] = 'answer', title = 'Someone answered your question') =>
      jobs.notifications.notify(who.userId, kind, { title, text: 'The answer is 42.', link: '/player/abc' });
    const mailsTo = (who: Account) => api.deps.store.collection('outbox').countDocuments({ to: who.email });
    const unsubscribeUrlOf = (mail: ReceivedMail) =>
      new URL(/^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1] ?? 'http://invalid/');

    beforeAll(async () => {
      smtp = await startSmtpServer();
      api = await startTestApi({
        store: await adapter.open(),
        config: {
          mail: { smtpUrl: smtp.url, from: 'Courseport <no-reply@test>' },
          notifications: { digestWindowMs: WINDOW_MS, jobPollMs: 100, announcementsPerCoursePerDay: 5 },
        },
      });
      jobs = composeServices(api.deps);
      await jobs.notifications.start();
      admin = { ...(await userWithProfile(api, 'admin@example.com', { admin: true })), email: 'admin@example.com' };
    });
    afterAll(async () => {
      await jobs?.notifications.stop(5_000);
      await api?.close();
      await smtp?.close();
    });

    it('answers only signed-in callers, each with their own notifications', async () => {
      for (const [method, path] of [
        ['GET', '/api/notifications'],
        ['GET', '/api/notifications/unread-count'],
        ['POST', '/api/notifications/read-all'],
        ['POST', `/api/notifications/${newId()}/read`],
        ['GET', '/api/notifications/preferences'],
        ['PUT', '/api/notifications/preferences'],
      ] as const) {
        const res = await send(method, path, null, method === 'PUT' ? { mail: { answer: false } } : undefined);
        expect(res, `${method} ${path}`).toMatchObject({ status: 401, body: { success: false } });
      }
      const [one, two] = [await person(), await person()];
      const mine = await notify(one);
      expect((await list(two)).body).toEqual({ success: true, notifications: [], nextCursor: null });
      expect(await unread(two)).toBe(0);
      // Someone else's notification is not found, and stays unread.
      expect(await send('POST', `/api/notifications/${mine?._id}/read`, two)).toMatchObject({
        status: 404,
        body: { success: false, message: 'Notification not found' },
      });
      expect(await unread(one)).toBe(1);
      const listed = await list(one);
      expect(listed.body.notifications).toEqual([mine]);
      expect(listed.headers.get('cache-control')).toBe('no-store');
    });

    it('pages newest first with a cursor, and refuses bad cursors and limits with 400', async () => {
      const who = await person();
      const made: string[] = [];
      for (let i = 0; i < 25; i++) made.push((await notify(who, 'announcement', `Update ${i}`))?._id as string);
      const seen: AppNotification[] = [];
      let cursor: string | null = null;
      const sizes: number[] = [];
      do {
        const res: Awaited<ReturnType<typeof list>> = await list(
          who,
          `?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(res.status).toBe(200);
        sizes.push(res.body.notifications.length);
        seen.push(...res.body.notifications);
        cursor = res.body.nextCursor;
      } while (cursor);
      expect(sizes).toEqual([10, 10, 5]);
      expect(new Set(seen.map((n) => n._id))).toEqual(new Set(made));
      const times = seen.map((n) => Date.parse(n.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect((await list(who)).body.notifications).toHaveLength(20);

      for (const query of [
        '?cursor=not-a-cursor!',
        `?cursor=${Buffer.from('123.nope').toString('base64url')}`,
        '?cursor=a&cursor=b',
        '?limit=0',
        '?limit=101',
        '?limit=ten',
        '?limit=-1',
      ]) {
        const res = await list(who, query);
        expect(res, query).toMatchObject({ status: 400, body: { success: false } });
        expect(typeof res.body.message).toBe('string');
      }
    });

    it('keeps the unread count exact under concurrent notifies and marks', async () => {
      const who = await person();
      const made = await Promise.all(Array.from({ length: 40 }, (_, i) => notify(who, 'answer', `Answer ${i}`)));
      expect(await unread(who)).toBe(40);
      expect(await api.deps.store.collection('notifications').countDocuments({ userId: who.userId })).toBe(40);
      // Each of the first 20 marked twice at once: counted down once each.
      const marks = made.slice(0, 20).flatMap((n) => [n, n]);
      const results = await Promise.all(marks.map((n) => send('POST', `/api/notifications/${n?._id}/read`, who)));
      expect(results.every((r) => r.status === 200)).toBe(true);
      expect(await unread(who)).toBe(20);
      const page = await list(who, '?limit=100');
      expect(page.body.notifications.filter((n) => !n.read)).toHaveLength(20);
      // Read-all racing more notifies: whatever lands after it stays unread, and the count agrees.
      const [all] = await Promise.all([
        send<{ marked: number }>('POST', '/api/notifications/read-all', who),
        ...Array.from({ length: 5 }, () => notify(who)),
      ]);
      expect(all.status).toBe(200);
      const left = (await list(who, '?limit=100')).body.notifications.filter((n) => !n.read).length;
      expect(await unread(who)).toBe(left);
      expect((await send('POST', '/api/notifications/read-all', who)).status).toBe(200);
      expect(await unread(who)).toBe(0);
      for (const id of ['nope', 'a'.repeat(24), '../../etc']) {
        expect((await send('POST', `/api/notifications/${id}/read`, who)).status).toBe(404);
      }
    });

    it('mends a counter a crash left off by one when the list is opened', async () => {
      const who = await person();
      await notify(who);
      await notify(who);
      expect(await unread(who)).toBe(2);
      // Died after saving a notification, before counting it; and after marking one read, before counting down.
      const stored = api.deps.store.collection('notifications');
      await stored.insertOne({
        _id: newId(),
        userId: who.userId,
        kind: 'answer',
        title: 'Saved, never counted',
        text: 'The answer is 42.',
        link: '/player/abc',
        read: false,
        createdAt: new Date(),
      });
      expect(await unread(who)).toBe(2);
      expect((await list(who)).status).toBe(200);
      expect(await unread(who)).toBe(3);
      await stored.updateMany({ userId: who.userId, title: 'Saved, never counted' }, { $set: { read: true } });
      await list(who);
      expect(await unread(who)).toBe(2);
      // A later page does not recount; the first does.
      const cursor = encodeURIComponent((await list(who, '?limit=1')).body.nextCursor ?? '');
      await stored.updateMany({ userId: who.userId }, { $set: { read: true } });
      expect((await list(who, `?cursor=${cursor}`)).status).toBe(200);
      expect(await unread(who)).toBe(2);
      await list(who);
      expect(await unread(who)).toBe(0);
    });

    it('keeps mail preferences per kind and per course, refusing what is not one', async () => {
      const who = await person();
      const initial = await send<{ preferences: NotificationPreferences }>(
        'GET',
        '/api/notifications/preferences',
        who,
      );
      expect(initial.body.preferences).toEqual({
        mail: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])),
        mutedCourses: [],
      });
      const course = newId();
      const saved = await send<{ preferences: NotificationPreferences }>('PUT', '/api/notifications/preferences', who, {
        mail: { announcement: false, 'review-reply': false },
        mutedCourses: [course, course],
      });
      expect(saved.status).toBe(200);
      expect(saved.body.preferences.mail).toMatchObject({ announcement: false, 'review-reply': false, answer: true });
      expect(saved.body.preferences.mutedCourses).toEqual([course]);
      // A change of one kind leaves the others and the courses as they were.
      const again = await send<{ preferences: NotificationPreferences }>('PUT', '/api/notifications/preferences', who, {
        mail: { announcement: true },
      });
      expect(again.body.preferences).toMatchObject({
        mail: { announcement: true, 'review-reply': false },
        mutedCourses: [course],
      });
      for (const body of [
        {},
        { mail: { bogus: false } },
        { mail: { answer: 'no' } },
        { mail: [] },
        { mutedCourses: ['not-an-id'] },
        { mutedCourses: 'abc' },
        { mutedCourses: Array.from({ length: 501 }, () => newId()) },
      ]) {
        const res = await send('PUT', '/api/notifications/preferences', who, body);
        expect(res, JSON.stringify(body).slice(0, 80)).toMatchObject({ status: 400, body: { success: false } });
      }
      const raw = await api.request('/api/notifications/preferences', {
        method: 'PUT',
        headers: { ...bearer(who.token), 'Content-Type': 'text/plain' },
        body: 'mail=off',
      });
      expect(raw.status).toBe(415);
      // Nobody else's changed.
      const other = await person();
      expect(
        (await send<{ preferences: NotificationPreferences }>('GET', '/api/notifications/preferences', other)).body
          .preferences.mail.announcement,
      ).toBe(true);
    });

    it('notifies and mails an approved educator request, with one-click unsubscribe headers', async () => {
      const who = await person();
      expect((await send('POST', '/api/user/request-educator', who)).status).toBe(201);
      const requests = await send<{ requests: Array<{ _id: string; email: string }> }>(
        'GET',
        '/api/user/educator-requests',
        admin,
      );
      const request = requests.body.requests.find((r) => r.email === who.email);
      expect(
        (await send('POST', '/api/user/approve-educator-request', admin, { requestId: request?._id })).status,
      ).toBe(200);
      const [notification] = (await list(who)).body.notifications;
      expect(notification).toMatchObject({ kind: 'educator-approved', link: '/educator', read: false });
      expect(await unread(who)).toBe(1);

      const mail = await smtp.waitForMailTo(who.email, (m) => m.subject === 'Your educator request was approved');
      expect(mail.text).toContain('http://localhost:3000/educator');
      expect(mail.html).toContain('href="http://localhost:3000/educator"');
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const url = unsubscribeUrlOf(mail);
      expect(url.pathname).toBe('/api/notifications/unsubscribe');
      // The footer's link is for people: the app's page, with the same token (it asks, then posts).
      const page = `http://localhost:3000/unsubscribe?token=${encodeURIComponent(url.searchParams.get('token') ?? '')}`;
      expect(mail.text).toContain(page);
      expect(mail.html).toContain(`href="${page}"`);
      expect(mail.text).not.toContain(url.href);
    });

    it('notifies the reviewer of the educator’s reply', async () => {
      const owner = await person({ educator: true });
      const student = await person();
      const course = testCourse({ _id: owner.userId, name: 'Owner' }, { courseTitle: 'Replied course' });
      await api.deps.store
        .collection<CourseDoc>('courses')
        .insertOne({ ...course, enrolledStudents: [student.userId] });
      await api.deps.store
        .collection<UserDoc>('users')
        .updateOne({ _id: student.userId }, { $addToSet: { enrolledCourses: course._id } });
      const review = await send<{ review: { _id: string } }>('PUT', `/api/user/reviews/${course._id}`, student, {
        rating: 4,
        text: 'Good, but more exercises please.',
      });
      expect(review.status).toBe(200);
      const reply = await send('POST', `/api/educator/reviews/${review.body.review._id}/reply`, owner, {
        text: 'Thanks! <script>alert(1)</script> More coming.',
      });
      expect(reply.status).toBe(200);
      const [notification] = (await list(student)).body.notifications;
      expect(notification).toMatchObject({
        kind: 'review-reply',
        title: 'The educator replied to your review of Replied course',
        text: 'Thanks! <script>alert(1)</script> More coming.',
        link: `/course/${course._id}`,
      });
      const mail = await smtp.waitForMailTo(student.email, (m) => m.subject.startsWith('The educator replied'));
      // User text is escaped in the HTML part, never markup.
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.html).not.toContain('<script>');
    });

    it("mails the asker an answer to their question (the Q&A's events, through SMTP), with its link", async () => {
      const owner = await person({ educator: true });
      const [asker, classmate] = [await person(), await person()];
      const course = testCourse({ _id: owner.userId, name: 'Owner' }, { courseTitle: 'Asked course' });
      await api.deps.store
        .collection<CourseDoc>('courses')
        .insertOne({ ...course, enrolledStudents: [asker.userId, classmate.userId] });
      await api.deps.store
        .collection<UserDoc>('users')
        .updateMany({ _id: { $in: [asker.userId, classmate.userId] } }, { $addToSet: { enrolledCourses: course._id } });
      const [lectureId] = lectureIdsOf(course);
      const asked = await send<{ question: { _id: string } }>('POST', `/api/courses/${course._id}/questions`, asker, {
        lectureId,
        title: 'Why does my loop never end?',
        body: '<p>It counts forever.</p>',
      });
      expect(asked.status).toBe(201);
      const answered = await send('POST', `/api/questions/${asked.body.question._id}/answers`, classmate, {
        body: '<p>Check the condition: it never becomes false.</p>',
      });
      expect(answered.status).toBe(201);
      const mail = await smtp.waitForMailTo(asker.email, (m) => m.subject.startsWith('New answer to'));
      expect(mail.subject).toBe('New answer to "Why does my loop never end?"');
      expect(mail.text).toContain(`http://localhost:3000/player/${course._id}?question=${asked.body.question._id}`);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      // Nobody is mailed of their own answer.
      expect(await mailsTo(classmate)).toBe(0);
    });

    it('mails the first of a burst at once and the rest as one digest, once', async () => {
      const who = await person();
      await notify(who, 'answer', 'First answer');
      const first = await smtp.waitForMailTo(who.email, (m) => m.subject === 'First answer');
      expect(first.text).toContain('The answer is 42.');
      await notify(who, 'instructor-reply', 'The educator <b>replied</b> & "more"');
      await notify(who, 'answer', 'Second answer');
      await notify(who, 'review-reply', 'A reply to your review');
      // Waiting for the digest: nothing else was mailed meanwhile.
      expect(await mailsTo(who)).toBe(1);
      const digest = await smtp.waitForMailTo(who.email, (m) => m.subject.includes('new notifications'));
      expect(digest.subject).toBe('3 new notifications on Courseport');
      expect(digest.text).toContain('Second answer');
      expect(digest.text).toContain('The educator <b>replied</b> & "more"');
      expect(digest.html).toContain('The educator &lt;b&gt;replied&lt;/b&gt; &amp; &quot;more&quot;');
      expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(unsubscribeUrlOf(digest).searchParams.get('token')).toMatch(/~all~/);
      // The digest job running again (a second replica, a retry) sends nothing more.
      await Promise.all([jobs.notifications.runDigest(who.userId), jobs.notifications.runDigest(who.userId)]);
      expect(await mailsTo(who)).toBe(2);
      expect(
        await api.deps.store.collection('notifications').countDocuments({ userId: who.userId, digestPending: true }),
      ).toBe(0);
    });

    it('unsubscribes in one click without signing in; then that kind is no longer mailed', async () => {
      const who = await person();
      await notify(who, 'answer', 'Unsubscribe me');
      const mail = await smtp.waitForMailTo(who.email, (m) => m.subject === 'Unsubscribe me');
      const url = unsubscribeUrlOf(mail);
      const path = url.pathname + url.search;

      // GET says what it would stop and stops nothing (mail scanners open links).
      const look = await api.json(path);
      expect(look).toMatchObject({ status: 200, body: { success: true, scope: { type: 'kind', kind: 'answer' } } });
      expect(
        (await send<{ preferences: NotificationPreferences }>('GET', '/api/notifications/preferences', who)).body
          .preferences.mail.answer,
      ).toBe(true);

      // RFC 8058: the mail provider POSTs a form body, no credentials.
      const oneClick = await api.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      expect(await oneClick.json()).toMatchObject({ success: true, scope: { type: 'kind', kind: 'answer' } });
      const prefs = await send<{ preferences: NotificationPreferences }>('GET', '/api/notifications/preferences', who);
      expect(prefs.body.preferences.mail).toMatchObject({ answer: false, announcement: true });

      // Neither mailed nor queued for a digest: the kind is off before any window is looked at.
      const windowBefore = await api.deps.store.collection('notificationMailWindows').findOne({ _id: who.userId });
      const before = await mailsTo(who);
      const quiet = await notify(who, 'answer', 'Not mailed');
      expect(await mailsTo(who)).toBe(before);
      expect(await api.deps.store.collection('notifications').findOne({ _id: quiet?._id })).not.toHaveProperty(
        'digestPending',
      );
      expect(await api.deps.store.collection('notificationMailWindows').findOne({ _id: who.userId })).toEqual(
        windowBefore,
      );
      expect(await unread(who)).toBe(2);
      // Another kind still is (in the window's digest, since the first mail opened one).
      await notify(who, 'announcement', 'Still mailed');
      const digest = await smtp.waitForMailTo(who.email, (m) => m.text.includes('Still mailed'));
      expect(digest.subject).toBe('1 new notification on Courseport');
      expect(digest.text).not.toContain('Not mailed');
      // Again: harmless.
      expect((await api.request(path, { method: 'POST' })).status).toBe(200);
    });

    it('refuses forged and malformed unsubscribe tokens (403, 400) and changes nothing', async () => {
      const who = await person();
      await notify(who, 'project-reviewed', 'Forge me');
      const mail = await smtp.waitForMailTo(who.email, (m) => m.subject === 'Forge me');
      const token = unsubscribeUrlOf(mail).searchParams.get('token') as string;
      const [userId, scope, signature] = token.split('~') as [string, string, string];
      const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
      const forged = [
        `${userId}~${scope}~${flip(signature)}`,
        // Someone else's id with this signature.
        `${admin.userId}~${scope}~${signature}`,
        // Another scope with this signature.
        `${userId}~k.answer~${signature}`,
        `${userId}~all~${signature}`,
      ];
      for (const bad of forged) {
        for (const method of ['GET', 'POST']) {
          const res = await api.json(`/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`, { method });
          expect(res, `${method} ${bad}`).toMatchObject({ status: 403, body: { success: false } });
        }
      }
      for (const bad of ['', 'x', `${userId}~${scope}`, `${userId}~k.bogus~${signature}`, 'a~b~c~d', '~'.repeat(300)]) {
        const res = await api.json(`/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`, {
          method: 'POST',
        });
        expect(res, bad).toMatchObject({ status: 400, body: { success: false } });
      }
      expect((await api.json('/api/notifications/unsubscribe', { method: 'POST' })).status).toBe(400);
      expect((await api.json('/api/notifications/unsubscribe?token=a&token=b')).status).toBe(400);
      const prefs = await send<{ preferences: NotificationPreferences }>('GET', '/api/notifications/preferences', who);
      expect(Object.values(prefs.body.preferences.mail).every(Boolean)).toBe(true);
    });

    it('keeps stored text plain and links inside the app', async () => {
      const who = await person();
      const made = await jobs.notifications.notify(who.userId, 'answer', {
        title: 'Line\nbreak\u202e and bidi',
        text: 'x'.repeat(5000),
        link: '//evil.example.com/phish',
      });
      expect(made).toMatchObject({ title: 'Line break and bidi', link: '/' });
      expect(made?.text.length).toBeLessThanOrEqual(1000);
      for (const link of ['https://evil.example.com', 'javascript:alert(1)', '/\\evil.example.com', '/ok path']) {
        expect((await jobs.notifications.notify(who.userId, 'answer', { title: 't', text: '', link }))?.link).toBe('/');
      }
      expect(
        (await jobs.notifications.notify(who.userId, 'answer', { title: 't', text: '', link: '/player/x?y=1' }))?.link,
      ).toBe('/player/x?y=1');
      await postJson(api, '/api/notifications/read-all', {}, bearer(who.token));
      expect(await unread(who)).toBe(0);
    });
  });
}
