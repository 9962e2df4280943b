import type { EditableCourse } from '@courseport/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeServices } from '../src/compose.js';
import { COURSE_NOT_AVAILABLE } from '../src/modules/courses/lifecycle-status.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { CANNOT_DELETE_SOLD, EDITED_MEANWHILE, NOT_THE_OWNER } from '../src/modules/educator/lifecycle-service.js';
import type { PurchaseDoc } from '../src/modules/purchases/repository.js';
import { newId } from '../src/store/index.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';
import { thumbnailPng } from './support/png.js';
import { bothStores } from './support/stores.js';

const PNG = thumbnailPng(4, 64, 36);
type Account = { token: string; userId: string };
type Answer = { status: number; body: Record<string, unknown> };

const lecture = (title: string, id = 'dQw4w9WgXcQ', isPreviewFree = false) => ({
  lectureTitle: title,
  lectureDuration: 10,
  lectureUrl: `https://youtu.be/${id}`,
  isPreviewFree,
});

const courseData = (title: string, extra: Record<string, unknown> = {}) => ({
  courseTitle: title,
  courseDescription: '<p>What you will learn</p>',
  coursePrice: 500,
  discount: 10,
  courseContent: [
    { chapterTitle: 'First', chapterContent: [lecture('One', 'aaaaaaaaaaa', true), lecture('Two', 'bbbbbbbbbbb')] },
    { chapterTitle: 'Second', chapterContent: [lecture('Three', 'ccccccccccc')] },
  ],
  ...extra,
});

for (const adapter of bothStores('course lifecycle')) {
  describe.runIf(adapter.enabled)(`course lifecycle: ${adapter.name}`, { timeout: 120_000 }, () => {
    let api: TestApi;
    let owner: Account;
    let rival: Account;
    let student: Account;
    let admin: Account;
    let people = 0;
    const fresh = () => userWithProfile(api, `buyer-${++people}-${newId().slice(0, 6)}@example.com`);

    beforeAll(async () => {
      api = await startTestApi({ store: await adapter.open() });
      owner = await userWithProfile(api, 'owner@example.com', { educator: true });
      rival = await userWithProfile(api, 'rival@example.com', { educator: true });
      student = await userWithProfile(api, 'student@example.com');
      admin = await userWithProfile(api, 'admin@example.com', { admin: true });
    });
    afterAll(() => api?.close());

    const auth = (who: Account | null) => (who ? bearer(who.token) : {});
    const get = (path: string, who: Account | null = null) => api.json(path, { headers: auth(who) });
    const send = (method: string, path: string, who: Account | null, body?: unknown): Promise<Answer> =>
      api.json(path, {
        method,
        headers: { ...auth(who), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const courses = () => api.deps.store.collection<CourseDoc>('courses');

    async function addCourse(data: Record<string, unknown>, who: Account = owner): Promise<string> {
      const form = new FormData();
      form.set('courseData', JSON.stringify(data));
      form.append('image', new Blob([PNG], { type: 'image/png' }), 'thumb.png');
      const res = await api.json('/api/educator/add-course', {
        method: 'POST',
        headers: bearer(who.token),
        body: form,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body.course as { _id: string })._id;
    }
    const editable = async (id: string, who: Account = owner) => {
      const res = await get(`/api/educator/courses/${id}`, who);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.course as EditableCourse;
    };
    const catalogIds = async (query = '') => {
      const { body } = await get(`/api/course/all${query}`);
      return { ids: (body.courses as Array<{ _id: string }>).map((c) => c._id), total: body.total as number };
    };
    /** Buys through the local checkout: purchase, Pay, verify. */
    async function buy(buyer: Account, courseId: string) {
      const start = await postJson(api, '/api/user/purchase', { courseId }, bearer(buyer.token));
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      const checkout = new URL(start.body.session_url as string).pathname;
      expect((await api.request(`${checkout}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
      const purchase = await api.deps.store
        .collection<PurchaseDoc>('purchases')
        .findOne({ userId: buyer.userId, courseId, status: 'pending' });
      const verify = await postJson(
        api,
        '/api/user/verify-payment',
        { purchaseId: purchase?._id },
        bearer(buyer.token),
      );
      expect(verify.status, JSON.stringify(verify.body)).toBe(200);
    }

    it('keeps add-course as it was (published) and saves a draft when asked', async () => {
      const published = await addCourse(courseData('Published at once'));
      expect((await editable(published)).status).toBe('published');
      expect((await catalogIds()).ids).toContain(published);
      const draft = await addCourse(courseData('A secret draft', { status: 'draft' }));
      expect(await courses().findOne({ _id: draft })).toMatchObject({ status: 'draft', isPublished: false });
      const bad = new FormData();
      bad.set('courseData', JSON.stringify(courseData('Nope', { status: 'archived' })));
      bad.append('image', new Blob([PNG], { type: 'image/png' }), 'thumb.png');
      const refused = await api.json('/api/educator/add-course', {
        method: 'POST',
        headers: bearer(owner.token),
        body: bad,
      });
      expect(refused).toMatchObject({
        status: 400,
        body: { success: false, message: expect.stringMatching(/^Status /) },
      });
    });

    it('never shows a draft in the catalog, its search and counts, or its page to anyone but the owner and admins', async () => {
      const title = `Hidden draft ${newId()}`;
      // The cached catalog, warmed before the draft exists and after.
      const before = await catalogIds();
      const draft = await addCourse(courseData(title, { status: 'draft' }));
      const after = await catalogIds();
      expect(after.ids).not.toContain(draft);
      expect(after.total).toBe(before.total);
      const search = await catalogIds(`?search=${encodeURIComponent(title)}`);
      expect(search).toEqual({ ids: [], total: 0 });
      for (const who of [null, student, rival]) {
        expect(await get(`/api/course/${draft}`, who)).toMatchObject({
          status: 404,
          body: { success: false, message: 'Course not found' },
        });
      }
      expect((await get(`/api/course/${draft}`, owner)).status).toBe(200);
      expect((await get(`/api/course/${draft}`, admin)).status).toBe(200);

      // Published: in the catalog, its search and its count at once (the caches see the change).
      expect(await send('POST', `/api/educator/courses/${draft}/publish`, owner)).toMatchObject({
        status: 200,
        body: { success: true, course: { status: 'published' } },
      });
      expect((await catalogIds()).total).toBe(before.total + 1);
      expect((await catalogIds(`?search=${encodeURIComponent(title)}`)).ids).toEqual([draft]);
      expect((await get(`/api/course/${draft}`)).status).toBe(200);

      // Unpublished: gone from all of them again, including the cached anonymous page.
      expect((await send('POST', `/api/educator/courses/${draft}/unpublish`, owner)).status).toBe(200);
      expect((await catalogIds()).total).toBe(before.total);
      expect((await catalogIds(`?search=${encodeURIComponent(title)}`)).total).toBe(0);
      expect((await get(`/api/course/${draft}`)).status).toBe(404);
    });

    it('lets only the owner change a course (403 for others; an admin may read it)', async () => {
      const id = await addCourse(courseData('Mine alone'));
      const path = `/api/educator/courses/${id}`;
      for (const who of [rival, student, admin]) {
        const edit = await send('PATCH', path, who, { courseTitle: 'Taken over' });
        expect(edit.status).toBe(403);
        expect(edit.body).toEqual({ success: false, message: expect.any(String) });
        for (const action of ['publish', 'unpublish', 'archive'])
          expect((await send('POST', `${path}/${action}`, who)).status).toBe(403);
        expect((await send('DELETE', path, who)).status).toBe(403);
      }
      expect((await send('PATCH', path, rival, { courseTitle: 'Taken over' })).body.message).toBe(NOT_THE_OWNER);
      expect((await get(path, rival)).status).toBe(403);
      expect((await get(path, student)).status).toBe(403);
      expect((await get(path, null)).status).toBe(401);
      const read = await editable(id, admin);
      expect(read.courseTitle).toBe('Mine alone');
      // The editor's view has every lecture URL.
      expect(
        read.courseContent.flatMap((c) => c.chapterContent).every((l) => l.lectureUrl?.startsWith('https://')),
      ).toBe(true);
      expect((await courses().findOne({ _id: id }))?.courseTitle).toBe('Mine alone');
      expect((await get(`/api/educator/courses/${newId()}`, owner)).status).toBe(404);
      expect((await get('/api/educator/courses/not-an-id', admin)).status).toBe(404);
    });

    it('validates an edit as add-course does: refused, never clamped', async () => {
      const id = await addCourse(courseData('Validated'));
      const path = `/api/educator/courses/${id}`;
      const refusals: Array<[Record<string, unknown>, RegExp]> = [
        [{ coursePrice: -1 }, /^Course price must not be negative/],
        [{ discount: 101 }, /^Discount must be at most 100/],
        [{ discount: -5 }, /^Discount must be at least 0/],
        [{ courseTitle: '   ' }, /^Course title/],
        [{ courseContent: [{ chapterTitle: 'x', chapterContent: [lecture('bad', 'x')] }] }, /YouTube/],
        [{ courseContent: [{ chapterId: newId(), chapterTitle: 'x', chapterContent: [] }] }, /not part of this course/],
      ];
      for (const [body, message] of refusals) {
        const res = await send('PATCH', path, owner, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.message).toMatch(message);
      }
      const stored = await courses().findOne({ _id: id });
      expect(stored).toMatchObject({ coursePrice: 500, discount: 10, courseTitle: 'Validated' });

      const ok = await send('PATCH', path, owner, {
        courseTitle: 'Validated, renamed',
        courseDescription: '<p>New <script>alert(1)</script><b>text</b></p>',
        coursePrice: 250.5,
        discount: 0,
      });
      expect(ok.status).toBe(200);
      expect(ok.body.course).toMatchObject({ courseTitle: 'Validated, renamed', coursePrice: 250.5, discount: 0 });
      expect((ok.body.course as EditableCourse).courseDescription).not.toContain('script');
      // A published course may not lose what publishing needs.
      const empty = await send('PATCH', path, owner, { courseContent: [] });
      expect(empty.status).toBe(422);
      expect(empty.body.message).toMatch(/at least one chapter with at least one lecture/);
    });

    it('refuses to publish an incomplete draft, naming what is missing', async () => {
      const id = await addCourse({
        ...courseData('Incomplete', { status: 'draft' }),
        courseContent: [],
        courseDescription: '',
      });
      const res = await send('POST', `/api/educator/courses/${id}/publish`, owner);
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/a description.*at least one chapter with at least one lecture/);
      expect((await courses().findOne({ _id: id }))?.status).toBe('draft');
      expect(await send('POST', `/api/educator/courses/${id}/unpublish`, owner)).toMatchObject({ status: 409 });
    });

    it('keeps ids through an edit (add, edit, move, remove, reorder) and progress honest after a removal', async () => {
      const id = await addCourse(courseData('Evolving'));
      const buyer = await fresh();
      await buy(buyer, id);
      const before = await editable(id);
      const [first, second] = before.courseContent;
      const [one, two] = first?.chapterContent ?? [];
      const [three] = second?.chapterContent ?? [];
      if (!first || !second || !one || !two || !three) throw new Error('the course has two chapters');
      for (const l of [one, two])
        expect(
          (
            await postJson(
              api,
              '/api/user/update-course-progress',
              { courseId: id, lectureId: l.lectureId },
              bearer(buyer.token),
            )
          ).status,
        ).toBe(200);

      // Chapters swapped, "Two" removed, "Three" renamed and moved first, a new lecture and chapter.
      const edit = await send('PATCH', `/api/educator/courses/${id}`, owner, {
        courseContent: [
          {
            chapterId: second.chapterId,
            chapterTitle: 'Second, now first',
            chapterContent: [
              { ...lecture('Four (new)', 'ddddddddddd') },
              { lectureId: three.lectureId, ...lecture('Three, renamed', 'ccccccccccc') },
            ],
          },
          {
            chapterId: first.chapterId,
            chapterTitle: 'First',
            chapterContent: [{ lectureId: one.lectureId, ...lecture('One', 'aaaaaaaaaaa', true) }],
          },
          { chapterTitle: 'Brand new', chapterContent: [lecture('Five', 'eeeeeeeeeee')] },
        ],
      });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      const after = await editable(id);
      expect(after.courseContent.map((c) => [c.chapterId, c.chapterTitle, c.chapterOrder])).toEqual([
        [second.chapterId, 'Second, now first', 1],
        [first.chapterId, 'First', 2],
        [expect.stringMatching(/^[a-f0-9]{24}$/), 'Brand new', 3],
      ]);
      const lectures = after.courseContent.map((c) => c.chapterContent.map((l) => [l.lectureTitle, l.lectureOrder]));
      expect(lectures).toEqual([
        [
          ['Four (new)', 1],
          ['Three, renamed', 2],
        ],
        [['One', 1]],
        [['Five', 1]],
      ]);
      expect(after.courseContent[0]?.chapterContent[1]?.lectureId).toBe(three.lectureId);
      expect(after.courseContent[1]?.chapterContent[0]?.lectureId).toBe(one.lectureId);
      const all = after.courseContent.flatMap((c) => c.chapterContent.map((l) => l.lectureId));
      expect(new Set(all).size).toBe(4);
      expect(all).not.toContain(two.lectureId);

      // "Two" was completed and is gone: progress is one of the four current lectures.
      const progress = await postJson(api, '/api/user/get-course-progress', { courseId: id }, bearer(buyer.token));
      expect(progress.body.progressData).toEqual({ courseId: id, lectureCompleted: [one.lectureId] });
      const enrolled = await get('/api/user/enrolled-courses', buyer);
      const mine = (
        enrolled.body.enrolledCourses as Array<{ _id: string; courseContent: EditableCourse['courseContent'] }>
      ).find((c) => c._id === id);
      expect(mine?.courseContent.flatMap((c) => c.chapterContent).map((l) => l.lectureId)).toEqual(all);
      // The removed lecture can no longer be completed.
      expect(
        (
          await postJson(
            api,
            '/api/user/update-course-progress',
            { courseId: id, lectureId: two.lectureId },
            bearer(buyer.token),
          )
        ).status,
      ).toBe(400);
      // An id given twice is refused.
      const twice = await send('PATCH', `/api/educator/courses/${id}`, owner, {
        courseContent: [
          {
            chapterTitle: 'x',
            chapterContent: [
              { lectureId: one.lectureId, ...lecture('a') },
              { lectureId: one.lectureId, ...lecture('b') },
            ],
          },
        ],
      });
      expect(twice).toMatchObject({ status: 400, body: { message: expect.stringMatching(/more than once/) } });
    });

    it('refuses an edit made from a stale read (409) rather than merging two edits', async () => {
      const id = await addCourse(courseData('Raced'));
      const stale = await courses().findOne({ _id: id });
      expect((await send('PATCH', `/api/educator/courses/${id}`, owner, { courseTitle: 'First edit' })).status).toBe(
        200,
      );
      const { lifecycle } = composeServices(api.deps);
      await expect(lifecycle.edit(stale as CourseDoc, { courseTitle: 'From an old read' })).rejects.toMatchObject({
        status: 409,
        message: EDITED_MEANWHILE,
      });
    });

    it('keeps enrolled students learning in an unpublished course and refuses new purchases (409)', async () => {
      const id = await addCourse(courseData('Retired'));
      const learner = await fresh();
      await buy(learner, id);
      const lectureId = (await editable(id)).courseContent[0]?.chapterContent[0]?.lectureId;
      expect((await send('POST', `/api/educator/courses/${id}/unpublish`, owner)).body).toMatchObject({
        success: true,
        course: { status: 'unpublished' },
      });

      const enrolled = await get('/api/user/enrolled-courses', learner);
      expect((enrolled.body.enrolledCourses as Array<{ _id: string }>).map((c) => c._id)).toContain(id);
      expect(
        (await postJson(api, '/api/user/update-course-progress', { courseId: id, lectureId }, bearer(learner.token)))
          .status,
      ).toBe(200);
      const progress = await postJson(api, '/api/user/get-course-progress', { courseId: id }, bearer(learner.token));
      expect(progress.body.progressData).toEqual({ courseId: id, lectureCompleted: [lectureId] });

      const newcomer = await fresh();
      const refused = await postJson(api, '/api/user/purchase', { courseId: id }, bearer(newcomer.token));
      expect(refused).toMatchObject({ status: 409, body: { success: false, message: COURSE_NOT_AVAILABLE } });
      expect(await api.deps.store.collection('purchases').countDocuments({ userId: newcomer.userId })).toBe(0);

      // Archived: the same for students, and out of the educator's active list.
      expect((await send('POST', `/api/educator/courses/${id}/archive`, owner)).status).toBe(200);
      expect((await postJson(api, '/api/user/purchase', { courseId: id }, bearer(newcomer.token))).status).toBe(409);
      expect(
        (await postJson(api, '/api/user/get-course-progress', { courseId: id }, bearer(learner.token))).status,
      ).toBe(200);
      const active = await get('/api/educator/courses', owner);
      expect((active.body.courses as Array<{ _id: string }>).map((c) => c._id)).not.toContain(id);
      const everything = await get('/api/educator/courses?include=archived', owner);
      expect(
        (everything.body.courses as Array<{ _id: string; status: string }>).find((c) => c._id === id),
      ).toMatchObject({
        status: 'archived',
        studentsCount: 1,
      });
      expect((await get('/api/educator/courses?include=everything', owner)).status).toBe(400);
      // Published again: on sale again.
      expect((await send('POST', `/api/educator/courses/${id}/publish`, owner)).status).toBe(200);
      expect((await postJson(api, '/api/user/purchase', { courseId: id }, bearer(newcomer.token))).status).toBe(200);
    });

    it('a draft is a 404 to buyers; every status is listed with the course', async () => {
      const draft = await addCourse(courseData('Not yet', { status: 'draft' }));
      const res = await postJson(api, '/api/user/purchase', { courseId: draft }, bearer(student.token));
      expect(res).toMatchObject({ status: 404, body: { message: 'Course not found' } });
      const list = await get('/api/educator/courses', owner);
      expect((list.body.courses as Array<{ _id: string; status: string }>).find((c) => c._id === draft)?.status).toBe(
        'draft',
      );
    });

    it('deletes a draft or a course nobody bought (with its thumbnail), and refuses one that sold (409)', async () => {
      const draft = await addCourse(courseData('Deleted draft', { status: 'draft' }));
      const thumbnail = (await courses().findOne({ _id: draft }))?.courseThumbnail ?? '';
      const mediaPath = new URL(thumbnail).pathname;
      expect((await api.request(mediaPath)).status).toBe(200);
      expect(await send('DELETE', `/api/educator/courses/${draft}`, owner)).toMatchObject({
        status: 200,
        body: { success: true, message: 'Course deleted' },
      });
      expect(await courses().findOne({ _id: draft })).toBeNull();
      expect((await api.request(mediaPath)).status).toBe(404);
      expect((await get(`/api/educator/courses/${draft}`, owner)).status).toBe(404);
      expect((await send('DELETE', `/api/educator/courses/${draft}`, owner)).status).toBe(404);

      const unsold = await addCourse(courseData('Published, never bought'));
      expect((await send('DELETE', `/api/educator/courses/${unsold}`, owner)).status).toBe(200);
      expect((await catalogIds()).ids).not.toContain(unsold);

      const sold = await addCourse(courseData('Sold once'));
      await buy(await fresh(), sold);
      const refused = await send('DELETE', `/api/educator/courses/${sold}`, owner);
      expect(refused).toMatchObject({ status: 409, body: { success: false, message: CANNOT_DELETE_SOLD } });
      // Refused, and nothing changed: still published, still on sale.
      expect(await courses().findOne({ _id: sold })).toMatchObject({ status: 'published', isPublished: true });

      // Refunded (nobody enrolled any more): someone paid once, so still not deletable.
      const refunded = await addCourse(courseData('Refunded'));
      const buyer = await fresh();
      await buy(buyer, refunded);
      const purchase = await api.deps.store
        .collection<PurchaseDoc>('purchases')
        .findOne({ userId: buyer.userId, courseId: refunded });
      expect(
        (await postJson(api, '/api/admin/refund-purchase', { purchaseId: purchase?._id }, bearer(admin.token))).status,
      ).toBe(200);
      expect((await courses().findOne({ _id: refunded }))?.enrolledStudents).toEqual([]);
      expect((await send('DELETE', `/api/educator/courses/${refunded}`, owner)).status).toBe(409);
      expect((await courses().findOne({ _id: refunded }))?.isPublished).toBe(true);

      // Someone in the middle of paying: 409 too, and the course stays on sale.
      const paying = await addCourse(courseData('Being bought'));
      expect(
        (await postJson(api, '/api/user/purchase', { courseId: paying }, bearer((await fresh()).token))).status,
      ).toBe(200);
      expect((await send('DELETE', `/api/educator/courses/${paying}`, owner)).status).toBe(409);
      expect((await courses().findOne({ _id: paying }))?.status).toBe('published');
    });

    it('replaces the thumbnail (owner only): new renditions, the old ones removed, the quota counting the new upload', async () => {
      const uploader = await userWithProfile(api, `thumb-${newId().slice(0, 6)}@example.com`, { educator: true });
      const id = await addCourse(courseData('New face', { status: 'draft' }), uploader);
      const before = await courses().findOne({ _id: id });
      const oldPath = new URL(before?.courseThumbnail ?? '').pathname;
      const bigger = thumbnailPng(7, 96, 54);
      const put = (who: Account, bytes: Uint8Array = bigger) => {
        const form = new FormData();
        form.append('image', new Blob([bytes], { type: 'image/png' }), 'new.png');
        return api.json(`/api/educator/courses/${id}/thumbnail`, {
          method: 'PUT',
          headers: bearer(who.token),
          body: form,
        });
      };
      expect(await put(rival)).toMatchObject({ status: 403, body: { success: false, message: NOT_THE_OWNER } });
      const res = await put(uploader);
      expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Thumbnail updated' } });
      const after = await courses().findOne({ _id: id });
      expect(after?.courseThumbnail).not.toBe(before?.courseThumbnail);
      expect((res.body.course as EditableCourse).courseThumbnail).toBe(after?.courseThumbnail);
      expect(after?.uploadBytes).toBe(bigger.length);
      expect((await api.request(new URL(after?.courseThumbnail ?? '').pathname)).status).toBe(200);
      expect((await api.request(oldPath)).status).toBe(404);
      const usage = (await api.deps.store.collection('uploadUsage').findOne({ _id: uploader.userId })) as {
        bytes: number;
      } | null;
      expect(usage?.bytes).toBe(bigger.length);
      // Not an image: refused, nothing changed.
      const refused = await put(uploader, new TextEncoder().encode('not an image at all'));
      expect(refused).toMatchObject({ status: 415, body: { success: false } });
      expect((await courses().findOne({ _id: id }))?.courseThumbnail).toBe(after?.courseThumbnail);
    });

    it('gives the upload quota back when a draft is deleted (what its thumbnail took, no more)', async () => {
      const uploader = await userWithProfile(api, `quota-${newId().slice(0, 6)}@example.com`, { educator: true });
      const usage = async () =>
        (
          (await api.deps.store.collection('uploadUsage').findOne({ _id: uploader.userId })) as {
            bytes?: number;
          } | null
        )?.bytes ?? 0;
      const kept = await addCourse(courseData('Kept', { status: 'draft' }), uploader);
      const draft = await addCourse(courseData('Deleted', { status: 'draft' }), uploader);
      expect(await usage()).toBe(2 * PNG.length);
      expect((await courses().findOne({ _id: draft }))?.uploadBytes).toBe(PNG.length);
      expect((await send('DELETE', `/api/educator/courses/${draft}`, uploader)).status).toBe(200);
      expect(await usage()).toBe(PNG.length);
      // A refused delete gives nothing back.
      expect((await send('POST', `/api/educator/courses/${kept}/publish`, uploader)).status).toBe(200);
      await buy(await fresh(), kept);
      expect((await send('DELETE', `/api/educator/courses/${kept}`, uploader)).status).toBe(409);
      expect(await usage()).toBe(PNG.length);
    });
  });
}
