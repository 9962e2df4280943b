import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { rebaseThumbnails } from '../src/modules/courses/service.js';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo.js';
import { newId } from '../src/store/index.js';
import { rawGet, startTestApi, type TestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';
import { thumbnailPng } from './support/png.js';

let api: TestApi;
let owner: { token: string; userId: string };
let enrolled: { token: string; userId: string };
let outsider: { token: string; userId: string };

function course(overrides: Partial<CourseDoc> = {}): CourseDoc {
  return {
    _id: newId(),
    courseTitle: 'Java Basics',
    courseDescription: '<p>Learn <strong>Java</strong>.</p>',
    courseThumbnail: 'http://localhost:4000/api/media/abc',
    coursePrice: 500,
    discount: 20,
    educator: { _id: owner.userId, name: 'Owner Person' },
    courseContent: [
      {
        chapterId: 'ch2',
        chapterTitle: 'Second',
        chapterOrder: 2,
        chapterContent: [
          {
            lectureId: 'l3',
            lectureTitle: 'Paid two',
            lectureDuration: 20,
            lectureUrl: 'https://youtu.be/paid-two',
            isPreviewFree: false,
            lectureOrder: 1,
          },
        ],
      },
      {
        chapterId: 'ch1',
        chapterTitle: 'First',
        chapterOrder: 1,
        chapterContent: [
          {
            lectureId: 'l2',
            lectureTitle: 'Paid one',
            lectureDuration: 15,
            lectureUrl: 'https://youtu.be/paid-one',
            isPreviewFree: false,
            lectureOrder: 2,
          },
          {
            lectureId: 'l1',
            lectureTitle: 'Free intro',
            lectureDuration: 5,
            lectureUrl: 'https://youtu.be/free-intro',
            isPreviewFree: true,
            lectureOrder: 1,
          },
        ],
      },
    ],
    courseRatings: [
      { userId: enrolled.userId, rating: 5 },
      { userId: 'user_rater_secret', rating: 4 },
    ],
    enrolledStudents: [enrolled.userId, 'user_student_secret'],
    isPublished: true,
    createdAt: new Date('2025-01-01T00:00:00Z'),
    ...overrides,
  };
}

let java: CourseDoc;
beforeAll(async () => {
  api = await startTestApi();
  owner = await userWithProfile(api, 'owner@example.com', { educator: true });
  enrolled = await userWithProfile(api, 'learner@example.com');
  outsider = await userWithProfile(api, 'outsider@example.com');
  java = course();
  await api.deps.store.collection<CourseDoc>('courses').insertMany([
    java,
    course({
      courseTitle: 'Advanced JAVA Streams',
      createdAt: new Date('2025-03-01T00:00:00Z'),
      courseRatings: [],
      enrolledStudents: [],
    }),
    course({
      courseTitle: 'C++ (the .* way)',
      createdAt: new Date('2025-02-01T00:00:00Z'),
      courseRatings: [
        { userId: 'u', rating: 2 },
        { userId: 'v', rating: 3 },
      ],
    }),
    course({ courseTitle: 'Hidden draft', isPublished: false, createdAt: new Date('2025-04-01T00:00:00Z') }),
  ]);
});
afterAll(() => api.close());

describe('GET /api/course/all', () => {
  it("lists published courses newest first as lean cards, leaking no student's or rater's id, e-mails or lecture URLs", async () => {
    const res = await api.request('/api/course/all');
    const raw = await res.text();
    expect(res.status).toBe(200);
    for (const secret of [
      'youtu.be',
      'user_rater_secret',
      'user_student_secret',
      enrolled.userId,
      '@example.com',
      'Hidden draft',
    ]) {
      expect(raw).not.toContain(secret);
    }
    const { courses, total } = JSON.parse(raw);
    expect(total).toBe(3);
    expect(courses.map((c: { courseTitle: string }) => c.courseTitle)).toEqual([
      'Advanced JAVA Streams',
      'C++ (the .* way)',
      'Java Basics',
    ]);
    expect(courses[2]).toEqual({
      _id: java._id,
      courseTitle: 'Java Basics',
      courseThumbnail: 'http://localhost:4000/api/media/abc',
      coursePrice: 500,
      discount: 20,
      // The educator's id names their public instructor page.
      educator: { _id: owner.userId, name: 'Owner Person' },
      averageRating: 4,
      ratingCount: 2,
      enrolledCount: 2,
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    expect(courses[0]).toMatchObject({ averageRating: 0, ratingCount: 0, enrolledCount: 0 });
    expect(courses[1]).toMatchObject({ averageRating: 2 });
  });

  it('searches titles case-insensitively and treats regex characters literally', async () => {
    const titles = async (search: string) =>
      (
        (await api.json(`/api/course/all?search=${encodeURIComponent(search)}`)).body.courses as Array<{
          courseTitle: string;
        }>
      ).map((c) => c.courseTitle);
    expect(await titles('java')).toEqual(['Advanced JAVA Streams', 'Java Basics']);
    expect(await titles('.*')).toEqual(['C++ (the .* way)']);
    expect(await titles('C++')).toEqual(['C++ (the .* way)']);
    expect(await titles('(')).toEqual(['C++ (the .* way)']);
    expect(await titles('draft')).toEqual([]);
    expect((await api.json('/api/course/all?search=java')).body.total).toBe(2);
    expect((await api.json(`/api/course/all?search=${'x'.repeat(101)}`)).status).toBe(400);
  });

  it('revalidates with ETags', async () => {
    const first = await api.request('/api/course/all');
    const etag = first.headers.get('etag') ?? '';
    expect((await api.request('/api/course/all', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });
});

describe('GET /api/course/:id', () => {
  const urls = (body: Record<string, unknown>) =>
    (
      body.courseData as { courseContent: Array<{ chapterContent: Array<{ lectureId: string; lectureUrl?: string }> }> }
    ).courseContent
      .flatMap((c) => c.chapterContent)
      .map((l) => `${l.lectureId}:${l.lectureUrl ?? '-'}`);

  it('gives everyone the structure in order, and only the free lecture URL', async () => {
    const { status, body } = await api.json(`/api/course/${java._id}`);
    expect(status).toBe(200);
    const data = body.courseData as Record<string, unknown>;
    expect(data).toMatchObject({
      courseTitle: 'Java Basics',
      courseDescription: '<p>Learn <strong>Java</strong>.</p>',
      averageRating: 4,
      ratingCount: 2,
      enrolledCount: 2,
    });
    expect(urls(body)).toEqual(['l1:https://youtu.be/free-intro', 'l2:-', 'l3:-']);
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(urls((await api.json(`/api/course/${java._id}`, { headers: bearer(outsider.token) })).body)).toEqual([
      'l1:https://youtu.be/free-intro',
      'l2:-',
      'l3:-',
    ]);
  });

  it('gives enrolled students and the owner every lecture URL', async () => {
    const all = ['l1:https://youtu.be/free-intro', 'l2:https://youtu.be/paid-one', 'l3:https://youtu.be/paid-two'];
    expect(urls((await api.json(`/api/course/${java._id}`, { headers: bearer(enrolled.token) })).body)).toEqual(all);
    const ownerView = await api.request(`/api/course/${java._id}`, { headers: bearer(owner.token) });
    expect(urls((await ownerView.json()) as Record<string, unknown>)).toEqual(all);
    expect(ownerView.headers.get('cache-control')).toBe('private, no-cache');
    expect(ownerView.headers.get('vary')).toMatch(/Authorization/);
  });

  it("answers 'Course not found' for unknown, malformed and unpublished ids, and 401 for a bad token", async () => {
    const hidden = (await api.deps.store.collection<CourseDoc>('courses').findOne({ courseTitle: 'Hidden draft' }))
      ?._id;
    for (const id of [newId(), 'not-an-id', hidden, '%24gt']) {
      expect(await api.json(`/api/course/${id}`)).toMatchObject({
        status: 404,
        body: { success: false, message: 'Course not found' },
      });
    }
    expect((await api.json(`/api/course/${java._id}`, { headers: bearer('garbage') })).status).toBe(401);
  });
});

describe('media and the demo catalog', () => {
  it('serves stored images with their detected type, and nothing else', async () => {
    const id = newId();
    await api.deps.store.blobs.put(id, thumbnailPng(7, 64, 36), 'image/png');
    const res = await api.request(`/api/media/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await api.request(`/api/media/${id}`, { headers: { 'If-None-Match': `"${id}"` } })).status).toBe(304);

    const text = newId();
    await api.deps.store.blobs.put(text, Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect((await api.request(`/api/media/${text}`)).status).toBe(404);
    expect((await api.request(`/api/media/${newId()}`)).status).toBe(404);
    expect((await api.request('/api/media/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('seeds demo accounts and a catalog with thumbnails into an empty store, once', async () => {
    const demoApi = await startTestApi();
    try {
      expect(await seedDemo(demoApi.deps)).toBe(true);
      expect(await seedDemo(demoApi.deps)).toBe(false);
      // #35: the demo Q&A (an accepted answer by the instructor) and the demo student's notes.
      const store = demoApi.deps.store;
      expect(await store.collection('questions').countDocuments({})).toBe(3);
      expect(await store.collection('questions').countDocuments({ acceptedAnswerId: { $exists: true } })).toBe(1);
      expect(await store.collection('answers').countDocuments({ byInstructor: true })).toBe(1);
      expect(await store.collection('lessonNotes').countDocuments({ videoSeconds: 42 })).toBe(1);
      const { courses } = (await demoApi.json('/api/course/all')).body as { courses: Array<Record<string, unknown>> };
      expect(courses.length).toBeGreaterThanOrEqual(12);
      expect(new Set(courses.map((c) => (c.educator as { name: string }).name))).toEqual(
        new Set(['Eddie Educator', 'Priya Sharma']),
      );
      const discounts = courses.map((c) => c.discount as number);
      expect(Math.min(...discounts)).toBe(0);
      expect(Math.max(...discounts)).toBe(50);
      expect(courses.some((c) => (c.ratingCount as number) > 0 && (c.enrolledCount as number) > 0)).toBe(true);
      const gzipped = await rawGet(`${demoApi.url}/api/course/all`, { 'Accept-Encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzipped.body).toString()).courses).toHaveLength(courses.length);
      const thumbnail = new URL(courses[0]?.courseThumbnail as string);
      const image = await demoApi.request(thumbnail.pathname);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      // Each course its own cover, in renditions.
      expect(new Set(courses.map((c) => (c.thumbnail as { placeholder: string }).placeholder)).size).toBe(
        courses.length,
      );
      expect(courses[0]?.thumbnail).toMatchObject({ width: 960, height: 540, widths: [320, 640, 960] });
      const details = (await demoApi.json(`/api/course/${courses[0]?._id}`)).body.courseData as {
        courseContent: Array<{ chapterContent: Array<{ isPreviewFree: boolean; lectureUrl?: string }> }>;
      };
      const lectures = details.courseContent.flatMap((c) => c.chapterContent);
      expect(lectures.some((l) => l.isPreviewFree && l.lectureUrl?.startsWith('https://youtu.be/'))).toBe(true);
      // The demo educators' instructor pages have a bio.
      const educatorId = (courses[0]?.educator as { _id: string } | undefined)?._id ?? '';
      const instructor = (await demoApi.json(`/api/instructors/${educatorId}`)).body.instructor as { bio: string };
      expect(instructor.bio.length).toBeGreaterThan(40);
      // #35: the demo student has each of their two courses' announcement as an unread notification.
      const signedIn = await demoApi.json<{ token: string }>('/api/auth/sign-in', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'student@courseport.dev', password: DEMO_PASSWORD }),
      });
      const asStudent = { Authorization: `Bearer ${signedIn.body.token}` };
      expect((await demoApi.json('/api/notifications/unread-count', { headers: asStudent })).body.unread).toBe(2);
      const { notifications } = (await demoApi.json('/api/notifications', { headers: asStudent })).body as {
        notifications: Array<{ kind: string; link: string }>;
      };
      expect(notifications.map((n) => n.kind)).toEqual(['announcement', 'announcement']);
      const announced = await demoApi.json(`/api/courses/${notifications[0]?.link.split('/')[2]}/announcements`, {
        headers: asStudent,
      });
      expect((announced.body.announcements as unknown[]).length).toBe(1);
      // Both mailed on their own at once: no mail window left open to hold back the next event's mail.
      const outbox = await demoApi.deps.mailer.outbox(200);
      expect(outbox.filter((m) => m.to === 'student@courseport.dev' && m.kind === 'notification')).toHaveLength(2);
      expect(
        await demoApi.deps.store.collection('notificationMailWindows').countDocuments({ pending: { $gt: 0 } }),
      ).toBe(0);
    } finally {
      await demoApi.close();
    }
  });
});

describe('thumbnails after the API moves', () => {
  it("rewrites stored thumbnail URLs to the API's public URL, leaving other images alone", async () => {
    const moved = await startTestApi();
    try {
      const courses = moved.deps.store.collection<CourseDoc>('courses');
      const base = { courseDescription: '', coursePrice: 1, discount: 0, educator: { _id: 'e', name: 'E' } };
      const rest = {
        courseContent: [],
        courseRatings: [],
        enrolledStudents: [],
        isPublished: true,
        createdAt: new Date(),
      };
      await courses.insertMany([
        { _id: 'old', courseTitle: 'Old', courseThumbnail: 'http://localhost:4000/api/media/abc123', ...base, ...rest },
        { _id: 'ext', courseTitle: 'Ext', courseThumbnail: 'https://images.example.com/x.png', ...base, ...rest },
        {
          _id: 'renditions',
          courseTitle: 'Renditions',
          courseThumbnail: 'http://localhost:4000/api/media/def456/640.jpeg',
          thumbnail: {
            base: 'http://localhost:4000/api/media/def456',
            width: 960,
            height: 540,
            widths: [320, 640, 960],
            formats: ['webp', 'jpeg'],
            placeholder: 'data:image/webp;base64,AAAA',
          },
          ...base,
          ...rest,
        },
      ]);
      expect(await rebaseThumbnails(courses, 'http://localhost:3000')).toBe(2);
      expect((await courses.findOne({ _id: 'old' }))?.courseThumbnail).toBe('http://localhost:3000/api/media/abc123');
      const renditions = await courses.findOne({ _id: 'renditions' });
      expect(renditions?.courseThumbnail).toBe('http://localhost:3000/api/media/def456/640.jpeg');
      expect(renditions?.thumbnail).toMatchObject({
        base: 'http://localhost:3000/api/media/def456',
        widths: [320, 640, 960],
      });
      expect((await courses.findOne({ _id: 'ext' }))?.courseThumbnail).toBe('https://images.example.com/x.png');
      expect(await rebaseThumbnails(courses, 'http://localhost:3000')).toBe(0);
    } finally {
      await moved.close();
    }
  });
});
