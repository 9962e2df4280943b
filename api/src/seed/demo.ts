import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PLACEHOLDER_AVATAR_PATH } from '../auth/index.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { USER_LIMITS } from '../http/rate-limit.js';
import { adminEmailsOf } from '../modules/admin-emails/index.js';
import { announcementsService } from '../modules/announcements/index.js';
import { noAccounts } from '../modules/auth/index.js';
import { categoriesService } from '../modules/categories/index.js';
import { amountInPaise } from '../modules/coupons/index.js';
import { type CourseDoc, courseRecords, discoveryFields, sanitizeDescription } from '../modules/courses/index.js';
import { emptyQuizPlan, lessonDoc } from '../modules/educator/index.js';
import { enrollmentsService } from '../modules/enrollments/index.js';
import { learningService } from '../modules/learning/index.js';
import { ledgerService } from '../modules/ledger/index.js';
import {
  type ProcessedImage,
  processImage,
  thumbnailBlobs,
  thumbnailFields,
  uploadQuota,
} from '../modules/media/index.js';
import type { Notify } from '../modules/notifications/index.js';
import { notificationsService } from '../modules/notifications/index.js';
import { payoutsService } from '../modules/payouts/index.js';
import { projectsService } from '../modules/projects/index.js';
import { type PurchaseDoc, purchaseRecords, saleOf } from '../modules/purchases/index.js';
import { quizzesService } from '../modules/quizzes/index.js';
import { attachLessonResources, resourcesService } from '../modules/resources/index.js';
import { reviewsService } from '../modules/reviews/index.js';
import { userRecords } from '../modules/users/index.js';
import { insertReadyVideo } from '../modules/videos/index.js';
import { newId } from '../store/index.js';
import type { VideoTools } from '../video/binaries.js';
import { DEMO_COURSES } from './catalog.js';
import { addDemoDiscussions } from './discussions.js';
import { DEMO_LESSONS, type DemoFile } from './lessons.js';
import { courseCoverSvg } from './thumbnail.js';
import { DEMO_VIDEO_COURSE, demoCaptions, prepareDemoVideos } from './videos.js';

export const DEMO_PASSWORD = 'courseport-demo';
export const DEMO_ACCOUNTS = [
  { email: 'admin@courseport.dev', name: 'Ada Admin', roles: ['student'] as const, admin: true },
  {
    email: 'educator@courseport.dev',
    name: 'Eddie Educator',
    roles: ['student', 'educator'] as const,
    admin: false,
    bio: 'Backend and web engineer for fifteen years, from payment systems to developer tools.\nI teach the way I wish I had been taught: small steps, real projects, and why before how.',
  },
  {
    email: 'educator2@courseport.dev',
    name: 'Priya Sharma',
    roles: ['educator'] as const,
    admin: false,
    bio: 'Product designer and front-end developer. I help engineers design interfaces people enjoy, and designers ship them.',
  },
  { email: 'student@courseport.dev', name: 'Sam Student', roles: ['student'] as const, admin: false },
];

/**
 * Demo accounts for a first run (local accounts only), written only into an empty store so it
 * never touches real data. Returns whether it seeded.
 */
export async function seedDemo(
  deps: Pick<AppDeps, 'config' | 'store' | 'clock' | 'auth' | 'logger' | 'mailer'>,
  options: { videoTools?: () => VideoTools } = {},
): Promise<boolean> {
  const { config, store, clock, auth, logger } = deps;
  if (config.mode !== 'demo' || config.auth.mode !== 'local' || !auth.local) return false;
  const users = userRecords(store);
  if (!(await noAccounts(store)) || !(await users.none())) return false;

  const adminEmails = adminEmailsOf(store, clock);
  const ids: Record<string, string> = {};
  for (const [index, demo] of DEMO_ACCOUNTS.entries()) {
    let account: Awaited<ReturnType<typeof auth.local.createAccount>>;
    try {
      account = await auth.local.createAccount({
        name: demo.name,
        email: demo.email,
        password: DEMO_PASSWORD,
        emailVerified: true,
      });
    } catch (error) {
      // Replicas starting together on one empty database: the first account's unique e-mail elects
      // the one that seeds; the others leave it to it, rather than fail to start.
      if (index === 0 && error instanceof HttpError && error.status === 409) {
        logger.info('another process is seeding the demo data');
        return false;
      }
      throw error;
    }
    const now = clock.now();
    await users.insert({
      _id: account._id,
      email: demo.email,
      name: demo.name,
      imageUrl: config.publicApiUrl + PLACEHOLDER_AVATAR_PATH,
      roles: [...demo.roles],
      ...('bio' in demo ? { bio: demo.bio } : {}),
      enrolledCourses: [],
      createdAt: now,
      updatedAt: now,
    });
    if (demo.admin) await adminEmails.seed([demo.email]);
    ids[demo.email] = account._id;
  }
  await seedCatalog(
    { ...deps, linkKey: auth.linkKey },
    {
      educators: [
        { _id: ids['educator@courseport.dev'] as string, name: 'Eddie Educator' },
        { _id: ids['educator2@courseport.dev'] as string, name: 'Priya Sharma' },
      ],
      student: ids['student@courseport.dev'] as string,
      ...(options.videoTools ? { videoTools: options.videoTools } : {}),
    },
  );
  logger.info({ accounts: DEMO_ACCOUNTS.map((a) => a.email), password: DEMO_PASSWORD }, 'seeded demo accounts');
  return true;
}

/** The covers are the same every time: drawn once per process (tests seed many stores). */
const covers = new Map<string, Promise<ProcessedImage>>();
function demoCover(title: string, seed: number): Promise<ProcessedImage> {
  const key = `${seed}:${title}`;
  let cover = covers.get(key);
  if (!cover) {
    cover = processImage(Buffer.from(courseCoverSvg(title, seed)), { allowSvg: true, maxWidth: 960, quick: true });
    cover.catch(() => covers.delete(key));
    covers.set(key, cover);
  }
  return cover;
}

const LEARNERS = ['Aarav Mehta', 'Maya Chen', 'Lucas Silva', 'Fatima Khan', 'Noah Williams', 'Sofia Rossi'];

/**
 * Thirteen published courses with generated thumbnails, and demo learners whose enrollments and
 * ratings make the catalog look lived-in. The demo student is enrolled in two courses.
 */
async function seedCatalog(
  {
    config,
    store,
    clock,
    logger,
    mailer,
    linkKey,
  }: Pick<AppDeps, 'config' | 'store' | 'clock' | 'logger' | 'mailer'> & { linkKey: Buffer },
  {
    educators,
    student,
    videoTools,
  }: { educators: Array<{ _id: string; name: string }>; student: string; videoTools?: () => VideoTools },
): Promise<void> {
  const users = userRecords(store);
  const now = clock.now().getTime();
  const learners = LEARNERS.map((name) => ({ _id: `user_demo_${newId()}`, name }));
  for (const learner of learners) {
    await users.insert({
      _id: learner._id,
      email: `${learner.name.toLowerCase().replace(/\W+/g, '.')}@learners.courseport.dev`,
      name: learner.name,
      imageUrl: config.publicApiUrl + PLACEHOLDER_AVATAR_PATH,
      roles: ['student'],
      enrolledCourses: [],
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
  }

  // The demo courses' categories (#21): the default set, when there is none yet.
  await categoriesService(store, clock, courseRecords(store)).seedDefaults();
  const renditions = thumbnailBlobs(store);
  const covers = await Promise.all(DEMO_COURSES.map((demo, index) => demoCover(demo.title, index + 1)));
  const courses: CourseDoc[] = [];
  for (const [index, demo] of DEMO_COURSES.entries()) {
    const cover = covers[index] as ProcessedImage;
    const thumbnailId = await renditions.save(cover);
    const enrolled = learners.filter((_, i) => (i + index) % 3 !== 0).map((l) => l._id);
    if (index === 0 || index === 2) enrolled.push(student);
    courses.push({
      _id: newId(),
      courseTitle: demo.title,
      courseDescription: sanitizeDescription(
        `<p>${demo.summary}</p><h3>What you will learn</h3><ul>${demo.points.map((p) => `<li>${p}</li>`).join('')}</ul>`,
      ),
      ...thumbnailFields(config.publicApiUrl, thumbnailId, cover),
      coursePrice: demo.price,
      discount: demo.discount,
      educator: educators[demo.educator] as { _id: string; name: string },
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
      courseRatings: enrolled
        .filter((id) => id !== student)
        .slice(0, 3 + (index % 3))
        .map((userId, i) => ({ userId, rating: 3 + ((index + i) % 3) })),
      enrolledStudents: enrolled,
      isPublished: true,
      category: demo.category,
      level: demo.level,
      // A week ago (in order): the demo's sales (#36 analytics) come after, over the last six days.
      createdAt: new Date(now - 7 * DAY_MS - (DEMO_COURSES.length - index) * 3_600_000),
    });
    Object.assign(courses[courses.length - 1] as CourseDoc, discoveryFields(courses[courses.length - 1] as CourseDoc));
  }
  // #33: hosted videos (with English captions) in the demo educator's first course.
  const hosting = courses.find((course) => course.courseTitle === DEMO_VIDEO_COURSE);
  if (hosting) await addDemoHostedVideos(hosting, { config, store, clock, logger }, videoTools);
  // #32: articles, quizzes, projects and resources in several courses, stored as the course form would.
  const learning = learningService(store, clock);
  const resources = resourcesService(store, clock, {
    quota: uploadQuota(store),
    linkKey,
    publicApiUrl: config.publicApiUrl,
    isAdmin: async () => false,
  });
  const quizzes = quizzesService(store, clock, learning);
  for (const course of courses) await addDemoLessons(course, { resources, quizzes });
  // Listed empty: the enrollments module writes the lists as it records each enrollment below.
  await courseRecords(store).insertMany(courses.map((course) => ({ ...course, enrolledStudents: [] })));
  const purchases: PurchaseDoc[] = [];
  for (const [index, course] of courses.entries()) {
    for (const [i, userId] of course.enrolledStudents.entries()) {
      // #36: spread over the last six days (within the ledger's hold: the demo's sales stay pending),
      // so the educator's analytics show sales and enrollments by day.
      const when = new Date(now - (((i * 29 + index * 13) % 140) + 1) * 3_600_000);
      purchases.push({
        _id: newId(),
        userId,
        courseId: course._id,
        educatorId: course.educator._id,
        amount: amountInPaise(course.coursePrice, course.discount),
        currency: 'INR',
        status: 'completed',
        completedKey: `${userId}:${course._id}`,
        createdAt: when,
        completedAt: when,
        fulfilledAt: when,
        gateway: 'local',
        simulated: true,
      });
    }
  }
  await purchaseRecords(store).insertMany(purchases);
  // Each enrollment recorded when its purchase completed.
  for (const p of purchases)
    await enrollmentsService(store, { now: () => p.completedAt as Date }).enroll(p.userId, p.courseId, p._id);
  await seedDemoLedger({ config, store, clock }, purchases, educators[0]?._id as string);

  // #36: the learners' progress (each lesson's reach and drop-off in the educator's analytics).
  await seedDemoProgress(learning, courses, student);

  // Demo learners' quiz attempts, so the educator's Quiz results have figures: some pass at once,
  // some on a second try; the definitions' own keys give the right answers.
  for (const course of courses) {
    const definitions = await quizzes.definitionsOf(course._id);
    for (const [lectureId, definition] of definitions) {
      const takers = course.enrolledStudents.filter((id) => id !== student).slice(0, 3);
      for (const [i, userId] of takers.entries()) {
        const answers = (wrong: boolean) =>
          definition.questions.map((question, q) =>
            question.kind === 'text'
              ? {
                  questionId: question.questionId,
                  text: wrong && q === 0 ? 'not sure' : (question.acceptedAnswers[0] ?? ''),
                }
              : {
                  questionId: question.questionId,
                  // A wrong first answer: one option that is not correct; otherwise every correct one.
                  optionIds:
                    wrong && q === 0
                      ? question.options
                          .filter((option) => !option.correct)
                          .map((option) => option.optionId)
                          .slice(0, 1)
                      : question.options.filter((option) => option.correct).map((option) => option.optionId),
                },
          );
        if (i % 2 === 1) await quizzes.submit(userId, course._id, lectureId, answers(true));
        await quizzes.submit(userId, course._id, lectureId, answers(false));
      }
    }
  }

  // #36: ratings given over the last months (analytics' ratings over time).
  await seedDemoRatings(store, learning, courses, now);

  // #35: notifications (mailed to the demo outbox) and the announcements that make them.
  const notifications = notificationsService(store, clock, {
    mailer,
    logger,
    appOrigin: new URL(config.publicAppUrl).origin,
    publicApiUrl: config.publicApiUrl,
    linkKey,
    ...config.notifications,
    // Each seeded mail on its own: no demo user starts with a mail window open, so the first thing
    // that happens to them after the start is mailed at once, not in a digest 15 minutes later.
    digestWindowMs: 0,
  });
  const java = courses[0] as CourseDoc;
  await seedAnnouncements(store, clock, logger, config.notifications.jobPollMs, notifications.notify, learning, [
    java,
    courses[2],
  ]);

  // The demo student's project in the first course, waiting for the educator's review.
  const project = java.courseContent.flatMap((c) => c.chapterContent).find((l) => l.lessonKind === 'project');
  if (project) {
    const projects = projectsService(store, clock, {
      learning,
      resources,
      notify: notifications.notify,
      publicAppUrl: config.publicAppUrl,
    });
    await projects.submit(student, java._id, project.lectureId, {
      kind: 'link',
      url: 'https://github.com/sam-student/library-catalogue',
      note: 'My first try: the sorting works, but I am not sure my tests cover enough. Any advice welcome!',
    });
  }
  // #35: questions, answers (the instructor's accepted) and the demo student's notes in the first course.
  await addDemoDiscussions(store, clock, learning, { course: java, student });
}

const MiB = 1024 * 1024;
const DAY_MS = 86_400_000;

/**
 * #36: the demo learners (not the demo student, whose course starts fresh) through each course: the
 * first completes it, each next one stops earlier and stays at the lesson after their last, so the
 * educator's analytics show each lesson's reach and drop-off.
 */
async function seedDemoProgress(
  learning: ReturnType<typeof learningService>,
  courses: readonly CourseDoc[],
  student: string,
): Promise<void> {
  const records: Parameters<typeof learning.importProgress>[0] = [];
  for (const course of courses) {
    const lessons = course.courseContent.flatMap((chapter) => chapter.chapterContent.map((l) => l.lectureId));
    const learners = course.enrolledStudents.filter((id) => id !== student);
    for (const [j, userId] of learners.entries()) {
      const stop = Math.floor((lessons.length * (learners.length - j)) / learners.length);
      records.push({
        userId,
        courseId: course._id,
        completed: lessons.slice(0, stop),
        at: lessons[stop] ?? lessons[stop - 1] ?? null,
      });
    }
  }
  await learning.importProgress(records);
}

/** #36: the courses' demo ratings as the learners gave them, over the last five months (ratings over time). */
async function seedDemoRatings(
  store: AppDeps['store'],
  learning: ReturnType<typeof learningService>,
  courses: readonly CourseDoc[],
  now: number,
): Promise<void> {
  // Course by course at once (each course's raters one after another: they rebuild its list).
  await Promise.all(
    courses.map(async (course, index) => {
      for (const [i, { userId, rating }] of course.courseRatings.entries()) {
        const at = new Date(now - ((i * 41 + index * 17) % 150) * DAY_MS - 3_600_000);
        await reviewsService(store, { now: () => at }, learning.checkAccess).rate(userId, course._id, rating);
      }
    }),
  );
}

/** #35: one announcement from each course's educator to its students (the demo student is in both), fanned out at once. */
async function seedAnnouncements(
  store: AppDeps['store'],
  clock: AppDeps['clock'],
  logger: AppDeps['logger'],
  jobPollMs: number,
  notify: Notify,
  learning: { checkAccess: (userId: string, courseId: string) => Promise<void> },
  courses: Array<CourseDoc | undefined>,
): Promise<void> {
  const announcements = announcementsService(store, clock, {
    notify,
    isAdmin: async () => false,
    checkEnrolled: learning.checkAccess,
    logger,
    jobPollMs,
  });
  const texts = [
    {
      title: 'Office hours this Friday',
      body: '<p>I will answer your questions live on <strong>Friday at 17:00 UTC</strong>. Bring your project and anything that puzzled you in the last two chapters.</p>',
    },
    {
      title: 'New lesson: accessible forms',
      body: '<p>A new lesson on <em>accessible forms</em> is up in chapter two. It takes about 15 minutes; the checklist at the end is worth keeping.</p>',
    },
  ];
  for (const [index, course] of courses.entries()) {
    const text = texts[index];
    if (!course || !text) continue;
    const author = {
      userId: course.educator._id,
      sessionId: undefined,
      email: undefined,
      emailVerified: true,
      name: undefined,
    };
    await announcements.post(author, course._id, text, { fanOutNow: true });
  }
}

/**
 * Appends the demo hosted videos' lessons (`seed/videos.ts`) to the course's chapters: each video
 * stored ready with its English captions, the lesson as a lesson playing it is stored (the video's
 * duration, caption languages and poster; no YouTube link). Without ffmpeg, none (with a warning).
 */
/**
 * #36: every demo sale in the ledger (still pending: within the hold), and a paid month for the demo
 * educator: last month's earnings from before the ledger existed, as an admin's opening adjustment,
 * paid by last month's payout run and recorded with a bank reference, so `pnpm start` shows
 * pending, paid and a statement.
 */
async function seedDemoLedger(
  { config, store, clock }: Pick<AppDeps, 'config' | 'store' | 'clock'>,
  purchases: readonly PurchaseDoc[],
  educatorId: string,
): Promise<void> {
  const options = { ...config.ledger, countSimulated: true };
  const ledger = ledgerService(store, clock, options);
  for (const purchase of purchases) await ledger.recordSale(saleOf(purchase));
  const today = clock.now();
  const monthStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
  const lastMonth = new Date(monthStart - 86_400_000).toISOString().slice(0, 7);
  // The history is written as it would have been: the adjustment mid-month, the run on the 1st.
  const at = (time: number) => ({ now: () => new Date(time) });
  await ledgerService(store, at(monthStart - 15 * 86_400_000), options).adjust(
    educatorId,
    {
      amount: 1_245_000,
      reason: `Opening balance: earnings for ${lastMonth} before the ledger`,
      requestKey: 'demo-opening',
    },
    'demo seed',
  );
  const payouts = payoutsService(store, at(monthStart), ledgerService(store, at(monthStart), options));
  const { run } = await payouts.run(lastMonth, 'demo seed');
  const [payout] = await payouts.all(run.id);
  if (payout) {
    await payouts.record(
      payout.id,
      { bankReference: `NEFT-DEMO-${lastMonth.replace('-', '')}`, paidAt: new Date(monthStart) },
      'demo seed',
    );
  }
}

async function addDemoHostedVideos(
  course: CourseDoc,
  { config, store, clock, logger }: Pick<AppDeps, 'config' | 'store' | 'clock' | 'logger'>,
  videoTools: (() => VideoTools) | undefined,
): Promise<void> {
  const { videos, done } = await prepareDemoVideos(logger, videoTools);
  try {
    const quota = uploadQuota(store);
    for (const { video, dir, result, sourceBytes } of videos) {
      const target = course.courseContent[video.chapter];
      if (!target) continue;
      const { videoId, durationS } = await insertReadyVideo(store, clock, quota, config.videoQuotaMb * MiB, {
        ownerId: course.educator._id,
        fileName: video.fileName,
        sourceBytes,
        result,
        dir,
        captions: [{ lang: 'en', label: 'English', vtt: demoCaptions(video) }],
      });
      target.chapterContent.push({
        lectureId: newId(),
        lectureTitle: video.lectureTitle,
        lectureDuration: Math.max(1, Math.ceil(durationS / 60)),
        hostedVideoId: videoId,
        captionLanguages: ['en'],
        posterUrl: `${config.publicApiUrl}/api/videos/${videoId}/poster.webp`,
        isPreviewFree: video.isPreviewFree,
        lectureOrder: target.chapterContent.length + 1,
      });
    }
  } catch (error) {
    logger.warn({ err: error }, 'storing the demo hosted videos failed; the rest of the demo data is seeded');
  } finally {
    await done();
  }
  Object.assign(course, discoveryFields(course));
}

/** A demo file's bytes: a one-page PDF drawn here, or the text as it is. */
async function demoFileBytes(file: DemoFile): Promise<Buffer> {
  if (file.text !== undefined) return Buffer.from(file.text, 'utf8');
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  (file.pdfLines ?? []).forEach((line, i) => {
    page.drawText(line, { x: 56, y: 780 - i * 22, size: i === 0 ? 20 : 12, font });
  });
  return Buffer.from(await pdf.save());
}

/**
 * Appends the course's demo lessons (`seed/lessons.ts`) to its chapters, as add-course stores a
 * lesson: the files uploaded (checked by content, counted in the educator's quota) and attached,
 * the quizzes' definitions in the quizzes module, the course doc only their summaries.
 */
async function addDemoLessons(
  course: CourseDoc,
  {
    resources,
    quizzes,
  }: {
    resources: ReturnType<typeof resourcesService>;
    quizzes: ReturnType<typeof quizzesService>;
  },
): Promise<void> {
  const extra = DEMO_LESSONS[course.courseTitle];
  if (!extra) return;
  const plan = emptyQuizPlan();
  const inputs = new Map<string, NonNullable<Parameters<typeof lessonDoc>[0]['resources']>>();
  for (const { chapter, lessons } of extra) {
    const target = course.courseContent[chapter];
    if (!target) continue;
    for (const demo of lessons) {
      const files = [];
      for (const file of demo.files ?? []) {
        const uploaded = await resources.upload(
          course.educator._id,
          { data: await demoFileBytes(file), originalName: file.fileName },
          file.title,
          USER_LIMITS.uploadBytes,
        );
        files.push({ resourceId: uploaded.resourceId });
      }
      const input = {
        ...demo.lesson,
        isPreviewFree: demo.lesson.isPreviewFree ?? false,
        resources: [...files, ...(demo.links ?? [])],
      };
      const order = target.chapterContent.length + 1;
      const doc = lessonDoc(input, newId(), order, `demo ${course.courseTitle}`, plan);
      inputs.set(doc.lectureId, input.resources);
      target.chapterContent.push(doc);
    }
  }
  const form = course.courseContent.map((chapter) => ({
    chapterContent: chapter.chapterContent.map((lesson) => ({ resources: inputs.get(lesson.lectureId) ?? [] })),
  }));
  await attachLessonResources(resources, course.educator._id, course._id, course.courseContent, form);
  if (plan.definitions.size > 0) await quizzes.saveForCourse(course._id, plan.definitions);
  Object.assign(course, discoveryFields(course));
}
