import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { newId } from '../src/store/index.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';

let api: TestApi;
let educator: { token: string; userId: string };
let student: { token: string; userId: string };

const course = (overrides: Partial<CourseDoc>): CourseDoc => ({
  _id: newId(),
  courseTitle: 'A course',
  courseDescription: '<p>About it.</p>',
  courseThumbnail: 'http://localhost:4000/api/media/abc',
  coursePrice: 100,
  discount: 0,
  educator: { _id: educator.userId, name: 'educator' },
  courseContent: [],
  courseRatings: [],
  enrolledStudents: [],
  isPublished: true,
  createdAt: new Date('2025-01-01T00:00:00Z'),
  ...overrides,
});

const patchBio = (token: string, body: unknown) =>
  api.json('/api/educator/profile', {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', ...bearer(token) },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  api = await startTestApi();
  educator = await userWithProfile(api, 'teacher@example.com', { educator: true });
  student = await userWithProfile(api, 'learner@example.com');
  await api.deps.store.collection<CourseDoc>('courses').insertMany([
    course({
      courseTitle: 'Older course',
      courseRatings: [
        { userId: 'rater-1', rating: 5 },
        { userId: 'rater-2', rating: 4 },
      ],
      enrolledStudents: ['student-secret-1', 'student-secret-2'],
    }),
    course({
      courseTitle: 'Newer course',
      createdAt: new Date('2025-02-01T00:00:00Z'),
      courseRatings: [{ userId: 'rater-3', rating: 4 }],
      enrolledStudents: ['student-secret-3'],
    }),
    course({
      courseTitle: 'A draft',
      isPublished: false,
      enrolledStudents: ['x'],
      courseRatings: [{ userId: 'y', rating: 1 }],
    }),
    course({ courseTitle: "Someone else's", educator: { _id: 'other-educator', name: 'Other' } }),
  ]);
});
afterAll(() => api.close());

describe('GET /api/instructors/:id', () => {
  it("is an educator's public page: profile, published courses newest first, students and mean rating", async () => {
    const { status, body } = await api.json<{ instructor: Record<string, unknown> }>(
      `/api/instructors/${educator.userId}`,
    );
    expect(status).toBe(200);
    expect(body.instructor).toMatchObject({
      _id: educator.userId,
      name: 'teacher',
      bio: '',
      totalStudents: 3,
      averageRating: 4.3,
      ratingCount: 3,
    });
    const courses = body.instructor.courses as Array<{ courseTitle: string; educator: unknown }>;
    expect(courses.map((c) => c.courseTitle)).toEqual(['Newer course', 'Older course']);
    expect(courses[0]?.educator).toEqual({ _id: educator.userId, name: 'educator' });
  });

  it("leaks no e-mail, student's or rater's id, or draft", async () => {
    const raw = await (await api.request(`/api/instructors/${educator.userId}`)).text();
    for (const secret of ['@example.com', 'student-secret', 'rater-', 'A draft']) expect(raw).not.toContain(secret);
  });

  it('is 404 "Instructor not found" for a student, an unknown id and an absurd one', async () => {
    for (const id of [student.userId, 'nobody', 'x'.repeat(300)]) {
      const { status, body } = await api.json(`/api/instructors/${encodeURIComponent(id)}`);
      expect(status, id).toBe(404);
      expect(body).toEqual({ success: false, message: 'Instructor not found' });
    }
  });
});

describe('/api/educator/profile', () => {
  it('lets the educator read and write their bio, which their public page then shows as plain text', async () => {
    const before = await api.json('/api/educator/profile', { headers: bearer(educator.token) });
    expect(before.status).toBe(200);
    expect(before.body.profile).toEqual({
      _id: educator.userId,
      name: 'teacher',
      imageUrl: expect.any(String),
      bio: '',
    });

    const written = 'I teach <b>backends</b>.\r\n\r\n\r\n\r\n\r\nTen years at scale.\u0007  ';
    const saved = await patchBio(educator.token, { bio: written, _id: 'someone-else', name: 'Renamed' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, message: 'Profile saved' });
    const bio = 'I teach <b>backends</b>.\n\n\nTen years at scale.';
    expect(saved.body.profile).toMatchObject({ _id: educator.userId, name: 'teacher', bio });

    const page = await api.json<{ instructor: { bio: string } }>(`/api/instructors/${educator.userId}`);
    expect(page.body.instructor.bio).toBe(bio);
  });

  it('refuses a bio that is too long or not text, changing nothing', async () => {
    const long = await patchBio(educator.token, { bio: 'x'.repeat(601) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ success: false, message: expect.stringContaining('at most 600 characters') });
    const notText = await patchBio(educator.token, { bio: 42 });
    expect(notText.status).toBe(400);
    expect(notText.body.success).toBe(false);
    const page = await api.json<{ instructor: { bio: string } }>(`/api/instructors/${educator.userId}`);
    expect(page.body.instructor.bio).toContain('Ten years at scale.');
  });

  it('is for educators only: a student gets 403, a visitor 401', async () => {
    expect((await patchBio(student.token, { bio: 'hi' })).status).toBe(403);
    expect((await api.json('/api/educator/profile', { headers: bearer(student.token) })).status).toBe(403);
    expect((await api.json('/api/educator/profile')).status).toBe(401);
  });
});
