/**
 * #36: the analytics bench's data, seeded with the API's own built code (`api/dist`) before the API
 * starts: the demo seed (its educator signs in), then one more course of the demo educator's with
 * `enrollments` students: an enrollment and its ledger sale each (spread over the last year; the
 * purchases themselves are not what analytics reads, so they are left out), and progress for every one of them with a drop-off curve (each student
 * stops somewhere, a few complete the course). Written in chunks straight into the collections, as
 * the bench's other seeds are; the API's first read of the course builds its counters from them
 * (the backfill), which the bench times.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './api-process.mjs';

const dist = (file) => import(pathToFileURL(path.join(ROOT, 'api/dist', file)).href);
const CHUNK = 2000;
const DAY_MS = 86_400_000;
/** The course's lessons: 6 chapters of 8. */
const CHAPTERS = 6;
const LESSONS = 8;

/**
 * @param {{ env: Record<string, string>, enrollments: number }} options
 * @returns {Promise<{ courseId: string, lessons: number, seconds: number }>}
 */
export async function seedAnalyticsCourse({ env, enrollments }) {
  const started = Date.now();
  const [{ loadConfig }, { openStore }, { INDEXES }, { buildAuth }, { systemClock }, { createLogger }, { mailerFor }] =
    await Promise.all([
      dist('config.js'),
      dist('store/index.js'),
      dist('indexes.js'),
      dist('modules/auth/index.js'),
      dist('clock.js'),
      dist('logger.js'),
      dist('modules/mail/index.js'),
    ]);
  const [{ seedDemo }, { newId }, { feeOf }] = await Promise.all([
    dist('seed/demo.js'),
    dist('store/ids.js'),
    dist('modules/ledger/index.js'),
  ]);
  const config = loadConfig({ ...env, NODE_ENV: 'production', COURSEPORT_MODE: 'demo', DEMO_SEED: 'true' });
  const store = await openStore({ mongodbUri: config.mongodbUri, dataDir: config.dataDir });
  try {
    await store.ensureIndexes(INDEXES);
    const clock = systemClock;
    const logger = createLogger('warn');
    const mailer = mailerFor(config, store, clock, logger);
    const auth = await buildAuth(config, store, clock, mailer);
    if (!(await seedDemo({ config, store, clock, logger, auth, payments: undefined, mailer })))
      throw new Error('the benchmark store was not empty');
    auth.close?.();
    const educator = await store.collection('users').findOne({ email: 'educator@courseport.dev' });
    if (!educator) throw new Error('no demo educator');
    const now = clock.now().getTime();
    const courseId = newId();
    const lectureIds = [];
    const courseContent = Array.from({ length: CHAPTERS }, (_, c) => ({
      chapterId: newId(),
      chapterTitle: `Chapter ${c + 1}`,
      chapterOrder: c + 1,
      chapterContent: Array.from({ length: LESSONS }, (_, l) => {
        const lectureId = newId();
        lectureIds.push(lectureId);
        return {
          lectureId,
          lectureTitle: `Lesson ${c + 1}.${l + 1}`,
          lectureDuration: 10,
          lectureUrl: 'https://youtu.be/dQw4w9WgXcQ',
          isPreviewFree: false,
          lectureOrder: l + 1,
        };
      }),
    }));
    await store.collection('courses').insertOne({
      _id: courseId,
      courseTitle: 'Analytics at scale',
      courseDescription: '<p>One course with many students.</p>',
      courseThumbnail: `${config.publicApiUrl}/api/media/none`,
      coursePrice: 499,
      discount: 0,
      educator: { _id: educator._id, name: educator.name },
      courseContent,
      courseRatings: [],
      // The course's list stays short: the enrollment records are what analytics counts.
      enrolledStudents: [],
      isPublished: false,
      createdAt: new Date(now - 400 * DAY_MS),
    });
    const gross = 49_900;
    const fee = feeOf(gross, config.ledger.defaultFeeBasisPoints);
    for (let from = 0; from < enrollments; from += CHUNK) {
      const enrollmentDocs = [];
      const sales = [];
      const progress = [];
      for (let i = from; i < Math.min(enrollments, from + CHUNK); i++) {
        const userId = `user_bench_an_${i}`;
        const when = new Date(now - ((i * 7919) % 364) * DAY_MS - (i % 3600) * 1000);
        const purchaseId = newId();
        enrollmentDocs.push({ _id: `${userId}:${courseId}`, userId, courseId, purchaseId, createdAt: when });
        sales.push({
          _id: newId(),
          key: `sale:${purchaseId}`,
          educatorId: educator._id,
          kind: 'sale',
          amount: gross - fee,
          gross,
          fee: -fee,
          feeBasisPoints: config.ledger.defaultFeeBasisPoints,
          purchaseId,
          courseId,
          createdAt: when,
          availableAt: new Date(when.getTime() + config.ledger.holdDays * DAY_MS),
        });
        // A drop-off curve: student i got through a share of the lessons that falls off with i.
        const reached = Math.min(
          lectureIds.length,
          Math.floor((lectureIds.length * ((i * 48_271) % 1000) ** 2) / 1e6) + 1,
        );
        const completed = lectureIds.slice(0, reached === lectureIds.length ? reached : reached - 1);
        progress.push({
          _id: newId(),
          userId,
          courseId,
          lectureCompleted: completed,
          opened: lectureIds.slice(0, reached),
          position: { lectureId: lectureIds[reached - 1], seconds: 42, updatedAt: when },
        });
      }
      await store.collection('enrollments').insertMany(enrollmentDocs);
      await store.collection('ledgerEntries').insertMany(sales);
      await store.collection('progress').insertMany(progress);
    }
    await mailer.settle?.();
    mailer.close?.();
    return { courseId, lessons: lectureIds.length, seconds: (Date.now() - started) / 1000 };
  } finally {
    await store.close();
  }
}
