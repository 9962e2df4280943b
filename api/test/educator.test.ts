import { readdir } from 'node:fs/promises';
import path from 'node:path';
// The learner portal's player and the storefront's preview read the video id with this.
import { videoIdFromUrl } from '@courseport/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import type { PurchaseDoc } from '../src/modules/purchases/repository.js';
import { newId, type Store } from '../src/store/index.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';
import { thumbnailPng } from './support/png.js';

const PNG = thumbnailPng(3, 64, 36);
const validCourse = {
  courseTitle: 'Rust for Beginners',
  courseDescription: '<p>Hello <strong>Rust</strong><script>alert(1)</script><img src=x onerror="alert(2)"></p>',
  coursePrice: 499.99,
  discount: 10,
  courseContent: [
    {
      chapterTitle: 'Basics',
      chapterContent: [
        { lectureTitle: 'Intro', lectureDuration: 5, lectureUrl: 'https://youtu.be/abcdefghijk', isPreviewFree: true },
        {
          lectureTitle: 'Ownership',
          lectureDuration: 20,
          lectureUrl: 'https://www.youtube.com/watch?v=def-_123456',
          isPreviewFree: false,
        },
      ],
    },
    {
      chapterTitle: 'Traits',
      chapterContent: [
        {
          lectureTitle: 'Traits',
          lectureDuration: 30,
          lectureUrl: 'https://youtube.com/shorts/ghi_ghi_ghi',
          isPreviewFree: false,
        },
      ],
    },
  ],
};

function form(
  courseData: unknown,
  files: Array<{ field?: string; data: Uint8Array; name: string; type?: string }> = [{ data: PNG, name: 'thumb.png' }],
) {
  const body = new FormData();
  body.set('courseData', typeof courseData === 'string' ? courseData : JSON.stringify(courseData));
  for (const file of files)
    body.append(file.field ?? 'image', new Blob([file.data], { type: file.type ?? 'image/png' }), file.name);
  return body;
}

let api: TestApi;
let educator: { token: string; userId: string };
let other: { token: string; userId: string };
let student: { token: string; userId: string };
const addCourse = (token: string | null, body: FormData) =>
  api.json('/api/educator/add-course', { method: 'POST', headers: token ? bearer(token) : {}, body });
const storedMedia = async () => readdir(path.join(api.deps.config.dataDir, 'media')).catch(() => []);

beforeAll(async () => {
  api = await startTestApi();
  educator = await userWithProfile(api, 'teacher@example.com', { educator: true });
  other = await userWithProfile(api, 'rival@example.com', { educator: true });
  student = await userWithProfile(api, 'pupil@example.com');
});
afterAll(() => api.close());

describe('POST /api/educator/add-course', () => {
  it('refuses anonymous callers (401) and students (403) before reading the upload, storing nothing', async () => {
    expect((await addCourse(null, form(validCourse))).status).toBe(401);
    expect(await addCourse(student.token, form(validCourse))).toMatchObject({
      status: 403,
      body: { message: 'Educator access required' },
    });
    expect(await storedMedia()).toEqual([]);
    expect(await api.deps.store.collection('courses').countDocuments({})).toBe(0);
  });

  it('validates every field and stores nothing on failure', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ...validCourse, courseTitle: '  ' }, /^Course title is required$/],
      [{ ...validCourse, coursePrice: -1 }, /^Course price must not be negative$/],
      [{ ...validCourse, coursePrice: '499' }, /^Course price /],
      [{ ...validCourse, discount: 101 }, /^Discount must be at most 100$/],
      [{ ...validCourse, discount: -5 }, /^Discount must be at least 0$/],
      [
        { ...validCourse, courseContent: [{ chapterTitle: '', chapterContent: [] }] },
        /^Chapter title .*\(courseContent\.0\.chapterTitle\)$/,
      ],
      [
        {
          ...validCourse,
          courseContent: [
            {
              chapterTitle: 'A',
              chapterContent: [
                {
                  lectureTitle: 'x',
                  lectureDuration: -1,
                  lectureUrl: 'https://youtu.be/abcdefghijk',
                  isPreviewFree: false,
                },
              ],
            },
          ],
        },
        /^Lecture duration must not be negative \(courseContent\.0\.chapterContent\.0\.lectureDuration\)$/,
      ],
      [
        {
          ...validCourse,
          courseContent: [
            {
              chapterTitle: 'A',
              chapterContent: [
                { lectureTitle: 'x', lectureDuration: 1, lectureUrl: 'javascript:alert(1)', isPreviewFree: false },
              ],
            },
          ],
        },
        /^Lecture URL must be a YouTube video link .*\(courseContent\.0\.chapterContent\.0\.lectureUrl\)$/,
      ],
      ['{not json', /^courseData must be valid JSON$/],
    ];
    for (const [data, message] of cases) {
      const { status, body } = await addCourse(educator.token, form(data));
      expect(status, String(message)).toBe(400);
      expect(body.message).toMatch(message);
    }
    expect(await addCourse(educator.token, form(validCourse, []))).toMatchObject({
      status: 400,
      body: { message: 'Please upload course thumbnail' },
    });
    expect(await storedMedia()).toEqual([]);
    expect(await api.deps.store.collection('courses').countDocuments({})).toBe(0);
  });

  it('checks the image by its bytes and size: 413 over 5 MB, 415 for text or SVG, one file only', async () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(PNG.subarray(0, 8));
    expect(await addCourse(educator.token, form(validCourse, [{ data: big, name: 'big.png' }]))).toMatchObject({
      status: 413,
      body: { success: false, message: 'The thumbnail must be 5 MB or smaller' },
    });
    const text = new TextEncoder().encode('just some text, honestly');
    expect(await addCourse(educator.token, form(validCourse, [{ data: text, name: 'fake.png' }]))).toMatchObject({
      status: 415,
      body: { message: 'The thumbnail must be a JPEG, PNG, WebP, GIF or AVIF image' },
    });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    expect(
      (await addCourse(educator.token, form(validCourse, [{ data: svg, name: 'x.svg', type: 'image/svg+xml' }])))
        .status,
    ).toBe(415);
    const two = form(validCourse, [
      { data: PNG, name: 'a.png' },
      { data: PNG, name: 'b.png' },
    ]);
    expect(await addCourse(educator.token, two)).toMatchObject({
      status: 400,
      body: { message: 'Upload exactly one image' },
    });
    const json = await api.json('/api/educator/add-course', {
      method: 'POST',
      headers: { ...bearer(educator.token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ courseData: validCourse }),
    });
    expect(json.status).toBe(415);
    expect(await storedMedia()).toEqual([]);
  });

  it('publishes the course: server ids and orders, sanitized description, the caller as owner', async () => {
    const { status, body } = await addCourse(educator.token, form(validCourse));
    expect(status).toBe(201);
    expect(body).toMatchObject({ success: true, message: 'Course added successfully!' });
    const id = (body.course as { _id: string })._id;
    const stored = await api.deps.store.collection<CourseDoc>('courses').findOne({ _id: id });
    expect(stored).toMatchObject({
      courseTitle: 'Rust for Beginners',
      coursePrice: 499.99,
      discount: 10,
      educator: { _id: educator.userId, name: 'teacher' },
      isPublished: true,
      courseRatings: [],
      enrolledStudents: [],
    });
    expect(stored?.courseDescription).toBe('<p>Hello <strong>Rust</strong></p>');
    expect(stored?.courseContent.map((c) => [c.chapterOrder, c.chapterContent.map((l) => l.lectureOrder)])).toEqual([
      [1, [1, 2]],
      [2, [1]],
    ]);
    expect(stored?.courseContent[0]?.chapterId).toMatch(/^[a-f0-9]{24}$/);
    // A 64 × 36 PNG: renditions at its own width only, and the course's JPEG is that one.
    const base = `${api.deps.config.publicApiUrl}/api/media/${stored?.thumbnail?.base.split('/').pop()}`;
    expect(stored?.thumbnail).toEqual({
      base,
      width: 64,
      height: 36,
      widths: [64],
      formats: ['avif', 'webp', 'jpeg'],
      placeholder: expect.stringMatching(/^data:image\/webp;base64,/),
    });
    expect(stored?.courseThumbnail).toBe(`${base}/64.jpeg`);
    const image = await api.request(new URL(stored?.courseThumbnail ?? '').pathname);
    expect(image.headers.get('content-type')).toBe('image/jpeg');

    const listed = await api.json('/api/course/all');
    expect((listed.body.courses as Array<{ _id: string }>).some((c) => c._id === id)).toBe(true);
  });

  it('removes the stored thumbnail when the course cannot be saved', async () => {
    const failing = await startTestApi({
      wrapStore: (store: Store) =>
        new Proxy(store, {
          get(target, prop, receiver) {
            if (prop !== 'collection') return Reflect.get(target, prop, receiver);
            return (name: string) => {
              const collection = target.collection(name);
              if (name !== 'courses') return collection;
              return new Proxy(collection, {
                get: (c, p, r) =>
                  p === 'insertOne' ? async () => Promise.reject(new Error('disk full')) : Reflect.get(c, p, r),
              });
            };
          },
        }),
    });
    try {
      const teacher = await userWithProfile(failing, 'unlucky@example.com', { educator: true });
      const res = await failing.json('/api/educator/add-course', {
        method: 'POST',
        headers: bearer(teacher.token),
        body: form(validCourse),
      });
      expect(res.status).toBe(500);
      expect(await readdir(path.join(failing.deps.config.dataDir, 'media')).catch(() => [])).toEqual([]);
    } finally {
      await failing.close();
    }
  });
});

describe('lecture links', () => {
  const ID = 'dQw4w9WgXcQ';
  const withLectures = (...links: string[]) => ({
    ...validCourse,
    courseContent: [
      {
        chapterTitle: 'Links',
        chapterContent: links.map((lectureUrl, i) => ({
          lectureTitle: `Lecture ${i + 1}`,
          lectureDuration: 1,
          lectureUrl,
          isPreviewFree: false,
        })),
      },
    ],
  });
  let author: { token: string; userId: string };
  beforeAll(async () => {
    author = await userWithProfile(api, 'linker@example.com', { educator: true });
  });

  it('takes YouTube links in their usual forms and stores each as https://youtu.be/<id>', async () => {
    const links = [
      `https://www.youtube.com/watch?v=${ID}`,
      `http://youtube.com/watch?feature=share&v=${ID}&t=42s`,
      `https://m.youtube.com/watch?v=${ID}#comments`,
      `https://youtu.be/${ID}?si=Xy_z`,
      `https://www.youtube.com/embed/${ID}?autoplay=1`,
      `https://youtube.com/shorts/${ID}`,
      `https://www.youtube-nocookie.com/embed/${ID}`,
      `  https://YOUTU.BE/${ID}  `,
    ];
    const { status, body } = await addCourse(author.token, form(withLectures(...links)));
    expect(status, JSON.stringify(body)).toBe(201);
    const id = (body.course as { _id: string })._id;
    const details = await api.json(`/api/course/${id}`, { headers: bearer(author.token) });
    const lectures = (
      details.body.courseData as { courseContent: Array<{ chapterContent: Array<{ lectureUrl?: string }> }> }
    ).courseContent[0]?.chapterContent;
    expect(lectures?.map((l) => l.lectureUrl)).toEqual(links.map(() => `https://youtu.be/${ID}`));
    expect(lectures?.map((l) => videoIdFromUrl(l.lectureUrl))).toEqual(links.map(() => ID));
  });

  it('refuses any other link with a 400 that names the lecture’s field, storing nothing', async () => {
    const courses = api.deps.store.collection('courses');
    const before = await courses.countDocuments({});
    const mediaBefore = await storedMedia();
    const links = [
      'https://vimeo.com/123456789',
      'https://www.youtube.com/watch?v=tooShort',
      `https://www.youtube.com/watch?v=${ID}X`,
      'https://www.youtube.com/watch?list=PL0123456789',
      'https://www.youtube.com/channel/UC0123456789abcdef',
      `https://youtube.com.evil.example/watch?v=${ID}`,
      `https://evil.example/youtu.be/${ID}`,
      `https://www.youtube.com@evil.example/watch?v=${ID}`,
      `https://user:pass@youtu.be/${ID}`,
      `https://youtu.be:8443/${ID}`,
      `https://youtu.be/${ID}/more`,
      `https://www.youtube-nocookie.com/watch?v=${ID}`,
      `ftp://youtu.be/${ID}`,
      `javascript:alert(1)//youtu.be/${ID}`,
      `youtu.be/${ID}`,
      '',
    ];
    for (const link of links) {
      const { status, body } = await addCourse(author.token, form(withLectures(`https://youtu.be/${ID}`, link)));
      expect(status, link).toBe(400);
      expect(body).toEqual({
        success: false,
        message:
          'Lecture URL must be a YouTube video link ' +
          '(youtube.com/watch?v=…, youtu.be/…, youtube.com/embed/… or youtube.com/shorts/…) ' +
          '(courseContent.0.chapterContent.1.lectureUrl)',
      });
    }
    expect(await courses.countDocuments({})).toBe(before);
    expect(await storedMedia()).toEqual(mediaBefore);
  });
});

describe('educator courses, dashboard and students', () => {
  it('computes earnings from completed purchases and shows only the caller’s data', async () => {
    const courses = api.deps.store.collection<CourseDoc>('courses');
    const mine = (await courses.find({ 'educator._id': educator.userId }))[0] as CourseDoc;
    const buyerA = await userWithProfile(api, 'buyer-a@example.com');
    const buyerB = await userWithProfile(api, 'buyer-b@example.com');
    await courses.updateOne({ _id: mine._id }, { $set: { enrolledStudents: [buyerA.userId, buyerB.userId] } });
    const purchase = (userId: string, amount: number, status: PurchaseDoc['status'], at: string): PurchaseDoc => ({
      _id: newId(),
      userId,
      courseId: mine._id,
      educatorId: educator.userId,
      amount,
      currency: 'INR',
      status,
      createdAt: new Date(at),
      ...(status === 'completed' ? { completedAt: new Date(at) } : {}),
    });
    // Two students paid two different prices (the price changed between them); one never paid.
    await api.deps.store
      .collection<PurchaseDoc>('purchases')
      .insertMany([
        purchase(buyerA.userId, 44_999, 'completed', '2025-05-01T10:00:00Z'),
        purchase(buyerB.userId, 39_950, 'completed', '2025-06-01T10:00:00Z'),
        purchase(student.userId, 44_999, 'pending', '2025-07-01T10:00:00Z'),
      ]);

    const list = await api.json('/api/educator/courses', { headers: bearer(educator.token) });
    expect(list.body.courses).toEqual([
      expect.objectContaining({
        _id: mine._id,
        courseTitle: 'Rust for Beginners',
        studentsCount: 2,
        earnings: 849,
        createdAt: expect.any(String),
      }),
    ]);

    const dashboard = await api.json('/api/educator/dashboard', { headers: bearer(educator.token) });
    expect(dashboard.body.dashboardData).toEqual({
      totalCourses: 1,
      totalEarnings: 849,
      enrolledStudentsData: [
        {
          student: { _id: buyerB.userId, name: 'buyer-b', imageUrl: expect.any(String) },
          courseTitle: 'Rust for Beginners',
          purchaseDate: '2025-06-01T10:00:00.000Z',
        },
        {
          student: { _id: buyerA.userId, name: 'buyer-a', imageUrl: expect.any(String) },
          courseTitle: 'Rust for Beginners',
          purchaseDate: '2025-05-01T10:00:00.000Z',
        },
      ],
    });
    const students = await api.json('/api/educator/enrolled-students', { headers: bearer(educator.token) });
    expect(students.body.enrolledStudents).toEqual(
      (dashboard.body.dashboardData as { enrolledStudentsData: unknown }).enrolledStudentsData,
    );

    const rival = await api.json('/api/educator/dashboard', { headers: bearer(other.token) });
    expect(rival.body.dashboardData).toEqual({ totalCourses: 0, totalEarnings: 0, enrolledStudentsData: [] });
    expect((await api.json('/api/educator/courses', { headers: bearer(other.token) })).body.courses).toEqual([]);
    expect(JSON.stringify(rival.body)).not.toContain('buyer');
  });

  it('answers 401 and 403 on every educator read', async () => {
    for (const path of ['/api/educator/courses', '/api/educator/dashboard', '/api/educator/enrolled-students']) {
      expect((await api.json(path)).status).toBe(401);
      expect(await api.json(path, { headers: bearer(student.token) })).toMatchObject({
        status: 403,
        body: { success: false, message: 'Educator access required' },
      });
    }
  });
});
