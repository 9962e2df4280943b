import type { DashboardData, EducatorCourse, EnrolledStudent } from '@courseport/contracts';
import type { Clock } from '../../clock.js';
import { newId, type Store } from '../../store/index.js';
import {
  type CourseDoc,
  courseRecords,
  discoveryFields,
  sanitizeDescription,
  statusFields,
  statusOf,
} from '../courses/index.js';
import { type ProcessedImage, thumbnailBlobs, thumbnailFields } from '../media/index.js';
import { purchaseRecords } from '../purchases/index.js';
import type { QuizzesService } from '../quizzes/index.js';
import { attachLessonResources, type ResourcesService } from '../resources/index.js';
import { userRecords } from '../users/index.js';
import type { VideosService } from '../videos/index.js';
import { emptyQuizPlan, hostedVideosOf, lessonDoc } from './lessons.js';
import type { NewCourse } from './schemas.js';

/** Paise to whole rupees, rounded down. */
const rupees = (paise: number) => Math.floor(paise / 100);

/** An educator's own courses, students and earnings; never anyone else's. */
/**
 * `countSimulated`: whether purchases through the local checkout count as earnings (demo mode);
 * in production they never do, since no money moved.
 *
 * The dashboard's `totalEarnings` (and each course's earnings) keep the spec's meaning: what
 * students paid for the educator's completed purchases (whole rupees, before the platform's fee,
 * refunds excluded). What the educator is owed is the ledger's (#36, `modules/ledger`): the same
 * sales (those completed since the ledger exists: older ones are not back-filled) (by the same `countSimulated` rule), less the fee, with refunds as entries of their own;
 * so `totalEarnings` = the sum of the ledger's sale `gross` less its refunds' (in rupees, rounded
 * down), and the educator's share is `GET /api/educator/balance`.
 */
export function educatorService(
  store: Store,
  clock: Clock,
  publicApiUrl: string,
  countSimulated: boolean,
  /** Given by the composition root (#32): quizzes are stored by their module, lesson files attached by theirs. */
  lessons: {
    quizzes: Pick<QuizzesService, 'saveForCourse' | 'removeForCourse'>;
    resources: Pick<ResourcesService, 'attachToCourse' | 'detachCourse'>;
    /** #33: a lesson's hosted video (the owner's, ready) and what the lesson takes from it. */
    videos: Pick<VideosService, 'lessonFacts'>;
  },
) {
  const { quizzes, resources, videos } = lessons;
  const courses = courseRecords(store);
  const purchases = purchaseRecords(store);
  const users = userRecords(store);
  const renditions = thumbnailBlobs(store);

  const completedPurchases = (courseIds: string[]) => purchases.completedOf(courseIds);

  const ownCourses = (educatorId: string) => courses.ofEducator(educatorId, { courseContent: 0, courseRatings: 0 });

  async function enrollments(
    educatorId: string,
  ): Promise<{ list: EnrolledStudent[]; mine: CourseDoc[]; paid: Map<string, number> }> {
    const mine = await ownCourses(educatorId);
    const titles = new Map(mine.map((c) => [c._id, c.courseTitle]));
    const done = await completedPurchases([...titles.keys()]);
    const students = await users.byIds(
      done.map((p) => p.userId),
      { name: 1, imageUrl: 1 },
    );
    const byId = new Map(students.map((s) => [s._id, s]));
    const paid = new Map<string, number>();
    for (const p of done)
      if (countSimulated || !p.simulated) paid.set(p.courseId, (paid.get(p.courseId) ?? 0) + p.amount);
    const list = done.map((p) => {
      const student = byId.get(p.userId);
      return {
        student: { _id: p.userId, name: student?.name ?? 'Unknown student', imageUrl: student?.imageUrl ?? '' },
        courseTitle: titles.get(p.courseId) ?? '',
        purchaseDate: (p.completedAt ?? p.createdAt).toISOString(),
      };
    });
    return { list, mine, paid };
  }

  return {
    assertEducator: users.assertEducator,

    /**
     * Stores the thumbnail's renditions, then the course; if the course cannot be stored, the renditions go too.
     * `uploadBytes`: the size of the upload as the quota counted it.
     */
    async addCourse(educator: { _id: string; name: string }, input: NewCourse, image: ProcessedImage, uploadBytes = 0) {
      const courseId = newId();
      // The lessons first: a quiz refused here (400) stores nothing.
      const plan = emptyQuizPlan();
      const hosted = await hostedVideosOf(videos, educator._id, input.courseContent);
      const courseContent = input.courseContent.map((chapter, c) => ({
        chapterId: newId(),
        chapterTitle: chapter.chapterTitle,
        chapterOrder: c + 1,
        chapterContent: chapter.chapterContent.map((lecture, l) =>
          lessonDoc(lecture, newId(), l + 1, `courseContent.${c}.chapterContent.${l}`, plan, undefined, hosted),
        ),
      }));
      const thumbnailId = await renditions.save(image);
      const course: CourseDoc = {
        _id: courseId,
        courseTitle: input.courseTitle,
        courseDescription: sanitizeDescription(input.courseDescription),
        ...thumbnailFields(publicApiUrl, thumbnailId, image),
        coursePrice: Math.round(input.coursePrice * 100) / 100,
        discount: input.discount,
        educator,
        courseContent,
        courseRatings: [],
        enrolledStudents: [],
        ...statusFields(input.status ?? 'published'),
        category: input.category ?? null,
        level: input.level ?? null,
        // What the upload took of the educator's quota: given back when the course is deleted.
        ...(uploadBytes > 0 ? { uploadBytes } : {}),
        createdAt: clock.now(),
      };
      Object.assign(course, discoveryFields(course));
      try {
        // The lessons' resources (files checked and attached, links given ids), then the quizzes
        // before the course: a course is never seen without its quizzes.
        await attachLessonResources(resources, educator._id, course._id, course.courseContent, input.courseContent);
        if (plan.definitions.size > 0) await quizzes.saveForCourse(courseId, plan.definitions);
        await courses.insert(course);
      } catch (error) {
        if (plan.definitions.size > 0) await quizzes.removeForCourse(courseId).catch(() => {});
        await renditions.remove(thumbnailId, image.widths).catch(() => {});
        await resources.detachCourse(course._id).catch(() => {});
        throw error;
      }
      return course;
    },

    /** The educator's courses; archived ones only with `includeArchived`. */
    async courses(educatorId: string, includeArchived = false): Promise<EducatorCourse[]> {
      const mine = (await ownCourses(educatorId)).filter((c) => includeArchived || statusOf(c) !== 'archived');
      const done = await completedPurchases(mine.map((c) => c._id));
      const paid = new Map<string, number>();
      for (const p of done)
        if (countSimulated || !p.simulated) paid.set(p.courseId, (paid.get(p.courseId) ?? 0) + p.amount);
      return mine.map((c) => ({
        _id: c._id,
        courseTitle: c.courseTitle,
        courseDescription: c.courseDescription,
        courseThumbnail: c.courseThumbnail,
        ...(c.thumbnail ? { thumbnail: c.thumbnail } : {}),
        coursePrice: c.coursePrice,
        discount: c.discount,
        createdAt: c.createdAt.toISOString(),
        studentsCount: c.enrolledStudents.length,
        earnings: rupees(paid.get(c._id) ?? 0),
        status: statusOf(c),
      }));
    },

    async dashboard(educatorId: string): Promise<DashboardData> {
      const { list, mine, paid } = await enrollments(educatorId);
      const total = [...paid.values()].reduce((sum, amount) => sum + amount, 0);
      return { totalCourses: mine.length, totalEarnings: rupees(total), enrolledStudentsData: list };
    },

    async enrolledStudents(educatorId: string): Promise<EnrolledStudent[]> {
      return (await enrollments(educatorId)).list;
    },
  };
}
export type EducatorService = ReturnType<typeof educatorService>;
