/**
 * Seeds a benchmark catalog before the API starts, with the API's own built code (`api/dist`):
 * the demo seed (accounts, 13 courses, learners, purchases, ratings), then generated courses in
 * the same shape until the catalog has `courses` published courses, from more educators and
 * learners so that no one user is enrolled in thousands of courses.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './api-process.mjs';

/** @param {string} file a module of the API's production build */
const dist = (file) => import(pathToFileURL(path.join(ROOT, 'api/dist', file)).href);

const ADJECTIVES = ['Practical', 'Complete', 'Modern', 'Hands-on', 'Essential', 'Applied', 'Professional', 'Intro to'];
const CHUNK = 500;

/** Deterministic pseudo-random numbers, so every run seeds the same catalog. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Lectures of the course the progress measurements complete: more than a student completes in a run. */
export const PROGRESS_LECTURES = 120;

/**
 * @typedef {{ courseId: string, lectureIds: string[], students: string[] }} ProgressCourse
 *   one more published course, with `students` enrolled in it (as purchases would: enrollment
 *   records, both lists), for progress updates from many students at once
 */

/**
 * @param {{ courses: number, env: Record<string, string>, progressStudents?: number,
 *   progressCompleted?: { from: number, to: number, lectures: number } }} options the API's
 *   environment (DATA_DIR, PORT, MONGODB_URI): the same the API process starts with; the progress
 *   course's students `from`…`to` have its first `lectures` lectures completed
 * @returns {Promise<{ courses: number, users: number, purchases: number, seconds: number, progress: ProgressCourse }>}
 */
export async function seedBenchCatalog({ courses: total, env, progressStudents = 0, progressCompleted }) {
  const started = Date.now();
  const [{ loadConfig }, { openStore }, { INDEXES }, { buildAuth }, { systemClock }, { createLogger }] =
    await Promise.all([
      dist('config.js'),
      dist('store/index.js'),
      dist('indexes.js'),
      dist('modules/auth/index.js'),
      dist('clock.js'),
      dist('logger.js'),
    ]);
  const [{ seedDemo }, { DEMO_COURSES }, { sanitizeDescription }, { amountInPaise }] = await Promise.all([
    dist('seed/demo.js'),
    dist('seed/catalog.js'),
    dist('modules/courses/index.js'),
    dist('modules/coupons/index.js'),
  ]);
  const { newId } = await dist('store/ids.js');
  const { processImage, thumbnailBlobs, thumbnailFields } = await dist('modules/media/index.js');
  const { courseCoverSvg } = await dist('seed/thumbnail.js');
  const { PLACEHOLDER_AVATAR_PATH } = await dist('auth/index.js');
  const { discoveryFields } = await dist('modules/courses/index.js');

  const { mailerFor } = await dist('modules/mail/index.js');
  const config = loadConfig({ ...env, NODE_ENV: 'production', COURSEPORT_MODE: 'demo', DEMO_SEED: 'true' });
  const store = await openStore({ mongodbUri: config.mongodbUri, dataDir: config.dataDir });
  try {
    await store.ensureIndexes(INDEXES);
    const clock = systemClock;
    const logger = createLogger('warn');
    const mailer = mailerFor(config, store, clock, logger);
    const auth = await buildAuth(config, store, clock, mailer);
    const deps = { config, store, clock, logger, auth, payments: undefined, mailer };
    if (!(await seedDemo(deps))) throw new Error('the benchmark store was not empty');

    const users = store.collection('users');
    const coursesCol = store.collection('courses');
    const purchasesCol = store.collection('purchases');
    // The progress course counts as one of the catalog's generated courses.
    const extra = Math.max(0, total - DEMO_COURSES.length - 1);
    const rand = random(total);
    const now = clock.now().getTime();
    const avatar = config.publicApiUrl + PLACEHOLDER_AVATAR_PATH;

    const educators = Array.from({ length: Math.max(2, Math.ceil(extra / 25)) }, (_, i) => ({
      _id: `user_bench_edu_${newId()}`,
      name: `Educator ${i + 1}`,
    }));
    const learners = Array.from({ length: Math.max(6, Math.ceil(extra * 0.6)) }, (_, i) => ({
      _id: `user_bench_${newId()}`,
      name: `Learner ${i + 1}`,
      enrolled: /** @type {string[]} */ ([]),
    }));
    // One thumbnail per demo template, shared by the generated courses built from it.
    const templates = [];
    for (const [index, demo] of DEMO_COURSES.entries()) {
      // Processed renditions, as courses have since #17: a legacy `/api/media/<id>` image would have
      // the API's start-up backfill rewrite all 5,000 courses while the runs measure.
      const image = await processImage(Buffer.from(courseCoverSvg(demo.title, index + 101)), {
        allowSvg: true,
        maxWidth: 960,
        quick: true,
      });
      const thumbnailId = await thumbnailBlobs(store).save(image);
      templates.push({
        demo,
        thumbnail: thumbnailFields(config.publicApiUrl, thumbnailId, image),
        description: sanitizeDescription(
          `<p>${demo.summary}</p><h3>What you will learn</h3><ul>${demo.points.map((p) => `<li>${p}</li>`).join('')}</ul>`,
        ),
      });
    }

    const docs = [];
    const purchases = [];
    const enrollments = [];
    for (let i = 0; i < extra; i++) {
      const { demo, thumbnail, description } = templates[i % templates.length];
      const educator = educators[Math.floor(rand() * educators.length)];
      const enrolledCount = Math.floor(rand() * 9);
      const enrolled = new Set();
      while (enrolled.size < Math.min(enrolledCount, learners.length)) {
        enrolled.add(learners[Math.floor(rand() * learners.length)]);
      }
      const createdAt = new Date(now - (extra - i) * 60_000 - 14 * 3_600_000);
      const course = {
        _id: newId(),
        courseTitle: `${ADJECTIVES[i % ADJECTIVES.length]} ${demo.title} ${Math.floor(i / templates.length) + 2}`,
        courseDescription: description,
        ...thumbnail,
        coursePrice: demo.price,
        discount: demo.discount,
        educator: { _id: educator._id, name: educator.name },
        courseContent: demo.chapters.map((chapter, c) => ({
          chapterId: newId(),
          chapterTitle: chapter.title,
          chapterOrder: c + 1,
          chapterContent: chapter.lectures.map((lecture, l) => ({
            lectureId: newId(),
            lectureTitle: lecture.title,
            lectureDuration: lecture.minutes,
            lectureUrl: `https://youtu.be/${lecture.video}`,
            isPreviewFree: lecture.free ?? false,
            lectureOrder: l + 1,
          })),
        })),
        courseRatings: [...enrolled]
          .filter(() => rand() < 0.6)
          .map((learner) => ({ userId: learner._id, rating: 1 + Math.floor(rand() * 5) })),
        enrolledStudents: [...enrolled].map((learner) => learner._id),
        isPublished: true,
        // Discovery (#21): the template's category and level.
        category: demo.category,
        level: demo.level,
        createdAt,
      };
      // The duration and the description's search terms, as the API writes them with every course
      // (left out, the API's start-up backfill would rewrite all of them one by one, minutes on MongoDB).
      Object.assign(course, discoveryFields(course));
      docs.push(course);
      for (const [k, learner] of [...enrolled].entries()) {
        learner.enrolled.push(course._id);
        const when = new Date(createdAt.getTime() + (k + 1) * 600_000);
        const purchaseId = newId();
        // Fulfilled, as a real purchase is once its enrollment is written: else the API's minutely
        // reconciliation would finish 200 of them a minute while the bench measures.
        purchases.push({
          _id: purchaseId,
          userId: learner._id,
          courseId: course._id,
          educatorId: educator._id,
          amount: amountInPaise(course.coursePrice, course.discount),
          currency: 'INR',
          status: 'completed',
          createdAt: when,
          completedAt: when,
          fulfilledAt: when,
        });
        enrollments.push({
          _id: `${learner._id}:${course._id}`,
          userId: learner._id,
          courseId: course._id,
          purchaseId,
          createdAt: when,
        });
      }
    }

    // The course progress updates are measured on, with its own students (see ProgressCourse).
    const progressEducator = educators[0];
    const progressCourse = {
      _id: newId(),
      courseTitle: 'Benchmark progress course',
      courseDescription: templates[0].description,
      ...templates[0].thumbnail,
      coursePrice: 499,
      discount: 0,
      educator: { _id: progressEducator._id, name: progressEducator.name },
      courseContent: Array.from({ length: PROGRESS_LECTURES / 10 }, (_, c) => ({
        chapterId: newId(),
        chapterTitle: `Chapter ${c + 1}`,
        chapterOrder: c + 1,
        chapterContent: Array.from({ length: 10 }, (_, l) => ({
          lectureId: newId(),
          lectureTitle: `Lecture ${c + 1}.${l + 1}`,
          lectureDuration: 5,
          lectureUrl: 'https://youtu.be/dQw4w9WgXcQ',
          isPreviewFree: l === 0,
          lectureOrder: l + 1,
        })),
      })),
      courseRatings: [],
      enrolledStudents: [],
      isPublished: true,
      createdAt: new Date(now - 15 * 3_600_000),
    };
    Object.assign(progressCourse, discoveryFields(progressCourse));
    const progressLearners = Array.from({ length: progressStudents }, (_, i) => ({
      _id: `user_bench_progress_${newId()}`,
      name: `Progress Learner ${i + 1}`,
      enrolled: [progressCourse._id],
    }));
    for (const learner of progressLearners) {
      const purchaseId = newId();
      const when = new Date(now - 14 * 3_600_000);
      purchases.push({
        _id: purchaseId,
        userId: learner._id,
        courseId: progressCourse._id,
        educatorId: progressEducator._id,
        amount: amountInPaise(progressCourse.coursePrice, progressCourse.discount),
        currency: 'INR',
        status: 'completed',
        createdAt: when,
        completedAt: when,
        fulfilledAt: when,
      });
      enrollments.push({
        _id: `${learner._id}:${progressCourse._id}`,
        userId: learner._id,
        courseId: progressCourse._id,
        purchaseId,
        createdAt: when,
      });
    }
    progressCourse.enrolledStudents = progressLearners.map((l) => l._id);
    const firstLectures = progressCourse.courseContent
      .flatMap((c) => c.chapterContent.map((l) => l.lectureId))
      .slice(0, progressCompleted?.lectures ?? 0);
    const progressDocs = progressLearners
      .slice(progressCompleted?.from ?? 0, progressCompleted?.to ?? 0)
      .map((learner) => ({
        _id: newId(),
        userId: learner._id,
        courseId: progressCourse._id,
        lectureCompleted: firstLectures,
      }));
    docs.push(progressCourse);
    learners.push(...progressLearners);

    const when = new Date(now);
    const userDocs = [
      ...educators.map((e) => ({ ...e, roles: ['educator'], enrolledCourses: [] })),
      ...learners.map(({ enrolled, ...l }) => ({ ...l, roles: ['student'], enrolledCourses: enrolled })),
    ].map((u, i) => ({
      _id: u._id,
      email: `bench.user.${i}@learners.courseport.dev`,
      name: u.name,
      imageUrl: avatar,
      roles: u.roles,
      enrolledCourses: u.enrolledCourses,
      createdAt: when,
      updatedAt: when,
    }));
    for (const [collection, list] of [
      [users, userDocs],
      [coursesCol, docs],
      [purchasesCol, purchases],
      [store.collection('enrollments'), enrollments],
      [store.collection('progress'), progressDocs],
    ]) {
      for (let i = 0; i < list.length; i += CHUNK) await collection.insertMany(list.slice(i, i + CHUNK));
    }
    return {
      courses: await coursesCol.countDocuments({ isPublished: true }),
      users: await users.countDocuments({}),
      purchases: await purchasesCol.countDocuments({}),
      seconds: (Date.now() - started) / 1000,
      progress: {
        courseId: progressCourse._id,
        lectureIds: progressCourse.courseContent.flatMap((c) => c.chapterContent.map((l) => l.lectureId)),
        students: progressLearners.map((l) => l._id),
      },
    };
  } finally {
    await store.close();
  }
}
