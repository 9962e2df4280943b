import type { ProjectSubmission, ResourceLink } from '@courseport/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_ACCEPTED, NOT_A_PROJECT } from '../src/modules/projects/index.js';
import { newId } from '../src/store/index.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';
import { thumbnailPng } from './support/png.js';
import { buyThroughLocalCheckout } from './support/purchases.js';
import { startSmtpServer } from './support/smtp.js';
import { bothStores } from './support/stores.js';

const PNG = thumbnailPng(9, 64, 36);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
type Account = { token: string; userId: string };
type SubmissionAnswer = { success: boolean; message?: string; submission: ProjectSubmission | null };
type Queue = { submissions: ProjectSubmission[]; total: number; message?: string };

for (const adapter of bothStores('projects')) {
  describe.runIf(adapter.enabled)(`project submissions: ${adapter.name}`, { timeout: 120_000 }, () => {
    let api: TestApi;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let owner: Account;
    let rival: Account;
    let stranger: Account;
    let courseId: string;
    let projectId: string;
    let videoId: string;
    let people = 0;

    const auth = (who: Account | null) => (who ? bearer(who.token) : {});
    const path = (lectureId = projectId, course = courseId) =>
      `/api/user/courses/${course}/projects/${lectureId}/submission`;
    const postAs = <T>(pathname: string, body: unknown, who: Account) =>
      api.json<T>(pathname, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...auth(who) },
        body: JSON.stringify(body),
      });
    const submitLink = (who: Account, url: string, note = '', lectureId = projectId) =>
      postAs<SubmissionAnswer>(path(lectureId), { url, note }, who);
    const submitFile = (who: Account, data: Buffer, name: string, note = '') => {
      const form = new FormData();
      form.append('file', new Blob([data]), name);
      form.set('note', note);
      return api.json<SubmissionAnswer>(path(), { method: 'POST', headers: auth(who), body: form });
    };
    const mine = (who: Account) => api.json<SubmissionAnswer>(path(), { headers: auth(who) });
    const queue = (who: Account, query = '') =>
      api.json<Queue>(`/api/educator/project-submissions${query}`, { headers: auth(who) });
    const review = (who: Account, id: string, body: unknown) =>
      postAs<SubmissionAnswer & { submission: ProjectSubmission }>(
        `/api/educator/project-submissions/${id}/review`,
        body,
        who,
      );
    const fileLink = (who: Account, id: string) =>
      api.json<{ link: ResourceLink; message?: string }>(`/api/project-submissions/${id}/file-link`, {
        headers: auth(who),
      });
    async function enrolledStudent(): Promise<Account & { email: string }> {
      const email = `student-${++people}-${newId().slice(-6)}@example.com`;
      const account = await userWithProfile(api, email);
      await buyThroughLocalCheckout(api, account.token, courseId);
      return { ...account, email };
    }

    beforeAll(async () => {
      smtp = await startSmtpServer();
      api = await startTestApi({
        store: await adapter.open(),
        config: { mail: { smtpUrl: smtp.url, from: 'Courseport <no-reply@test>' } },
      });
      owner = await userWithProfile(api, 'owner@example.com', { educator: true });
      rival = await userWithProfile(api, 'rival@example.com', { educator: true });
      stranger = await userWithProfile(api, 'stranger@example.com');
      const form = new FormData();
      form.set(
        'courseData',
        JSON.stringify({
          courseTitle: 'Build a web app',
          courseDescription: '<p>About</p>',
          coursePrice: 200,
          discount: 0,
          courseContent: [
            {
              chapterTitle: 'One',
              chapterContent: [
                { lectureTitle: 'Intro', lectureDuration: 5, lectureUrl: 'https://youtu.be/dQw4w9WgXcQ' },
                {
                  lectureTitle: 'Ship it',
                  lectureDuration: 60,
                  lessonKind: 'project',
                  projectBrief: '<p>Deploy the app.</p><script>alert(1)</script>',
                },
              ],
            },
          ],
        }),
      );
      form.append('image', new Blob([PNG], { type: 'image/png' }), 'thumb.png');
      const added = await api.json<{ course: { _id: string } }>('/api/educator/add-course', {
        method: 'POST',
        headers: bearer(owner.token),
        body: form,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      courseId = added.body.course._id;
      const course = await api.deps.store.collection('courses').findOne({ _id: courseId });
      const chapters = (course?.courseContent ?? []) as Array<{ chapterContent: Array<Record<string, string>> }>;
      const lessons = chapters[0]?.chapterContent ?? [];
      videoId = lessons[0]?.lectureId as string;
      projectId = lessons[1]?.lectureId as string;
      expect(lessons[1]).toMatchObject({ lessonKind: 'project', projectBrief: '<p>Deploy the app.</p>' });
    });
    afterAll(async () => {
      await api?.close();
      await smtp?.close();
    });

    it('takes a link from an enrolled student, and shows it back to them only', async () => {
      const student = await enrolledStudent();
      expect((await mine(student)).body.submission).toBeNull();
      const res = await submitLink(student, 'https://github.com/me/app', 'Here it is\u0007!');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.submission).toMatchObject({
        courseId,
        lectureId: projectId,
        kind: 'link',
        url: 'https://github.com/me/app',
        note: 'Here it is!',
        status: 'submitted',
      });
      expect((await mine(student)).body.submission).toEqual(res.body.submission);
      expect((await mine(stranger)).status).toBe(403);
      expect((await submitLink(stranger, 'https://github.com/x/y')).status).toBe(403);
      expect((await submitLink(student, 'javascript:alert(1)')).status).toBe(400);
      expect((await submitLink(student, 'https://x.test', '', videoId)).body.message).toBe(NOT_A_PROJECT);
      expect((await submitLink(student, 'https://x.test', '', newId())).status).toBe(400);
      expect((await api.json(path(projectId, newId()), { headers: auth(student) })).status).toBe(404);
    });

    it('takes a file (checked by content), replaces it on resubmission and deletes the old file', async () => {
      const student = await enrolledStudent();
      expect((await submitFile(student, Buffer.from('MZ\x90\x00this is no pdf'), 'app.pdf')).status).toBe(415);
      const first = await submitFile(student, PDF, 'report.pdf', 'v1');
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.submission).toMatchObject({
        kind: 'file',
        fileName: 'report.pdf',
        size: PDF.length,
        note: 'v1',
      });
      const stored = await api.deps.store.collection('projectSubmissions').findOne({ _id: first.body.submission?._id });
      const oldFile = stored?.fileId as string;
      expect(await api.deps.store.blobs.get(`resource-${oldFile}`)).not.toBeNull();

      const second = await submitLink(student, 'https://example.com/app', 'v2');
      expect(second.status).toBe(200);
      expect(second.body.submission?._id).toBe(first.body.submission?._id);
      expect(second.body.submission).toMatchObject({ kind: 'link', note: 'v2', status: 'submitted' });
      expect(second.body.submission?.fileName).toBeUndefined();
      expect(await api.deps.store.blobs.get(`resource-${oldFile}`)).toBeNull();
      expect(await api.deps.store.collection('resources').findOne({ _id: oldFile })).toBeNull();
    });

    it('gives a file submission’s signed link to its student and the course’s educator only', async () => {
      const student = await enrolledStudent();
      const other = await enrolledStudent();
      const { body } = await submitFile(student, PDF, 'work.pdf');
      const id = body.submission?._id as string;
      for (const who of [student, owner]) {
        const res = await fileLink(who, id);
        expect(res.status).toBe(200);
        const file = await fetch(res.body.link.url.replace(/^https?:\/\/[^/]+/, api.url));
        expect(file.status).toBe(200);
        expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
        expect(file.headers.get('content-disposition')).toContain('attachment');
      }
      for (const who of [other, rival, stranger]) expect((await fileLink(who, id)).status).toBe(404);
      expect((await fileLink(owner, newId())).status).toBe(404);
    });

    it('lists the educator’s queue newest first, a page at a time, for them only', async () => {
      const before = (await queue(owner)).body.total;
      const students = [await enrolledStudent(), await enrolledStudent(), await enrolledStudent()];
      for (const [i, s] of students.entries()) await submitLink(s, `https://example.com/${i}`);
      const all = await queue(owner);
      expect(all.status).toBe(200);
      expect(all.body.total).toBe(before + 3);
      const page = await queue(owner, '?limit=2&offset=0');
      expect(page.body.submissions).toHaveLength(2);
      expect(page.body.submissions[0]).toMatchObject({
        url: 'https://example.com/2',
        courseTitle: 'Build a web app',
        lectureTitle: 'Ship it',
        student: { _id: students[2]?.userId, name: expect.stringMatching(/^student-/) },
      });
      expect(page.body.submissions[1]?.url).toBe('https://example.com/1');
      const next = await queue(owner, '?limit=2&offset=1');
      expect(next.body.submissions[0]?.url).toBe('https://example.com/1');
      expect((await queue(owner, `?courseId=${courseId}&status=submitted`)).body.total).toBe(before + 3);
      expect((await queue(owner, '?status=accepted')).body.total).toBe(0);
      expect((await queue(owner, '?status=nope')).status).toBe(400);
      expect((await queue(owner, '?limit=500')).status).toBe(400);
      expect((await queue(rival)).body).toMatchObject({ submissions: [], total: 0 });
      expect((await queue(stranger)).status).toBe(403);
      expect((await api.json('/api/educator/project-submissions/count', { headers: auth(owner) })).body).toMatchObject({
        success: true,
        pending: before + 3,
      });
    });

    it('accepting completes the lesson and mails the student; an accepted project cannot be replaced', async () => {
      const student = await enrolledStudent();
      const { body } = await submitLink(student, 'https://github.com/me/done');
      const id = body.submission?._id as string;
      expect((await review(rival, id, { decision: 'accept' })).status).toBe(404);
      expect((await review(stranger, id, { decision: 'accept' })).status).toBe(403);

      const accepted = await review(owner, id, { decision: 'accept', comment: 'Great work' });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect(accepted.body.submission).toMatchObject({ status: 'accepted', reviewComment: 'Great work' });
      expect(accepted.body.submission.reviewedAt).toEqual(expect.any(String));

      const progress = await postJson(api, '/api/user/get-course-progress', { courseId }, auth(student));
      expect((progress.body.progressData as { lectureCompleted: string[] }).lectureCompleted).toContain(projectId);

      const mail = await smtp.waitForMailTo(student.email, (m) => m.subject.includes('accepted'));
      expect(mail.subject).toBe('Your project was accepted: Ship it');
      expect(mail.text).toContain('Great work');
      expect(mail.text).toContain(`/player/${courseId}`);

      const again = await submitLink(student, 'https://github.com/me/other');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ALREADY_ACCEPTED);
      expect((await submitFile(student, PDF, 'late.pdf')).status).toBe(409);
      expect((await mine(student)).body.submission).toMatchObject({
        status: 'accepted',
        url: 'https://github.com/me/done',
      });
      expect((await review(owner, id, { decision: 'changes', comment: 'More' })).status).toBe(409);
    });

    it('a deleted course takes its submissions and their files with it', async () => {
      const draft = newId();
      const lectureId = newId();
      const store = api.deps.store;
      await store.collection('courses').insertOne({
        _id: draft,
        courseTitle: 'A draft',
        courseDescription: '',
        courseThumbnail: '',
        coursePrice: 0,
        discount: 0,
        educator: { _id: owner.userId, name: 'owner' },
        courseContent: [],
        courseRatings: [],
        enrolledStudents: [],
        status: 'draft',
        isPublished: false,
        createdAt: new Date(),
      });
      const file = await api.deps.store.collection('resources').insertOne({
        _id: newId(),
        ownerId: stranger.userId,
        courseId: draft,
        lectureId,
        title: 'w.pdf',
        fileName: 'w.pdf',
        contentType: 'application/pdf',
        size: PDF.length,
        purpose: 'submission',
        quotaBytes: 0,
        createdAt: new Date(),
      });
      await store.blobs.put(`resource-${file._id}`, PDF, 'application/pdf');
      await store.collection('projectSubmissions').insertOne({
        _id: newId(),
        userId: stranger.userId,
        courseId: draft,
        lectureId,
        educatorId: owner.userId,
        kind: 'file',
        fileId: file._id,
        fileName: 'w.pdf',
        size: PDF.length,
        note: '',
        status: 'submitted',
        submittedAt: new Date(),
      });
      const deleted = await api.json(`/api/educator/courses/${draft}`, { method: 'DELETE', headers: auth(owner) });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect(await store.collection('projectSubmissions').countDocuments({ courseId: draft })).toBe(0);
      expect(await store.collection('resources').findOne({ _id: file._id })).toBeNull();
      expect(await store.blobs.get(`resource-${file._id}`)).toBeNull();
    });

    it('asking for changes needs a comment, mails it, and lets the student submit again', async () => {
      const student = await enrolledStudent();
      const { body } = await submitLink(student, 'https://github.com/me/draft');
      const id = body.submission?._id as string;
      expect((await review(owner, id, { decision: 'changes' })).status).toBe(400);
      expect((await review(owner, id, { decision: 'changes', comment: 'x'.repeat(5001) })).status).toBe(400);
      expect((await review(owner, id, { decision: 'maybe' })).status).toBe(400);
      const changes = await review(owner, id, { decision: 'changes', comment: 'Add tests, please.' });
      expect(changes.status).toBe(200);
      expect(changes.body.submission).toMatchObject({
        status: 'changes_requested',
        reviewComment: 'Add tests, please.',
      });
      expect((await mine(student)).body.submission).toMatchObject({
        status: 'changes_requested',
        reviewComment: 'Add tests, please.',
      });
      const mail = await smtp.waitForMailTo(student.email, (m) => m.subject.startsWith('Changes requested'));
      expect(mail.subject).toBe('Changes requested on your project: Ship it');
      expect(mail.text).toContain('Add tests, please.');
      const progress = await postJson(api, '/api/user/get-course-progress', { courseId }, auth(student));
      expect(
        (progress.body.progressData as { lectureCompleted?: string[] } | null)?.lectureCompleted ?? [],
      ).not.toContain(projectId);

      const resubmitted = await submitLink(student, 'https://github.com/me/final');
      expect(resubmitted.body.submission).toMatchObject({ status: 'submitted', url: 'https://github.com/me/final' });
      expect(resubmitted.body.submission?.reviewComment).toBeUndefined();
      expect((await queue(owner, '?status=changes_requested')).body.submissions.map((s) => s._id)).not.toContain(id);
    });
  });
}
