import { type CourseProgress, type EnrolledCourse, isGatedLesson } from '@courseport/contracts';
import type { Clock } from '../../clock.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { ID_PATTERN, newId, type Store } from '../../store/index.js';
import { versionedCache } from '../../store/versioned-cache.js';
import { COURSE_NOT_FOUND, type CourseDoc, catalogOf, courseRecords } from '../courses/index.js';
import { USER_NOT_FOUND, userRecords } from '../users/index.js';
import { type ProgressDoc, progressRepository } from './repository.js';

export const NOT_ENROLLED = 'You are not enrolled in this course';
export const LECTURE_NOT_IN_COURSE = 'This lecture is not part of the course';
export const PASS_THE_QUIZ = 'Pass the quiz to complete this lesson';
export const PROJECT_ACCEPTED_COMPLETES = 'This lesson is completed when your project is accepted';

/**
 * How long a course's cached lecture and student lists may be used on a store shared by several API
 * processes. Their writes to courses are announced to the others within a poll (SharedWriteVersions,
 * 250 ms); this only bounds an announcement that never came (a process that crashed right after a
 * write, or a store that failed to take the announcement).
 */
export const COURSE_ACCESS_MAX_AGE_MS = 5_000;
/**
 * Courses whose lists are kept at once (least recently used dropped first). Bounded by count: a
 * course with 100,000 students holds a few MB, most courses far less.
 */
export const COURSE_ACCESS_KEPT = 500;

/** What deciding "may this student work on this lecture" needs of a course, as sets. */
interface CourseAccess {
  lectureIds: ReadonlySet<string>;
  /** Quiz and project lessons (#32): completed by a passed quiz or an accepted project, not by the student. */
  gated: ReadonlyMap<string, 'quiz' | 'project'>;
  students: ReadonlySet<string>;
}

export const lectureIdsOf = (course: Pick<CourseDoc, 'courseContent'>) =>
  new Set((course.courseContent ?? []).flatMap((chapter) => chapter.chapterContent.map((l) => l.lectureId)));

/** The course's gated lessons (quizzes, projects) by id, with their kind. */
const gatedOf = (course: Pick<CourseDoc, 'courseContent'>) =>
  new Map(
    (course.courseContent ?? []).flatMap((chapter) =>
      chapter.chapterContent
        .filter((l) => isGatedLesson(l))
        .map((l) => [l.lectureId, l.lessonKind === 'quiz' ? ('quiz' as const) : ('project' as const)] as const),
    ),
  );

/**
 * What an enrolled student does with a course: watch and complete lectures (ratings: the reviews
 * module). Built once by the composition root: the modules that check access (learning, reviews,
 * certificates) share its cache of access lists.
 */
/** #36: a student's progress in a course as analytics counts it. */
export interface ProgressState {
  /** Every lesson the student opened (saved a position in) or completed. */
  opened: string[];
  completed: string[];
  /** The lesson they were last at, or null. */
  position: string | null;
  /** They completed every lesson the course has. */
  done: boolean;
}
/** #36: one progress write, as it changed the record (`before` null: the record was created). */
export interface ProgressChange {
  userId: string;
  courseId: string;
  before: ProgressState | null;
  after: ProgressState;
}
/** #36: told of every progress write after it landed (analytics' counters); must not throw. */
export type OnProgress = (change: ProgressChange) => Promise<void>;

/**
 * #36: what analytics counts of a progress record: the lessons opened (a position saved in them, or
 * completed), completed, where the student is, and whether they completed every lesson the course
 * has now (`lectureIds`).
 */
export function progressStateOf(
  doc: Pick<ProgressDoc, 'lectureCompleted'> & { position?: { lectureId: string } | undefined; opened?: unknown },
  lectureIds: ReadonlySet<string>,
): ProgressState {
  const completed = doc.lectureCompleted ?? [];
  const opened = new Set([...(Array.isArray(doc.opened) ? (doc.opened as string[]) : []), ...completed]);
  if (doc.position) opened.add(doc.position.lectureId);
  const done = lectureIds.size > 0 && [...lectureIds].every((id) => completed.includes(id));
  return { opened: [...opened], completed: [...completed], position: doc.position?.lectureId ?? null, done };
}

export function learningService(store: Store, clock: Clock, options: { onProgress?: OnProgress } = {}) {
  const users = userRecords(store);
  const courses = courseRecords(store);
  const progress = progressRepository(store);

  const catalog = catalogOf(store);

  /**
   * Each course's lecture ids and enrolled students, kept until the next write to courses (an
   * enrollment, a refund, a rating, an edit) made by any API process: within one process exact, since
   * a write bumps the version before anyone can read after it; from another process within a poll.
   * Unknown course ids are never kept (the build throws 404), so they cannot crowd out real ones.
   */
  const access = versionedCache<string, CourseAccess>({
    version: () => store.writeVersion('courses'),
    maxAgeMs: store.kind === 'embedded' ? Number.POSITIVE_INFINITY : COURSE_ACCESS_MAX_AGE_MS,
    maxEntries: COURSE_ACCESS_KEPT,
    // An access list past its age is read again before it answers, never served once more.
    serveExpired: false,
  });
  async function readAccess(courseId: string): Promise<CourseAccess> {
    const course = await courses.byId(courseId, { courseContent: 1, enrolledStudents: 1 });
    if (!course) throw notFound(COURSE_NOT_FOUND);
    return {
      lectureIds: lectureIdsOf(course),
      gated: gatedOf(course),
      students: new Set(course.enrolledStudents ?? []),
    };
  }

  /**
   * The store's answer when the cache says no: a student who enrolled (or a lecture added) on another
   * API process a moment ago is not refused for the poll's delay. Without reading the student list.
   */
  async function confirmAccess(
    userId: string,
    courseId: string,
    lectureId?: string,
  ): Promise<ReadonlyMap<string, 'quiz' | 'project'>> {
    const course = await courses.enrolledById(courseId, userId, { courseContent: 1 });
    if (!course) {
      // Not enrolled: 403 only for a course the caller can see (on sale, or their own). A draft's or
      // an archived course's id is answered as one that does not exist, so it cannot be probed (#30).
      const exists = await courses.visibleTo(courseId, userId);
      throw exists ? forbidden(NOT_ENROLLED) : notFound(COURSE_NOT_FOUND);
    }
    if (lectureId !== undefined && !lectureIdsOf(course).has(lectureId)) throw badRequest(LECTURE_NOT_IN_COURSE);
    return gatedOf(course);
  }

  /**
   * Passes if the caller is enrolled in the course (and the lecture, if given, is one of its
   * lectures): 404 for no such course (or one not published that is not the caller's), else 403 when
   * not enrolled, else 400 for another course's lecture. A yes comes from memory; a no is confirmed by the store first.
   */
  async function checkAccess(userId: string, courseId: string, lectureId?: string): Promise<void> {
    await accessTo(userId, courseId, lectureId);
  }

  /** `checkAccess`, answering the course's gated lessons (from the list that said yes). */
  async function accessTo(
    userId: string,
    courseId: string,
    lectureId?: string,
  ): Promise<ReadonlyMap<string, 'quiz' | 'project'>> {
    if (!ID_PATTERN.test(courseId)) throw notFound(COURSE_NOT_FOUND);
    const known = await access.get(courseId, () => readAccess(courseId));
    if (known.students.has(userId) && (lectureId === undefined || known.lectureIds.has(lectureId))) return known.gated;
    return confirmAccess(userId, courseId, lectureId);
  }

  /**
   * Every progress write: one atomic update of the student's record (an upsert on student and
   * course: unique together, so two first writes at once make one record, the adapters retry the
   * loser as an update) that answers the record as it was just before it (#36). From that, what the
   * write changed is exact however many writers race (two tabs, two replicas), and is told to
   * `onProgress` (analytics' counters). Returns whether the lecture was newly completed.
   */
  async function writeProgress(
    userId: string,
    courseId: string,
    lectureId: string,
    change: { complete: true } | { seconds: number },
  ): Promise<boolean> {
    const position = 'seconds' in change ? { lectureId, seconds: change.seconds, updatedAt: clock.now() } : null;
    const before = await progress.findOneAndUpdate(
      { userId, courseId },
      {
        ...(position ? { $set: { position } } : {}),
        $addToSet: position ? { opened: lectureId } : { opened: lectureId, lectureCompleted: lectureId },
      },
      { upsert: true, returnDocument: 'before' },
    );
    const completedBefore = before?.lectureCompleted ?? [];
    const newlyCompleted = !position && !completedBefore.includes(lectureId);
    if (options.onProgress) {
      const { lectureIds } = await access.get(courseId, () => readAccess(courseId));
      const openedBefore = Array.isArray(before?.opened) ? (before.opened as string[]) : [];
      const after = {
        lectureCompleted: newlyCompleted ? [...completedBefore, lectureId] : completedBefore,
        position: position ?? before?.position,
        opened: openedBefore.includes(lectureId) ? openedBefore : [...openedBefore, lectureId],
      };
      await options.onProgress({
        userId,
        courseId,
        before: before ? progressStateOf(before, lectureIds) : null,
        after: progressStateOf(after, lectureIds),
      });
    }
    return newlyCompleted;
  }

  /** Marks the lecture complete; whether it was new. */
  function markComplete(userId: string, courseId: string, lectureId: string): Promise<boolean> {
    return writeProgress(userId, courseId, lectureId, { complete: true });
  }

  return {
    /** The enrollment check of every learning route, for the reviews module too (`checkAccess`). */
    checkAccess,

    async enrolledCourses(userId: string): Promise<EnrolledCourse[]> {
      const user = await users.byId(userId, { enrolledCourses: 1 });
      if (!user) throw notFound(USER_NOT_FOUND);
      const list: EnrolledCourse[] = [];
      for (const courseId of user.enrolledCourses) {
        const course = await courses.byId(courseId);
        if (!course) continue;
        const details = await catalog.detailsOf(course, userId);
        list.push({ ...details, myRating: course.courseRatings.find((r) => r.userId === userId)?.rating ?? null });
      }
      return list;
    },

    async progress(userId: string, courseId: string): Promise<CourseProgress | null> {
      await checkAccess(userId, courseId);
      const found = await progress.findOne({ userId, courseId });
      if (!found) return null;
      // Only the course's current lectures: one the educator removed no longer counts as completed,
      // nor is it where the student resumes.
      const { lectureIds } = await access.get(courseId, () => readAccess(courseId));
      const answer: CourseProgress = {
        courseId,
        lectureCompleted: (found.lectureCompleted ?? []).filter((id) => lectureIds.has(id)),
      };
      const { position } = found;
      if (position && lectureIds.has(position.lectureId)) {
        answer.position = {
          lectureId: position.lectureId,
          seconds: position.seconds,
          updatedAt: new Date(position.updatedAt).toISOString(),
        };
      }
      return answer;
    },

    /**
     * Where the student is in the course (the lecture and the second into its video), replacing the
     * last one saved. The checks come from memory, so this is one write: an upsert of the course's
     * progress record (created without completed lectures if there is none yet).
     */
    async savePosition(userId: string, courseId: string, lectureId: string, seconds: number): Promise<void> {
      await checkAccess(userId, courseId, lectureId);
      await writeProgress(userId, courseId, lectureId, { seconds });
    },

    /**
     * #36: writes whole progress records in one go (the demo seed's learners, on a store that has none
     * of theirs yet): lessons completed and opened, and where each student is. Nothing is checked.
     */
    async importProgress(
      records: Array<{ userId: string; courseId: string; completed: string[]; at: string | null }>,
    ): Promise<void> {
      if (records.length === 0) return;
      const now = clock.now();
      await progress.insertMany(
        records.map((r) => ({
          _id: newId(),
          userId: r.userId,
          courseId: r.courseId,
          lectureCompleted: r.completed,
          opened: [...new Set([...r.completed, ...(r.at ? [r.at] : [])])],
          ...(r.at ? { position: { lectureId: r.at, seconds: 30, updatedAt: now } } : {}),
        })),
      );
    },

    /** #36: every student's progress in the course as analytics counts it (its rebuild). */
    async statesOfCourse(courseId: string): Promise<ProgressState[]> {
      const course = await courses.byId(courseId, { courseContent: 1 });
      const lectureIds = course ? lectureIdsOf(course) : new Set<string>();
      const docs = await progress.find({ courseId }, { projection: { lectureCompleted: 1, position: 1, opened: 1 } });
      return docs.map((doc) => progressStateOf(doc, lectureIds));
    },

    /**
     * Idempotent: completing a completed lecture changes nothing. Returns whether it was new. The
     * checks come from memory, so this is one write: an upsert on the student and course (unique
     * together, so two first completions at once make one record: the adapters retry the loser as an
     * update) whose result tells whether the lecture was added.
     */
    async completeLecture(userId: string, courseId: string, lectureId: string): Promise<boolean> {
      const gated = (await accessTo(userId, courseId, lectureId)).get(lectureId);
      // A quiz is completed by passing it, a project by its acceptance (#32): not by the student's say-so.
      if (gated === 'quiz') throw badRequest(PASS_THE_QUIZ);
      if (gated === 'project') throw badRequest(PROJECT_ACCEPTED_COMPLETES);
      return markComplete(userId, courseId, lectureId);
    },

    /**
     * Completes a quiz or project lesson for a module above learning (quizzes: a passed attempt;
     * projects: an accepted submission). The same checks as `completeLecture`, less the refusal of
     * gated lessons; idempotent. Returns whether it was new.
     */
    async completeGatedLesson(userId: string, courseId: string, lectureId: string): Promise<boolean> {
      await checkAccess(userId, courseId, lectureId);
      return markComplete(userId, courseId, lectureId);
    },
  };
}
export type LearningService = ReturnType<typeof learningService>;
