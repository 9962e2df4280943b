import { PLACEHOLDER_AVATAR_PATH } from '../auth/index.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { adminEmailsOf } from '../modules/admin-emails/index.js';
import { noAccounts } from '../modules/auth/index.js';
import { categoriesService } from '../modules/categories/index.js';
import { amountInPaise } from '../modules/coupons/index.js';
import { type CourseDoc, courseRecords, discoveryFields, sanitizeDescription } from '../modules/courses/index.js';
import { enrollmentsService } from '../modules/enrollments/index.js';
import { type ProcessedImage, processImage, thumbnailBlobs, thumbnailFields } from '../modules/media/index.js';
import { type PurchaseDoc, purchaseRecords } from '../modules/purchases/index.js';
import { userRecords } from '../modules/users/index.js';
import { newId } from '../store/index.js';
import { DEMO_COURSES } from './catalog.js';
import { courseCoverSvg } from './thumbnail.js';

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
  deps: Pick<AppDeps, 'config' | 'store' | 'clock' | 'auth' | 'logger'>,
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
  await seedCatalog(deps, {
    educators: [
      { _id: ids['educator@courseport.dev'] as string, name: 'Eddie Educator' },
      { _id: ids['educator2@courseport.dev'] as string, name: 'Priya Sharma' },
    ],
    student: ids['student@courseport.dev'] as string,
  });
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
  { config, store, clock }: Pick<AppDeps, 'config' | 'store' | 'clock'>,
  { educators, student }: { educators: Array<{ _id: string; name: string }>; student: string },
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
      createdAt: new Date(now - (DEMO_COURSES.length - index) * 3_600_000),
    });
    Object.assign(courses[courses.length - 1] as CourseDoc, discoveryFields(courses[courses.length - 1] as CourseDoc));
  }
  // Listed empty: the enrollments module writes the lists as it records each enrollment below.
  await courseRecords(store).insertMany(courses.map((course) => ({ ...course, enrolledStudents: [] })));
  const purchases: PurchaseDoc[] = [];
  for (const course of courses) {
    for (const [i, userId] of course.enrolledStudents.entries()) {
      const when = new Date(course.createdAt.getTime() + (i + 1) * 600_000);
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
  const enrollments = enrollmentsService(store, clock);
  for (const p of purchases) await enrollments.enroll(p.userId, p.courseId, p._id);
}
