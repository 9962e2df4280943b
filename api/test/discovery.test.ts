import type { CatalogFacets, CourseCard, EditableCourse, WishlistItem } from '@courseport/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldInWords } from '../src/http/validate.js';
import { categoriesService } from '../src/modules/categories/service.js';
import { discoveryFields } from '../src/modules/courses/discovery.js';
import { courseRecords } from '../src/modules/courses/index.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { backfillDiscovery } from '../src/modules/courses/service.js';
import type { MailDoc } from '../src/modules/mail/repository.js';
import { newId } from '../src/store/index.js';
import { testCourse } from './support/courses.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';
import { thumbnailPng } from './support/png.js';
import { bothStores } from './support/stores.js';

const PNG = thumbnailPng(4, 64, 36);
type Account = { token: string; userId: string };
type Page = { success: boolean; courses: CourseCard[]; total: number; facets?: CatalogFacets };

const ratings = (...values: number[]) => values.map((rating, i) => ({ userId: `rater-${i}`, rating }));
const students = (count: number) => Array.from({ length: count }, (_, i) => `student-${i}`);

for (const adapter of bothStores('discovery')) {
  describe.runIf(adapter.enabled)(`discovery: ${adapter.name}`, { timeout: 120_000 }, () => {
    let api: TestApi;
    let owner: Account;
    let student: Account;
    let admin: Account;
    const ids: Record<string, string> = {};

    const courses = () => api.deps.store.collection<CourseDoc>('courses');
    const auth = (who: Account | null) => (who ? bearer(who.token) : {});
    const send = (method: string, path: string, who: Account | null, body?: unknown) =>
      api.json(path, {
        method,
        headers: { ...auth(who), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const page = async (query: string): Promise<Page> => {
      const res = await api.json<Page>(`/api/course/all?${query}`);
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body;
    };
    const titles = async (query: string) => (await page(query)).courses.map((c) => c.courseTitle);

    function fixture(title: string, fields: Partial<CourseDoc>, minutes: number): CourseDoc {
      const doc = testCourse({ _id: owner.userId, name: 'Owner' }, { courseTitle: title, ...fields });
      return { ...doc, ...discoveryFields(doc), durationMinutes: minutes };
    }

    beforeAll(async () => {
      api = await startTestApi({ store: await adapter.open() });
      owner = await userWithProfile(api, 'owner@example.com', { educator: true });
      student = await userWithProfile(api, 'student@example.com');
      admin = await userWithProfile(api, 'admin@example.com', { admin: true });
      await categoriesService(api.deps.store, api.deps.clock, courseRecords(api.deps.store)).seedDefaults();
      const list = [
        fixture(
          'MongoDB in Practice',
          {
            educator: { _id: owner.userId, name: 'Zoë Ångström' },
            category: 'databases',
            level: 'intermediate',
            coursePrice: 1000,
            discount: 50,
            courseRatings: ratings(5, 5, 5, 5, 5, 5, 5, 5, 4, 4),
            enrolledStudents: students(50),
            createdAt: new Date('2025-01-05T00:00:00Z'),
          },
          120,
        ),
        fixture(
          'Koa for Beginners',
          {
            educator: { _id: owner.userId, name: 'Ann Smith' },
            courseDescription: '<p>Build a <em>Café</em> API with Node.</p>',
            category: 'web-development',
            level: 'beginner',
            coursePrice: 0,
            courseRatings: ratings(5),
            enrolledStudents: students(5),
            createdAt: new Date('2025-01-04T00:00:00Z'),
          },
          30,
        ),
        fixture(
          'Go Programming',
          {
            educator: { _id: 'other-educator', name: 'Rob Pike' },
            courseDescription: '<p>Concurrency with goroutines.</p>',
            category: 'programming-languages',
            level: 'advanced',
            coursePrice: 2000,
            courseRatings: ratings(4, 4, 4),
            enrolledStudents: students(100),
            createdAt: new Date('2025-01-03T00:00:00Z'),
          },
          400,
        ),
        fixture(
          'Café Design Basics',
          {
            educator: { _id: 'other-educator', name: 'Ann Smith' },
            courseDescription: '<p>Compare it with Koa middleware.</p>',
            category: 'design',
            level: 'beginner',
            coursePrice: 300,
            discount: 10,
            createdAt: new Date('2025-01-06T00:00:00Z'),
          },
          200,
        ),
        fixture(
          'Data Pipelines',
          {
            educator: { _id: 'other-educator', name: 'Ravi Kumar' },
            coursePrice: 800,
            courseRatings: ratings(3, 3),
            enrolledStudents: students(20),
            createdAt: new Date('2025-01-02T00:00:00Z'),
          },
          1100,
        ),
        fixture('Koa Draft', { isPublished: false, status: 'draft', category: 'design' }, 10),
      ];
      await courses().insertMany(list);
      for (const course of list) ids[course.courseTitle] = course._id;
    });
    afterAll(() => api?.close());

    describe('GET /api/course/all without parameters', () => {
      it('is the spec’s answer: every published course newest first, the same as the explicit first page', async () => {
        const plain = await api.json<Page>('/api/course/all');
        expect(Object.keys(plain.body)).toEqual(['success', 'courses', 'total']);
        expect(plain.body.total).toBe(5);
        expect(plain.body.courses.map((c) => c.courseTitle)).toEqual([
          'Café Design Basics',
          'MongoDB in Practice',
          'Koa for Beginners',
          'Go Programming',
          'Data Pipelines',
        ]);
        expect(await page('offset=0&limit=48')).toEqual(plain.body);
        // Cards carry their discovery fields, and the spec's floored average stays.
        expect(plain.body.courses[1]).toMatchObject({
          category: { slug: 'databases', name: 'Databases' },
          level: 'intermediate',
          durationMinutes: 120,
          averageRating: 4,
        });
        expect(plain.body.courses[4]).not.toHaveProperty('category');
      });
    });

    describe('filters', () => {
      it('category, one or several', async () => {
        expect(await titles('category=databases')).toEqual(['MongoDB in Practice']);
        expect(await titles('category=design,web-development')).toEqual(['Café Design Basics', 'Koa for Beginners']);
        expect(await page('category=business')).toEqual({ success: true, courses: [], total: 0 });
      });

      it('level', async () => {
        expect(await titles('level=beginner')).toEqual(['Café Design Basics', 'Koa for Beginners']);
        expect(await titles('level=beginner,advanced')).toEqual([
          'Café Design Basics',
          'Koa for Beginners',
          'Go Programming',
        ]);
        expect(await titles('level=intermediate')).toEqual(['MongoDB in Practice']);
      });

      it('price: free, paid and a range after discount', async () => {
        expect(await titles('price=free')).toEqual(['Koa for Beginners']);
        expect(await titles('price=paid')).toEqual([
          'Café Design Basics',
          'MongoDB in Practice',
          'Go Programming',
          'Data Pipelines',
        ]);
        // Café: 300 − 10% = 270; MongoDB: 1000 − 50% = 500.
        expect(await titles('minPrice=270&maxPrice=800')).toEqual([
          'Café Design Basics',
          'MongoDB in Practice',
          'Data Pipelines',
        ]);
        expect(await titles('minPrice=500')).toEqual(['MongoDB in Practice', 'Go Programming', 'Data Pipelines']);
        expect(await titles('maxPrice=269.99')).toEqual(['Koa for Beginners']);
      });

      it('minimum rating: the mean, not its floor', async () => {
        expect(await titles('rating=4.5')).toEqual(['MongoDB in Practice', 'Koa for Beginners']);
        expect(await titles('rating=4')).toEqual(['MongoDB in Practice', 'Koa for Beginners', 'Go Programming']);
        expect(await titles('rating=3')).toEqual([
          'MongoDB in Practice',
          'Koa for Beginners',
          'Go Programming',
          'Data Pipelines',
        ]);
      });

      it('duration buckets', async () => {
        expect(await titles('duration=0-1h')).toEqual(['Koa for Beginners']);
        expect(await titles('duration=1-3h')).toEqual(['MongoDB in Practice']);
        expect(await titles('duration=3-6h')).toEqual(['Café Design Basics']);
        expect(await titles('duration=6-17h')).toEqual(['Go Programming']);
        expect(await titles('duration=17h%2B')).toEqual(['Data Pipelines']);
        expect(await titles('duration=0-1h,17h%2B')).toEqual(['Koa for Beginners', 'Data Pipelines']);
      });

      it('combined, paged, and empty', async () => {
        expect(await titles('level=beginner&price=paid')).toEqual(['Café Design Basics']);
        expect(await page('category=web-development&price=paid')).toEqual({ success: true, courses: [], total: 0 });
        const first = await page('price=paid&limit=2');
        expect(first.total).toBe(4);
        expect(first.courses.map((c) => c.courseTitle)).toEqual(['Café Design Basics', 'MongoDB in Practice']);
        expect(await titles('price=paid&limit=2&offset=2')).toEqual(['Go Programming', 'Data Pipelines']);
        expect(await page('price=paid&offset=10')).toEqual({ success: true, courses: [], total: 4 });
        expect(await titles('rating=4&duration=1-3h,6-17h&sort=price-asc')).toEqual([
          'MongoDB in Practice',
          'Go Programming',
        ]);
      });

      it('refuses invalid values with a 400 naming the parameter', async () => {
        const cases: Array<[string, string]> = [
          ['level=expert', 'level'],
          ['level=', 'level'],
          ['category=Not%20A%20Slug', 'category'],
          ['category=no-such-category', 'category'],
          ['price=cheap', 'price'],
          ['minPrice=-1', 'minPrice'],
          ['maxPrice=abc', 'maxPrice'],
          ['minPrice=500&maxPrice=100', 'minPrice'],
          ['rating=5', 'rating'],
          ['rating=4.2', 'rating'],
          ['duration=2h', 'duration'],
          ['sort=oldest', 'sort'],
          ['sort=relevance', 'sort'],
          ['facets=yes', 'facets'],
          ['level=beginner&level=advanced', 'level'],
        ];
        for (const [query, field] of cases) {
          const res = await api.json(`/api/course/all?${query}`);
          expect(res.status, query).toBe(400);
          expect(res.body.success, query).toBe(false);
          expect(res.body.message, query).toMatch(new RegExp(`^${fieldInWords(field)} `));
        }
        expect((await api.json('/api/course/all?level=expert')).body.message).toBe(
          'Level must be one of beginner, intermediate, advanced',
        );
      });
    });

    describe('sorts', () => {
      it('popular, rating (Bayesian), newest, price up and down', async () => {
        expect(await titles('sort=popular')).toEqual([
          'Go Programming',
          'MongoDB in Practice',
          'Data Pipelines',
          'Koa for Beginners',
          'Café Design Basics',
        ]);
        // One 5★ rating (Koa) does not beat 4.8 from ten (MongoDB).
        expect(await titles('sort=rating')).toEqual([
          'MongoDB in Practice',
          'Koa for Beginners',
          'Go Programming',
          'Café Design Basics',
          'Data Pipelines',
        ]);
        expect(await titles('sort=newest')).toEqual(await titles('offset=0'));
        expect(await titles('sort=price-asc')).toEqual([
          'Koa for Beginners',
          'Café Design Basics',
          'MongoDB in Practice',
          'Data Pipelines',
          'Go Programming',
        ]);
        expect(await titles('sort=price-desc')).toEqual([
          'Go Programming',
          'Data Pipelines',
          'MongoDB in Practice',
          'Café Design Basics',
          'Koa for Beginners',
        ]);
      });

      it('breaks ties by id, so pages never repeat or skip a course', async () => {
        const twins = Array.from({ length: 6 }, () =>
          fixture('Twin course', { coursePrice: 50, createdAt: new Date('2024-01-01T00:00:00Z') }, 5),
        );
        await courses().insertMany(twins);
        try {
          for (const sort of ['newest', 'price-asc', 'popular', 'rating']) {
            const walked: string[] = [];
            for (let offset = 0; offset < 11; offset += 3) {
              walked.push(...(await page(`sort=${sort}&limit=3&offset=${offset}`)).courses.map((c) => c._id));
            }
            expect(new Set(walked).size, sort).toBe(11);
          }
        } finally {
          await courses().deleteMany({ courseTitle: 'Twin course' });
        }
      });
    });

    describe('facets', () => {
      it('counts each value with its own group left out and the others applied', async () => {
        const { facets, total } = await page('level=beginner&facets=1');
        expect(total).toBe(2);
        expect(facets?.level).toEqual([
          { value: 'beginner', count: 2 },
          { value: 'intermediate', count: 1 },
          { value: 'advanced', count: 1 },
        ]);
        const byCategory = Object.fromEntries((facets?.category ?? []).map((c) => [c.slug, c.count]));
        expect(byCategory).toMatchObject({ 'web-development': 1, design: 1, databases: 0 });
        expect(facets?.category.find((c) => c.slug === 'design')?.name).toBe('Design');
        expect(facets?.price).toEqual([
          { value: 'free', count: 1 },
          { value: 'paid', count: 1 },
        ]);
        expect(facets?.rating).toEqual([
          { value: 4.5, count: 1 },
          { value: 4, count: 1 },
          { value: 3.5, count: 1 },
          { value: 3, count: 1 },
        ]);
        expect(facets?.duration.filter((d) => d.count > 0)).toEqual([
          { value: '0-1h', count: 1 },
          { value: '3-6h', count: 1 },
        ]);
        expect(await page('level=beginner')).not.toHaveProperty('facets');
        // Facets follow a search too.
        expect((await page('search=koa&facets=1')).facets?.level).toEqual([
          { value: 'beginner', count: 2 },
          { value: 'intermediate', count: 0 },
          { value: 'advanced', count: 0 },
        ]);
      });
    });

    describe('full-text search', () => {
      it('finds whole words and prefixes in titles, ranked above descriptions', async () => {
        expect(await titles('search=koa')).toEqual(['Koa for Beginners', 'Café Design Basics']);
        expect(await titles('search=KOA')).toEqual(['Koa for Beginners', 'Café Design Basics']);
        expect(await titles('search=mong')).toEqual(['MongoDB in Practice']);
        expect(await titles('search=koa%20beginners')).toEqual(['Koa for Beginners']);
        expect((await page('search=koa')).total).toBe(2);
      });

      it('matches word prefixes, not substrings: "go" does not find "MongoDB in Practice"', async () => {
        expect(await titles('search=go')).toEqual(['Go Programming']);
        expect(await titles('search=goroutine')).toEqual(['Go Programming']);
        expect(await titles('search=ngodb')).toEqual([]);
      });

      it('folds accents and case', async () => {
        expect(await titles('search=cafe')).toEqual(['Café Design Basics', 'Koa for Beginners']);
        expect(await titles('search=CAF%C3%89')).toEqual(['Café Design Basics', 'Koa for Beginners']);
      });

      it('searches educator names', async () => {
        expect(await titles('search=pike')).toEqual(['Go Programming']);
        expect(await titles('search=angstrom')).toEqual(['MongoDB in Practice']);
        expect(await titles('search=zoe')).toEqual(['MongoDB in Practice']);
      });

      it('combines with filters and other sorts, never finds drafts', async () => {
        expect(await titles('search=koa&price=paid')).toEqual(['Café Design Basics']);
        expect(await titles('search=koa&sort=price-desc')).toEqual(['Café Design Basics', 'Koa for Beginners']);
        expect(await titles('search=koa&sort=relevance')).toEqual(['Koa for Beginners', 'Café Design Basics']);
        expect(await titles('search=draft')).toEqual([]);
        expect(await page('search=zzzz')).toEqual({ success: true, courses: [], total: 0 });
      });
    });

    describe('GET /api/course/suggest', () => {
      const suggest = async (q: string) => {
        const res = await api.json(`/api/course/suggest?q=${encodeURIComponent(q)}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
        return res.body.suggestions as { courses: Array<{ courseTitle: string }>; categories: Array<{ slug: string }> };
      };

      it('suggests courses and categories by word prefix', async () => {
        expect(await suggest('k')).toEqual({ courses: [], categories: [] });
        expect((await api.json('/api/course/suggest')).body.suggestions).toEqual({ courses: [], categories: [] });
        const ko = await suggest('ko');
        expect(ko.courses.map((c) => c.courseTitle)).toEqual(['Koa for Beginners', 'Café Design Basics']);
        expect(ko.courses[0]).toEqual({
          _id: ids['Koa for Beginners'],
          courseTitle: 'Koa for Beginners',
          educatorName: 'Ann Smith',
        });
        const dat = await suggest('dat');
        expect(dat.courses.map((c) => c.courseTitle)).toEqual(['Data Pipelines']);
        expect(dat.categories.map((c) => c.slug).sort()).toEqual(['data-science', 'databases']);
        expect((await suggest('x'.repeat(500))).courses).toEqual([]);
      });
    });

    describe('categories', () => {
      it('lists the seeded set by name with published courses in each', async () => {
        const res = await api.json('/api/categories');
        expect(res.status).toBe(200);
        const list = res.body.categories as Array<{ slug: string; name: string; courseCount: number }>;
        expect(list.map((c) => c.name)).toEqual([...list.map((c) => c.name)].sort((a, b) => a.localeCompare(b)));
        expect(list).toHaveLength(8);
        expect(list.find((c) => c.slug === 'design')).toEqual({ slug: 'design', name: 'Design', courseCount: 1 });
        expect(list.find((c) => c.slug === 'devops-cloud')?.name).toBe('DevOps & Cloud');
      });

      it('admins create, rename and delete; 409 for a name in use or a category in use', async () => {
        expect((await send('POST', '/api/admin/categories', null, { name: 'Machine Learning' })).status).toBe(401);
        expect((await send('POST', '/api/admin/categories', student, { name: 'Machine Learning' })).status).toBe(403);
        expect((await send('POST', '/api/admin/categories', admin, { name: '' })).status).toBe(400);
        const created = await send('POST', '/api/admin/categories', admin, { name: 'Machine Learning' });
        expect(created.status).toBe(201);
        expect(created.body.category).toEqual({ slug: 'machine-learning', name: 'Machine Learning', courseCount: 0 });
        expect((await send('POST', '/api/admin/categories', admin, { name: 'machine learning' })).status).toBe(409);
        const renamed = await send('PATCH', '/api/admin/categories/databases', admin, { name: 'Databases & SQL' });
        expect(renamed.status).toBe(200);
        expect(renamed.body.category).toEqual({ slug: 'databases', name: 'Databases & SQL', courseCount: 1 });
        // Cards show the new name at once.
        expect((await page('category=databases')).courses[0]?.category).toEqual({
          slug: 'databases',
          name: 'Databases & SQL',
        });
        // So do the instructor page's cards and the category list.
        const instructor = await api.json<{ instructor: { courses: CourseCard[] } }>(
          `/api/instructors/${owner.userId}`,
        );
        expect(
          instructor.body.instructor.courses.find((c) => c.courseTitle === 'MongoDB in Practice')?.category,
        ).toEqual({ slug: 'databases', name: 'Databases & SQL' });
        const listed = (await api.json('/api/categories')).body.categories as Array<{ slug: string; name: string }>;
        expect(listed.find((c) => c.slug === 'databases')?.name).toBe('Databases & SQL');
        expect((await send('PATCH', '/api/admin/categories/nope', admin, { name: 'X y' })).status).toBe(404);
        expect((await send('DELETE', '/api/admin/categories/databases', admin)).status).toBe(409);
        // A draft counts as use too.
        expect((await send('DELETE', '/api/admin/categories/design', admin)).status).toBe(409);
        expect((await send('DELETE', '/api/admin/categories/machine-learning', student)).status).toBe(403);
        expect((await send('DELETE', '/api/admin/categories/machine-learning', admin)).status).toBe(200);
        expect((await send('DELETE', '/api/admin/categories/machine-learning', admin)).status).toBe(404);
      });
    });

    describe('the course form', () => {
      async function addCourse(data: Record<string, unknown>) {
        const form = new FormData();
        form.set('courseData', JSON.stringify(data));
        form.append('image', new Blob([PNG], { type: 'image/png' }), 'thumb.png');
        return api.json('/api/educator/add-course', { method: 'POST', headers: bearer(owner.token), body: form });
      }
      const base = {
        courseTitle: 'Rust Systems',
        courseDescription: '<p>Ownership and <strong>borrowing</strong> explained.</p>',
        coursePrice: 100,
        discount: 0,
        courseContent: [
          {
            chapterTitle: 'One',
            chapterContent: [
              {
                lectureTitle: 'A',
                lectureDuration: 50,
                lectureUrl: 'https://youtu.be/dQw4w9WgXcQ',
                isPreviewFree: true,
              },
              { lectureTitle: 'B', lectureDuration: 25, lectureUrl: 'https://youtu.be/dQw4w9WgXcQ' },
            ],
          },
        ],
      };

      it('takes a category and a level, validates them, and the catalog searches the new description', async () => {
        expect((await addCourse({ ...base, level: 'expert' })).body.message).toMatch(/^Level /);
        const unknown = await addCourse({ ...base, category: 'no-such-category' });
        expect(unknown.status).toBe(400);
        expect(unknown.body.message).toBe('This category does not exist');
        const res = await addCourse({ ...base, category: 'programming-languages', level: 'advanced' });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        const id = (res.body.course as { _id: string })._id;
        const read = await api.json(`/api/educator/courses/${id}`, { headers: bearer(owner.token) });
        expect(read.body.course).toMatchObject({ category: 'programming-languages', level: 'advanced' });
        const card = (await page('search=borrowing')).courses;
        expect(card.map((c) => c._id)).toEqual([id]);
        expect(card[0]).toMatchObject({ durationMinutes: 75, level: 'advanced' });

        expect((await send('PATCH', `/api/educator/courses/${id}`, owner, { category: 'nope' })).status).toBe(400);
        expect((await send('PATCH', `/api/educator/courses/${id}`, owner, { level: 'guru' })).status).toBe(400);
        const cleared = await send('PATCH', `/api/educator/courses/${id}`, owner, { category: null, level: null });
        expect(cleared.status).toBe(200);
        expect(cleared.body.course).toMatchObject({ category: null, level: null });
        // A course without them still answers both (EditableCourse), and its card none.
        const noChoice = await addCourse({ ...base, courseTitle: 'Plain course' });
        const plainId = (noChoice.body.course as { _id: string })._id;
        const plain = (await api.json(`/api/educator/courses/${plainId}`, { headers: bearer(owner.token) })).body
          .course as EditableCourse;
        expect(plain.category).toBeNull();
        expect(plain.level).toBeNull();
        const edited = await send('PATCH', `/api/educator/courses/${id}`, owner, {
          courseDescription: '<p>Lifetimes in depth.</p>',
        });
        expect(edited.status).toBe(200);
        expect((await page('search=lifetimes')).courses.map((c) => c._id)).toEqual([id]);
        // Only the other course still says it.
        expect((await page('search=borrowing')).courses.map((c) => c._id)).toEqual([plainId]);
        await courses().deleteMany({ _id: { $in: [id, plainId] } });
      });

      it('backfills courses stored before discovery', async () => {
        const old = testCourse({ _id: owner.userId, name: 'Owner' }, { courseTitle: 'Legacy course', chapters: 2 });
        await courses().insertOne(old);
        expect(await backfillDiscovery(courses())).toBe(1);
        expect(await courses().findOne({ _id: old._id })).toMatchObject({
          durationMinutes: 20,
          descriptionTerms: ['about', 'it'],
        });
        expect(await backfillDiscovery(courses())).toBe(0);
        await courses().deleteMany({ _id: old._id });
      });
    });

    describe('the wishlist', () => {
      const wishlist = async (who: Account) => {
        const res = await api.json('/api/user/wishlist', { headers: bearer(who.token) });
        expect(res.status).toBe(200);
        return res.body.wishlist as WishlistItem[];
      };
      const priceDropMails = () =>
        api.deps.store.collection<MailDoc>('outbox').find({ kind: 'price-drop', to: 'student@example.com' });

      it('saves, lists, is idempotent, 404s for courses not published, removes', async () => {
        const mongo = ids['MongoDB in Practice'] ?? '';
        expect((await send('PUT', `/api/user/wishlist/${mongo}`, null)).status).toBe(401);
        expect((await send('PUT', `/api/user/wishlist/${mongo}`, student)).status).toBe(200);
        expect((await send('PUT', `/api/user/wishlist/${mongo}`, student)).status).toBe(200);
        expect((await send('PUT', `/api/user/wishlist/${newId()}`, student)).status).toBe(404);
        expect((await send('PUT', `/api/user/wishlist/${ids['Koa Draft']}`, student)).status).toBe(404);
        expect((await send('PUT', '/api/user/wishlist/not-an-id', student)).status).toBe(404);
        const list = await wishlist(student);
        expect(list).toHaveLength(1);
        expect(list[0]).toMatchObject({ savedPrice: 500, priceDrop: null, course: { _id: mongo } });
        expect(await wishlist(owner)).toEqual([]);
        expect((await send('DELETE', `/api/user/wishlist/${mongo}`, student)).status).toBe(200);
        expect(await wishlist(student)).toEqual([]);
        expect((await send('DELETE', `/api/user/wishlist/${mongo}`, student)).status).toBe(200);
      });

      it('tells the student when a saved course gets cheaper, mailing once per drop', async () => {
        const mongo = ids['MongoDB in Practice'] ?? '';
        expect((await send('PUT', `/api/user/wishlist/${mongo}`, student)).status).toBe(200);
        expect(await priceDropMails()).toHaveLength(0);
        const cheaper = await send('PATCH', `/api/educator/courses/${mongo}`, owner, { discount: 60 });
        expect(cheaper.status, JSON.stringify(cheaper.body)).toBe(200);
        expect((await wishlist(student))[0]?.priceDrop).toEqual({ from: 500, to: 400 });
        const mails = await priceDropMails();
        expect(mails).toHaveLength(1);
        expect(mails[0]?.subject).toContain('A course on your wishlist is now cheaper');
        expect(mails[0]?.text).toContain('Rs 400.00');
        // Other edits, or the same price again, mail nobody.
        expect(
          (await send('PATCH', `/api/educator/courses/${mongo}`, owner, { courseTitle: 'MongoDB in Practice' })).status,
        ).toBe(200);
        expect((await send('PATCH', `/api/educator/courses/${mongo}`, owner, { discount: 55 })).status).toBe(200);
        expect((await send('PATCH', `/api/educator/courses/${mongo}`, owner, { discount: 60 })).status).toBe(200);
        expect(await priceDropMails()).toHaveLength(1);
        // A new, lower price within a week of the mail waits (#30: at most one a week; see price-drop-mails.test.ts).
        expect((await send('PATCH', `/api/educator/courses/${mongo}`, owner, { discount: 70 })).status).toBe(200);
        expect(await priceDropMails()).toHaveLength(1);
        expect((await wishlist(student))[0]?.priceDrop).toEqual({ from: 500, to: 300 });
        await send('PATCH', `/api/educator/courses/${mongo}`, owner, { discount: 50 });
        expect((await wishlist(student))[0]?.priceDrop).toBeNull();
        await send('DELETE', `/api/user/wishlist/${mongo}`, student);
      });
    });
  });
}
