import { Buffer } from 'node:buffer';
import { crc32, gzipSync } from 'node:zlib';
import type { LessonResource, ResourceLink, UploadedResource } from '@courseport/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserLimits } from '../src/http/rate-limit.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { LINK_EXPIRED, LINK_INVALID, NOT_YOUR_FILE, UNSUPPORTED_FILE } from '../src/modules/resources/index.js';
import { newId } from '../src/store/index.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';
import { thumbnailPng } from './support/png.js';
import { buyThroughLocalCheckout } from './support/purchases.js';
import { bothStores } from './support/stores.js';

const MiB = 1024 * 1024;
const PNG = thumbnailPng(7, 64, 36);
type Account = { token: string; userId: string };

/** A real ZIP archive holding one stored (uncompressed) file. */
function zipOf(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const fileName = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const centralOffset = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** The start of a Windows executable (MZ, then a PE header). */
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200, 1),
]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 0)]);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

for (const adapter of bothStores('resources')) {
  describe.runIf(adapter.enabled)(`lesson resources: ${adapter.name}`, { timeout: 120_000 }, () => {
    let api: TestApi;
    let owner: Account;
    let rival: Account;
    let student: Account;
    let stranger: Account;
    let admin: Account;
    let offsetMs = 0;

    beforeAll(async () => {
      api = await startTestApi({
        store: await adapter.open(),
        clock: { now: () => new Date(Date.now() + offsetMs) },
        config: { resourceMaxMb: 1 },
        app: (app) => setUserLimits(app, { uploadBytes: 3 * MiB }),
      });
      owner = await userWithProfile(api, 'owner@example.com', { educator: true });
      rival = await userWithProfile(api, 'rival@example.com', { educator: true });
      student = await userWithProfile(api, 'student@example.com');
      stranger = await userWithProfile(api, 'stranger@example.com');
      admin = await userWithProfile(api, 'admin@example.com', { admin: true });
    });
    afterAll(() => api?.close());

    const auth = (who: Account | null) => (who ? bearer(who.token) : {});
    const courses = () => api.deps.store.collection<CourseDoc>('courses');
    const usage = async (who: Account) =>
      ((await api.deps.store.collection('uploadUsage').findOne({ _id: who.userId })) as { bytes?: number } | null)
        ?.bytes ?? 0;

    async function upload(who: Account | null, data: Buffer, name: string, title?: string) {
      const form = new FormData();
      form.append('file', new Blob([data]), name);
      if (title !== undefined) form.set('title', title);
      return api.json<{ success: boolean; message?: string; resource: UploadedResource }>('/api/educator/resources', {
        method: 'POST',
        headers: auth(who),
        body: form,
      });
    }
    async function uploaded(who: Account, data: Buffer, name: string): Promise<UploadedResource> {
      const res = await upload(who, data, name);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.resource;
    }

    const lesson = (title: string, extra: Record<string, unknown> = {}) => ({
      lectureTitle: title,
      lectureDuration: 10,
      lectureUrl: 'https://youtu.be/dQw4w9WgXcQ',
      isPreviewFree: false,
      ...extra,
    });
    async function addCourse(who: Account, chapterContent: unknown[], extra: Record<string, unknown> = {}) {
      const form = new FormData();
      form.set(
        'courseData',
        JSON.stringify({
          courseTitle: `Course ${newId().slice(-6)}`,
          courseDescription: '<p>About</p>',
          coursePrice: 300,
          discount: 0,
          courseContent: [{ chapterTitle: 'One', chapterContent }],
          ...extra,
        }),
      );
      form.append('image', new Blob([PNG], { type: 'image/png' }), 'thumb.png');
      return api.json<{ course: { _id: string }; message?: string }>('/api/educator/add-course', {
        method: 'POST',
        headers: bearer(who.token),
        body: form,
      });
    }
    const lessonsOf = async (courseId: string) =>
      ((await courses().findOne({ _id: courseId }))?.courseContent ?? []).flatMap((c) => c.chapterContent);
    const linkOf = (courseId: string, resourceId: string, who: Account | null) =>
      api.json<{ link: ResourceLink; message?: string }>(`/api/courses/${courseId}/resources/${resourceId}/link`, {
        headers: auth(who),
      });

    it('accepts PDFs, archives, images and source files, judged by their bytes', async () => {
      const pdf = await uploaded(owner, PDF, 'slides.pdf');
      expect(pdf).toMatchObject({ fileName: 'slides.pdf', contentType: 'application/pdf', size: PDF.length });
      expect(pdf.resourceId).toMatch(/^[a-f0-9]{24}$/);
      expect(await uploaded(owner, zipOf('a.txt', 'hello'), 'code.zip')).toMatchObject({
        contentType: 'application/zip',
      });
      expect(await uploaded(owner, gzipSync(Buffer.from('x'.repeat(100))), 'data.gz')).toMatchObject({
        contentType: 'application/gzip',
      });
      expect(await uploaded(owner, PNG, 'diagram.png')).toMatchObject({ contentType: 'image/png' });
      expect(await uploaded(owner, Buffer.from('print("héllo")\n'), 'main.py')).toMatchObject({
        contentType: 'text/plain; charset=utf-8',
        fileName: 'main.py',
      });
      expect(await uploaded(owner, Buffer.from('<?xml version="1.0"?><project/>'), 'pom.xml')).toMatchObject({
        contentType: 'text/plain; charset=utf-8',
      });
      // A name that does not say what the bytes are gets the right extension; folders and controls go.
      expect(await uploaded(owner, PDF, '../../etc/re\u202eport')).toMatchObject({ fileName: 'report.pdf' });
    });

    it('refuses an executable or a web page whatever its name (415)', async () => {
      for (const [data, name] of [
        [EXE, 'notes.pdf'],
        [ELF, 'tool.txt'],
        [HTML, 'slides.pdf'],
        [HTML, 'page.html'],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg'],
        [Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x00, 0x42]), 'data.csv'],
      ] as const) {
        const res = await upload(owner, data, name);
        expect(res.status, name).toBe(415);
        expect(res.body).toMatchObject({ success: false, message: UNSUPPORTED_FILE });
      }
    });

    it('refuses a file over the size limit (413), a missing file (400), a student (403) and no one (401)', async () => {
      const big = await upload(owner, Buffer.alloc(MiB + 10, 'a'), 'big.txt');
      expect(big.status).toBe(413);
      expect(big.body.message).toMatch(/at most 1 MB/);
      const form = new FormData();
      form.set('title', 'nothing');
      expect(
        (await api.json('/api/educator/resources', { method: 'POST', headers: bearer(owner.token), body: form }))
          .status,
      ).toBe(400);
      expect((await upload(student, PDF, 'a.pdf')).status).toBe(403);
      expect((await upload(null, PDF, 'a.pdf')).status).toBe(401);
    });

    it('counts uploads in the educator’s quota, refusing with 413 when full', async () => {
      const filler = await userWithProfile(api, 'filler@example.com', { educator: true });
      const chunk = Buffer.alloc(900 * 1024, 'b');
      for (let i = 0; i < 3; i++) await uploaded(filler, chunk, `part-${i}.txt`);
      expect(await usage(filler)).toBe(3 * chunk.length);
      const full = await upload(filler, chunk, 'one-more.txt');
      expect(full.status).toBe(413);
      expect(full.body.message).toMatch(/upload quota/);
      expect(await usage(filler)).toBe(3 * chunk.length);
    });

    it('attaches files and links to lessons through add-course, and refuses another educator’s file', async () => {
      const mine = await uploaded(owner, PDF, 'handout.pdf');
      const theirs = await uploaded(rival, PDF, 'theirs.pdf');
      const refused = await addCourse(owner, [lesson('L1', { resources: [{ resourceId: theirs.resourceId }] })]);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(NOT_YOUR_FILE);

      const res = await addCourse(owner, [
        lesson('L1', {
          resources: [
            { resourceId: mine.resourceId, title: 'The handout' },
            { title: 'Repository', url: 'https://github.com/example/repo' },
          ],
        }),
      ]);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const [first] = await lessonsOf(res.body.course._id);
      expect(first?.resources).toEqual([
        {
          resourceId: mine.resourceId,
          kind: 'file',
          title: 'The handout',
          fileName: 'handout.pdf',
          size: PDF.length,
          contentType: 'application/pdf',
        },
        {
          resourceId: expect.stringMatching(/^[a-f0-9]{24}$/),
          kind: 'link',
          title: 'Repository',
          url: 'https://github.com/example/repo',
        },
      ]);
      // Attached to that course now: another course cannot take it.
      const again = await addCourse(owner, [lesson('L1', { resources: [{ resourceId: mine.resourceId }] })]);
      expect(again.status).toBe(400);
    });

    describe('links and downloads', () => {
      let courseId: string;
      let paid: UploadedResource;
      let preview: UploadedResource;
      let draftId: string;
      let draftFile: UploadedResource;

      beforeAll(async () => {
        paid = await uploaded(owner, Buffer.from('const answer = 42;\n'), 'solution.ts');
        preview = await uploaded(owner, PDF, 'intro.pdf');
        const res = await addCourse(owner, [
          lesson('Free', { isPreviewFree: true, resources: [{ resourceId: preview.resourceId }] }),
          lesson('Paid', { resources: [{ resourceId: paid.resourceId }] }),
        ]);
        expect(res.status).toBe(201);
        courseId = res.body.course._id;
        await buyThroughLocalCheckout(api, student.token, courseId);
        draftFile = await uploaded(owner, PDF, 'draft.pdf');
        const draft = await addCourse(
          owner,
          [lesson('D', { isPreviewFree: true, resources: [{ resourceId: draftFile.resourceId }] })],
          {
            status: 'draft',
          },
        );
        draftId = draft.body.course._id;
      });

      it('gives a signed link to enrolled students, the owner and admins, and refuses others', async () => {
        for (const who of [student, owner, admin]) {
          const res = await linkOf(courseId, paid.resourceId, who);
          expect(res.status).toBe(200);
          expect(res.body.link.url).toMatch(
            new RegExp(`/api/resources/${paid.resourceId}/download\\?e=\\d+&s=[A-Za-z0-9_-]+$`),
          );
          expect(Date.parse(res.body.link.expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
          expect(res.headers.get('cache-control')).toBe('private, no-store');
        }
        expect((await linkOf(courseId, paid.resourceId, stranger)).status).toBe(403);
        expect((await linkOf(courseId, paid.resourceId, null)).status).toBe(401);
        expect((await linkOf(courseId, paid.resourceId, rival)).status).toBe(403);
      });

      it('gives anyone, signed out too, the link of a free preview lesson’s file', async () => {
        expect((await linkOf(courseId, preview.resourceId, null)).status).toBe(200);
        expect((await linkOf(courseId, preview.resourceId, stranger)).status).toBe(200);
      });

      it('answers 404 for another course’s file, an unknown one, and a draft a stranger cannot see', async () => {
        expect((await linkOf(courseId, newId(), owner)).status).toBe(404);
        expect((await linkOf(courseId, draftFile.resourceId, owner)).status).toBe(404);
        expect((await linkOf(newId(), paid.resourceId, owner)).status).toBe(404);
        expect((await linkOf(draftId, draftFile.resourceId, stranger)).status).toBe(404);
        expect((await linkOf(draftId, draftFile.resourceId, null)).status).toBe(404);
        expect((await linkOf(draftId, draftFile.resourceId, owner)).status).toBe(200);
      });

      it('downloads with a valid link: the bytes, as an attachment, never sniffed or cached', async () => {
        const { link } = (await linkOf(courseId, paid.resourceId, student)).body;
        const res = await fetch(link.url.replace(/^https?:\/\/[^/]+/, api.url));
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('const answer = 42;\n');
        expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
        expect(res.headers.get('content-disposition')).toBe(
          `attachment; filename="solution.ts"; filename*=UTF-8''solution.ts`,
        );
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('cache-control')).toBe('private, no-store');

        const pdf = (await linkOf(courseId, preview.resourceId, null)).body.link;
        const file = await fetch(pdf.url.replace(/^https?:\/\/[^/]+/, api.url));
        expect(file.headers.get('content-type')).toBe('application/pdf');
        expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
      });

      it('refuses a tampered or expired link (403)', async () => {
        const { link } = (await linkOf(courseId, paid.resourceId, student)).body;
        const local = link.url.replace(/^https?:\/\/[^/]+/, api.url);
        // The signature's first character changed (to one it is not: an 'A' would be no change).
        const search = new URL(local).search.replace(/s=(.)/, (_, c: string) => (c === 'A' ? 's=B' : 's=A'));
        const tampered = await api.json(new URL(local).pathname + search);
        expect(tampered.status).toBe(403);
        expect(tampered.body).toMatchObject({ success: false, message: LINK_INVALID });
        const otherFile = local.replace(paid.resourceId, preview.resourceId);
        expect((await fetch(otherFile)).status).toBe(403);
        const later = local.replace(/e=(\d+)/, (_, e) => `e=${Number(e) + 60_000}`);
        expect((await fetch(later)).status).toBe(403);
        expect((await fetch(`${api.url}/api/resources/${paid.resourceId}/download`)).status).toBe(403);
        offsetMs = 6 * 60_000;
        try {
          const expired = await api.json(new URL(local).pathname + new URL(local).search);
          expect(expired.status).toBe(403);
          expect(expired.body.message).toBe(LINK_EXPIRED);
        } finally {
          offsetMs = 0;
        }
      });
    });

    it('deletes a file dropped from every lesson on edit, and a deleted course’s files, giving the quota back', async () => {
      const keeper = await userWithProfile(api, 'keeper@example.com', { educator: true });
      const a = await uploaded(keeper, Buffer.alloc(1000, 'a'), 'a.txt');
      const b = await uploaded(keeper, Buffer.alloc(2000, 'b'), 'b.txt');
      const res = await addCourse(
        keeper,
        [lesson('L1', { resources: [{ resourceId: a.resourceId }, { resourceId: b.resourceId }] })],
        { status: 'draft' },
      );
      expect(res.status).toBe(201);
      const courseId = res.body.course._id;
      const before = await usage(keeper);
      const [first] = await lessonsOf(courseId);
      const edit = await api.json(`/api/educator/courses/${courseId}`, {
        method: 'PATCH',
        headers: { ...bearer(keeper.token), 'Content-Type': 'application/json' },
        body: JSON.stringify({
          courseContent: [
            {
              chapterTitle: 'One',
              chapterContent: [
                { ...lesson('L1'), lectureId: first?.lectureId, resources: [{ resourceId: a.resourceId }] },
              ],
            },
          ],
        }),
      });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      const [edited] = await lessonsOf(courseId);
      expect((edited?.resources ?? []).map((r: LessonResource) => r.resourceId)).toEqual([a.resourceId]);
      expect(await usage(keeper)).toBe(before - 2000);
      expect(await api.deps.store.collection('resources').findOne({ _id: b.resourceId })).toBeNull();
      expect(await api.deps.store.blobs.get(`resource-${b.resourceId}`)).toBeNull();

      const deleted = await api.json(`/api/educator/courses/${courseId}`, {
        method: 'DELETE',
        headers: bearer(keeper.token),
      });
      expect(deleted.status).toBe(200);
      expect(await usage(keeper)).toBe(0);
      expect(await api.deps.store.collection('resources').findOne({ _id: a.resourceId })).toBeNull();
      expect(await api.deps.store.blobs.get(`resource-${a.resourceId}`)).toBeNull();
    });

    it('sweeps unattached uploads older than a day at the next upload', async () => {
      const sweeper = await userWithProfile(api, 'sweeper@example.com', { educator: true });
      const old = await uploaded(sweeper, Buffer.alloc(500, 'o'), 'old.txt');
      offsetMs = 25 * 60 * 60_000;
      try {
        await uploaded(sweeper, Buffer.alloc(100, 'n'), 'new.txt');
      } finally {
        offsetMs = 0;
      }
      expect(await api.deps.store.collection('resources').findOne({ _id: old.resourceId })).toBeNull();
      expect(await usage(sweeper)).toBe(100);
    });

    it('posts JSON nowhere here: the upload takes multipart only (415)', async () => {
      expect((await postJson(api, '/api/educator/resources', { file: 'x' }, bearer(owner.token))).status).toBe(415);
    });
  });
}
