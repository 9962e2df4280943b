import type { Chapter, EditableCourse, QuizDefinition } from '@courseport/contracts';
import type { AuthContext } from '../../auth/verify.js';
import type { Clock } from '../../clock.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.js';
import { ID_PATTERN, newId, type Store } from '../../store/index.js';
import type { CouponsService } from '../coupons/index.js';
import {
  type ChapterDoc,
  COURSE_NOT_FOUND,
  type CourseDoc,
  type CourseStatus,
  courseRecords,
  discoveryFields,
  type LectureDoc,
  sanitizeDescription,
  statusFields,
  statusOf,
} from '../courses/index.js';
import type { DiscussionsService } from '../discussions/index.js';
import {
  type ProcessedImage,
  thumbnailBlobs,
  thumbnailFields,
  thumbnailIdOf,
  type UploadQuota,
} from '../media/index.js';
import type { NotesService } from '../notes/index.js';
import type { ProjectsService } from '../projects/index.js';
import { type PurchaseStatus, purchaseRecords } from '../purchases/index.js';
import type { QuizzesService } from '../quizzes/index.js';
import { attachLessonResources, type ResourcesService } from '../resources/index.js';
import { userRecords } from '../users/index.js';
import type { VideosService } from '../videos/index.js';
import { emptyQuizPlan, type HostedVideos, hostedVideosOf, lessonDoc, type QuizPlan } from './lessons.js';
import type { EditCourse } from './lifecycle-schemas.js';

export const NOT_THE_OWNER = 'Only the course’s educator may change it';
export const EDITED_MEANWHILE = 'The course was changed meanwhile. Please reload it and try again.';
export const CANNOT_DELETE_SOLD =
  'This course has been bought or has students, so it cannot be deleted. Unpublish or archive it instead.';
export const CANNOT_DELETE_CHECKOUT =
  'Someone is paying for this course right now, so it cannot be deleted. Unpublish it and try again later.';

/** Purchases that mean someone paid, is paying, or was enrolled: a course with any is never deleted. */
const BLOCKING_PURCHASES: PurchaseStatus[] = ['pending', 'completed', 'refunded'];

/** What a published course needs; each missing thing named, so the educator knows what to fix. */
export function publishProblems(
  course: Pick<CourseDoc, 'courseTitle' | 'courseDescription' | 'coursePrice' | 'discount' | 'courseContent'>,
): string[] {
  const problems: string[] = [];
  if (!course.courseTitle?.trim()) problems.push('a title');
  if (!course.courseDescription?.replace(/<[^>]*>/g, '').trim()) problems.push('a description');
  const chapters = course.courseContent ?? [];
  if (!chapters.some((chapter) => chapter.chapterContent.length > 0))
    // Every lesson kind counts (a video, an article, a quiz, a project).
    problems.push('at least one chapter with at least one lecture');
  const price = course.coursePrice;
  const discount = course.discount;
  if (!Number.isFinite(price) || price < 0 || !Number.isFinite(discount) || discount < 0 || discount > 100)
    problems.push('a valid price and discount');
  return problems;
}

const publishRefusal = (problems: string[]) =>
  new HttpError(
    422,
    `A published course needs ${problems.join(', ')}. Please add ${problems.length > 1 ? 'them' : 'it'} first.`,
  );

/** The owner's view of the course: every lesson whole, each quiz with its definition (answer key included). */
function toEditable(course: CourseDoc, quizzes: ReadonlyMap<string, QuizDefinition> = new Map()): EditableCourse {
  const courseContent: Chapter[] = [...(course.courseContent ?? [])]
    .sort((a, b) => a.chapterOrder - b.chapterOrder)
    .map((chapter) => ({
      chapterId: chapter.chapterId,
      chapterTitle: chapter.chapterTitle,
      chapterOrder: chapter.chapterOrder,
      chapterContent: [...chapter.chapterContent]
        .sort((a, b) => a.lectureOrder - b.lectureOrder)
        .map((lesson) => {
          const quizDefinition = lesson.lessonKind === 'quiz' ? quizzes.get(lesson.lectureId) : undefined;
          return quizDefinition ? { ...lesson, quizDefinition } : lesson;
        }),
    }));
  return {
    _id: course._id,
    courseTitle: course.courseTitle,
    courseDescription: course.courseDescription,
    courseThumbnail: course.courseThumbnail,
    ...(course.thumbnail ? { thumbnail: course.thumbnail as EditableCourse['thumbnail'] } : {}),
    coursePrice: course.coursePrice,
    discount: course.discount,
    status: statusOf(course),
    category: typeof course.category === 'string' ? course.category : null,
    level: course.level ?? null,
    courseContent,
    studentsCount: course.enrolledStudents?.length ?? 0,
    createdAt: new Date(course.createdAt).toISOString(),
    ...(course.updatedAt ? { updatedAt: new Date(course.updatedAt).toISOString() } : {}),
  };
}

/**
 * The new `courseContent` from the edit: chapters and lectures that name an id are the course's own
 * (ids kept, so students' progress survives; a lecture may move to another chapter), those without
 * one are new, and any left out are removed. Orders follow the list. An id that is not one of the
 * course's, or that appears twice, is refused.
 */
export function mergeContent(
  current: ChapterDoc[],
  edit: NonNullable<EditCourse['courseContent']>,
  /** The course's quizzes as stored, and where the edit's quizzes are collected (saved after the course). */
  quizzes: { stored: ReadonlyMap<string, QuizDefinition>; plan: QuizPlan } = {
    stored: new Map(),
    plan: emptyQuizPlan(),
  },
  /** The hosted videos the edit names (#33, `hostedVideosOf`). */
  hosted: HostedVideos = new Map(),
): ChapterDoc[] {
  const lessonsBefore = new Map(current.flatMap((c) => c.chapterContent.map((l) => [l.lectureId, l] as const)));
  const chapterIds = new Set(current.map((c) => c.chapterId));
  const lectureIds = new Set(current.flatMap((c) => c.chapterContent.map((l) => l.lectureId)));
  const seenChapters = new Set<string>();
  const seenLectures = new Set<string>();
  return edit.map((chapter, c) => {
    if (chapter.chapterId !== undefined) {
      if (!chapterIds.has(chapter.chapterId))
        throw badRequest(`This chapter is not part of this course (courseContent.${c}.chapterId)`);
      if (seenChapters.has(chapter.chapterId))
        throw badRequest(`This chapter appears more than once (courseContent.${c}.chapterId)`);
      seenChapters.add(chapter.chapterId);
    }
    const lectures: LectureDoc[] = chapter.chapterContent.map((lecture, l) => {
      if (lecture.lectureId !== undefined) {
        const where = `courseContent.${c}.chapterContent.${l}.lectureId`;
        if (!lectureIds.has(lecture.lectureId)) throw badRequest(`This lecture is not part of this course (${where})`);
        if (seenLectures.has(lecture.lectureId)) throw badRequest(`This lecture appears more than once (${where})`);
        seenLectures.add(lecture.lectureId);
      }
      const lectureId = lecture.lectureId ?? newId();
      const before = lecture.lectureId === undefined ? undefined : lessonsBefore.get(lecture.lectureId);
      return lessonDoc(
        lecture,
        lectureId,
        l + 1,
        `courseContent.${c}.chapterContent.${l}`,
        quizzes.plan,
        {
          lesson: before,
          quiz: before ? quizzes.stored.get(lectureId) : undefined,
        },
        hosted,
      );
    });
    return {
      chapterId: chapter.chapterId ?? newId(),
      chapterTitle: chapter.chapterTitle,
      chapterOrder: c + 1,
      chapterContent: lectures,
    };
  });
}

/**
 * Editing, publishing, unpublishing, archiving and deleting a course. Every change is one
 * conditional update on the course's `editVersion`, so two edits racing never merge into a course
 * neither of them saw: the later one is a 409 and is sent again. Any write to the courses
 * collection bumps its write version, which is what the catalog caches rebuild on.
 */
export function courseLifecycle(
  store: Store,
  clock: Clock,
  isAdmin: (auth: AuthContext) => Promise<boolean>,
  publicApiUrl: string,
  /** Given by the composition root. */
  {
    coupons,
    quota,
    quizzes,
    resources,
    projects,
    videos,
    discussions,
    notes,
  }: {
    coupons: Pick<CouponsService, 'removeForCourse'>;
    quota: UploadQuota;
    quizzes: Pick<QuizzesService, 'definitionsOf' | 'saveForCourse' | 'removeForCourse'>;
    /** Lesson resources (#32): attached on edit, dropped files and a deleted course's files removed. */
    resources: Pick<ResourcesService, 'attachToCourse' | 'keepOnly' | 'removeForCourse'>;
    /** Project submissions (#32): a deleted course's go with it. */
    projects: Pick<ProjectsService, 'removeForCourse'>;
    /** #33: a lesson's hosted video (the owner's, ready) and what the lesson takes from it. */
    videos: Pick<VideosService, 'lessonFacts'>;
    /** #35: a deleted course's questions, answers and notes go with it. */
    discussions?: Pick<DiscussionsService, 'removeForCourse'>;
    notes?: Pick<NotesService, 'removeForCourse'>;
  },
) {
  const courses = courseRecords(store);
  const purchases = purchaseRecords(store);
  const users = userRecords(store);

  const isEducator = (userId: string): Promise<boolean> => users.hasRole(userId, 'educator');

  async function find(courseId: string): Promise<CourseDoc> {
    const course = ID_PATTERN.test(courseId) ? await courses.byId(courseId) : null;
    if (!course) throw notFound(COURSE_NOT_FOUND);
    return course;
  }

  /** Replaces fields of the course read as `course`, or 409 if it changed since. Returns the course after. */
  async function save(course: CourseDoc, set: Record<string, unknown>): Promise<CourseDoc> {
    const version = (course.editVersion as number | undefined) ?? 0;
    const saved = await courses.saveIfUnchanged(course._id, course.educator._id, version, {
      ...set,
      updatedAt: clock.now(),
    });
    if (!saved) throw conflict(EDITED_MEANWHILE);
    return saved;
  }

  /**
   * A course's image: the renditions, and the upload stored before renditions existed, if any (a
   * blob already gone is no error); the educator's upload quota gets back what it took.
   */
  async function removeImage(course: CourseDoc): Promise<void> {
    const { thumbnail } = course;
    if (thumbnail)
      await thumbnailBlobs(store)
        .remove(thumbnailIdOf(thumbnail), thumbnail.widths)
        .catch(() => {});
    const original = /\/api\/media\/([a-f0-9]{24})(?:[/?#]|$)/.exec(course.courseThumbnail)?.[1];
    if (original) await store.blobs.delete(original).catch(() => {});
    if (course.uploadBytes) await quota.release(course.educator._id, course.uploadBytes).catch(() => {});
  }

  const api = {
    /** The course for the editor: its owner (an educator) or an admin; 404 for no such course, else 403. */
    async readable(auth: AuthContext, courseId: string): Promise<CourseDoc> {
      if (await isAdmin(auth)) return find(courseId);
      return api.owned(auth, courseId);
    },

    /** The caller's own course (and the caller an educator): 403 for anyone else, 404 for no such course. */
    async owned(auth: AuthContext, courseId: string): Promise<CourseDoc> {
      if (!(await isEducator(auth.userId))) throw forbidden('Educator access required');
      const course = await find(courseId);
      if (course.educator._id !== auth.userId) throw forbidden(NOT_THE_OWNER);
      return course;
    },

    /** The owner's view (`EditableCourse`), each quiz lesson with its definition. */
    async toEditable(course: CourseDoc): Promise<EditableCourse> {
      const hasQuiz = (course.courseContent ?? []).some((c) => c.chapterContent.some((l) => l.lessonKind === 'quiz'));
      return toEditable(course, hasQuiz ? await quizzes.definitionsOf(course._id) : new Map());
    },

    async edit(course: CourseDoc, input: EditCourse): Promise<CourseDoc> {
      const plan = emptyQuizPlan();
      const set: Partial<CourseDoc> = {};
      if (input.courseTitle !== undefined) set.courseTitle = input.courseTitle;
      if (input.courseDescription !== undefined) set.courseDescription = sanitizeDescription(input.courseDescription);
      if (input.coursePrice !== undefined) set.coursePrice = Math.round(input.coursePrice * 100) / 100;
      if (input.discount !== undefined) set.discount = input.discount;
      if (input.courseContent !== undefined)
        set.courseContent = mergeContent(
          course.courseContent ?? [],
          input.courseContent,
          { stored: await quizzes.definitionsOf(course._id), plan },
          await hostedVideosOf(videos, course.educator._id, input.courseContent),
        );
      // #32: the lessons' resources, checked and attached before the write; dropped files removed after it.
      const keptResources =
        set.courseContent && input.courseContent
          ? await attachLessonResources(
              resources,
              course.educator._id,
              course._id,
              set.courseContent as ChapterDoc[],
              input.courseContent,
              course.courseContent ?? [],
            )
          : null;
      if (input.category !== undefined) set.category = input.category;
      if (input.level !== undefined) set.level = input.level;
      if (set.courseDescription !== undefined || set.courseContent !== undefined)
        Object.assign(set, discoveryFields({ ...course, ...set }));
      // A published course stays complete: an edit may not take away what publishing required.
      if (statusOf(course) === 'published') {
        const problems = publishProblems({ ...course, ...set });
        if (problems.length) throw publishRefusal(problems);
      }
      const saved = await save(course, set);
      // Only once the course is saved (a 409 leaves the quizzes as they were): the edit's quizzes,
      // and those of lessons removed (or no longer quizzes) go.
      if (input.courseContent !== undefined) await quizzes.saveForCourse(course._id, plan.definitions, plan.keep);
      if (keptResources) await resources.keepOnly(course._id, keptResources).catch(() => {});
      return saved;
    },

    /**
     * A new thumbnail: its renditions are stored, then the course points at them (one conditional
     * update, as every edit); only then are the old image's renditions removed and the bytes it took
     * of the upload quota given back. If the course cannot be saved, the new renditions go again.
     */
    async replaceThumbnail(course: CourseDoc, image: ProcessedImage, uploadBytes: number): Promise<CourseDoc> {
      const renditions = thumbnailBlobs(store);
      const id = await renditions.save(image);
      let saved: CourseDoc;
      try {
        saved = await save(course, { ...thumbnailFields(publicApiUrl, id, image), uploadBytes });
      } catch (error) {
        await renditions.remove(id, image.widths).catch(() => {});
        throw error;
      }
      await removeImage(course);
      return saved;
    },

    async publish(course: CourseDoc): Promise<CourseDoc> {
      const problems = publishProblems(course);
      if (problems.length) throw publishRefusal(problems);
      if (statusOf(course) === 'published') return course;
      return save(course, { ...statusFields('published'), publishedAt: clock.now() });
    },

    /** Out of the catalog, search and new purchases; enrolled students keep learning. */
    async unpublish(course: CourseDoc): Promise<CourseDoc> {
      const status = statusOf(course);
      if (status === 'unpublished') return course;
      if (status !== 'published') throw conflict(`Only a published course can be unpublished (this one is ${status})`);
      return save(course, statusFields('unpublished'));
    },

    /** Like unpublish, and out of the educator's active list. */
    async archive(course: CourseDoc): Promise<CourseDoc> {
      if (statusOf(course) === 'archived') return course;
      return save(course, statusFields('archived' satisfies CourseStatus));
    },

    /**
     * Deletes a course nobody has bought, is buying or is enrolled in (a draft, or a course that
     * never sold), with its coupons and thumbnail (whose bytes go back to the educator's upload quota). A published course is unpublished first, so no
     * checkout can start while its purchases are looked at; the purchase path checks the course is
     * still for sale after writing its purchase, so one of the two always sees the other.
     */
    async remove(course: CourseDoc): Promise<void> {
      if ((course.enrolledStudents?.length ?? 0) > 0) throw conflict(CANNOT_DELETE_SOLD);
      let current = course;
      if (statusOf(course) === 'published') current = await save(course, statusFields('unpublished'));
      const blocking = await purchases.anyOf(course._id, BLOCKING_PURCHASES);
      if (blocking || (current.enrolledStudents?.length ?? 0) > 0) {
        // Put it back as it was: a refused delete changes nothing.
        if (current !== course) await save(current, statusFields('published')).catch(() => {});
        throw conflict(blocking?.status === 'pending' ? CANNOT_DELETE_CHECKOUT : CANNOT_DELETE_SOLD);
      }
      const deleted = await courses.deleteOwned(course._id, course.educator._id);
      if (deleted === 0) throw notFound(COURSE_NOT_FOUND);
      await coupons.removeForCourse(course._id);
      await quizzes.removeForCourse(course._id);
      await removeImage(course);
      // #32: the course's files (lesson resources, project submissions' files), their quota back.
      await projects.removeForCourse(course._id).catch(() => {});
      await resources.removeForCourse(course._id).catch(() => {});
      // #35
      await discussions?.removeForCourse(course._id).catch(() => {});
      await notes?.removeForCourse(course._id).catch(() => {});
    },
  };
  return api;
}
export type CourseLifecycle = ReturnType<typeof courseLifecycle>;
