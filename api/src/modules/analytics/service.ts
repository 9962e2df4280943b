import { lessonKindOf } from '@courseport/contracts';
import type {
  AnalyticsDay,
  AnalyticsRatingMonth,
  AnalyticsTotals,
  CourseLessonReach,
  EducatorAnalytics,
  LessonReach,
} from '@courseport/contracts/analytics';
import type { Clock } from '../../clock.js';
import { notFound } from '../../http/errors.js';
import { ID_PATTERN, type Store } from '../../store/index.js';
import { COURSE_NOT_FOUND, type CourseDoc, courseRecords } from '../courses/index.js';
import type { ProgressState } from '../learning/index.js';
import type { SaleEntryEvent } from '../ledger/index.js';
import { dayOf, progressDeltas, saleDelta } from './counters.js';
import { type AnalyticsLessonDoc, analyticsRepositories } from './repository.js';

const DAY_MS = 86_400_000;
/** How many built courses a process remembers before it forgets them all (and reads again). */
const BUILT_KEPT = 10_000;
const DAY_FIELDS = ['enrollments', 'sales', 'grossPaise', 'netPaise', 'refunds', 'refundedPaise'] as const;

/** What analytics reads from the modules that own the events (given by compose.ts). */
export interface AnalyticsSources {
  /** The ledger's sale and refund entries of a course. */
  saleEventsOfCourse(courseId: string): Promise<SaleEntryEvent[]>;
  /** When each current enrollment in a course was recorded. */
  enrollmentDatesOfCourse(courseId: string): Promise<Date[]>;
  /** Every student's progress in a course. */
  progressOfCourse(courseId: string): Promise<ProgressState[]>;
  /** The ratings of these courses that count, with when each was given (the rebuild). */
  ratingsOfCourses(courseIds: readonly string[]): Promise<Array<{ rating: number; at: Date }>>;
}

export interface AnalyticsRange {
  from?: string | undefined;
  to?: string | undefined;
  courseId?: string | undefined;
}

const emptyDay = (day: string): AnalyticsDay => ({
  day,
  enrollments: 0,
  sales: 0,
  grossPaise: 0,
  netPaise: 0,
  refunds: 0,
  refundedPaise: 0,
});

const average = (sum: number, count: number) => (count === 0 ? null : Math.round((sum / count) * 100) / 100);

/** Every day from `from` to `to` (inclusive), `YYYY-MM-DD`. */
function daysBetween(from: string, to: string): string[] {
  const list: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    list.push(dayOf(new Date(t)));
  return list;
}

/** Every month (`YYYY-MM`) the days touch, in order. */
const monthsOf = (days: readonly string[]) => [...new Set(days.map((d) => d.slice(0, 7)))];

/** The lessons of a course in course order, with their chapter. */
const lessonsOf = (course: Pick<CourseDoc, 'courseContent'>) =>
  [...(course.courseContent ?? [])]
    .sort((a, b) => a.chapterOrder - b.chapterOrder)
    .flatMap((chapter) => chapter.chapterContent.map((lecture) => ({ chapter, lecture })));

/**
 * Educator analytics (#36, part 5), read from the counters `analyticsCounters` keeps (days per
 * course, lessons, course completions): a range of days (sales, refunds, enrollments,
 * ratings) is at most 731 small documents per course, a course's reach one per lesson, however many
 * students. `rebuildCourse` recomputes a course's counters
 * from the sources (idempotent, `$set`): the backfill on a course's first read and the repair of
 * counters that drifted (a process killed between a source write and its counter's `$inc`).
 */
export function analyticsService(store: Store, clock: Clock, sources: AnalyticsSources) {
  const { days, lessons, courses: courseCounters } = analyticsRepositories(store);
  const courses = courseRecords(store);
  /** Courses whose counters this process knows are built (they stay built): no read to check again. */
  const built = new Set<string>();

  /** Recomputes the course's counters from the sources and writes them over the live ones. */
  async function rebuildCourse(courseId: string): Promise<void> {
    const [sales, enrollments, progress, rated] = await Promise.all([
      sources.saleEventsOfCourse(courseId),
      sources.enrollmentDatesOfCourse(courseId),
      sources.progressOfCourse(courseId),
      sources.ratingsOfCourses([courseId]),
    ]);
    const dayTotals = new Map<string, Record<string, number>>();
    const add = (at: Date, inc: Record<string, number>) => {
      const day = dayOf(at);
      const totals = dayTotals.get(day) ?? Object.fromEntries(DAY_FIELDS.map((f) => [f, 0]));
      for (const [field, n] of Object.entries(inc)) totals[field] = (totals[field] ?? 0) + n;
      dayTotals.set(day, totals);
    };
    for (const event of sales) add(event.at, saleDelta(event));
    for (const at of enrollments) add(at, { enrollments: 1 });
    for (const { rating, at } of rated) add(at, { ratings: 1, ratingSum: rating });
    const lessonTotals = new Map<string, { started: number; finished: number; here: number }>();
    let completed = 0;
    for (const state of progress) {
      const change = progressDeltas(null, state);
      completed += change.completed;
      for (const [lectureId, delta] of change.lessons) {
        const totals = lessonTotals.get(lectureId) ?? { started: 0, finished: 0, here: 0 };
        totals.started += delta.started;
        totals.finished += delta.finished;
        totals.here += delta.here;
        lessonTotals.set(lectureId, totals);
      }
    }
    for (const [day, totals] of dayTotals)
      await days.updateOne({ _id: `${courseId}:${day}` }, { $set: { courseId, day, ...totals } }, { upsert: true });
    await days.deleteMany({ courseId, _id: { $nin: [...dayTotals.keys()].map((day) => `${courseId}:${day}`) } });
    for (const [lectureId, totals] of lessonTotals)
      await lessons.updateOne(
        { _id: `${courseId}:${lectureId}` },
        { $set: { courseId, lectureId, ...totals } },
        { upsert: true },
      );
    await lessons.deleteMany({
      courseId,
      _id: { $nin: [...lessonTotals.keys()].map((lectureId) => `${courseId}:${lectureId}`) },
    });
    await courseCounters.updateOne(
      { _id: courseId },
      { $set: { enrolled: enrollments.length, completed, builtAt: clock.now() } },
      { upsert: true },
    );
  }

  /** Builds the counters of the courses that have never been built (a course's first read: the backfill). */
  async function ensureBuilt(courseIds: readonly string[]): Promise<void> {
    const unknown = courseIds.filter((id) => !built.has(id));
    if (unknown.length === 0) return;
    const found = await courseCounters.find(
      { _id: unknown.length === 1 ? unknown[0] : { $in: unknown }, builtAt: { $exists: true } },
      { projection: { _id: 1 } },
    );
    const done = new Set(found.map((c) => c._id));
    for (const courseId of unknown) if (!done.has(courseId)) await rebuildCourse(courseId);
    if (built.size + unknown.length > BUILT_KEPT) built.clear();
    for (const courseId of unknown) built.add(courseId);
  }

  /** The educator's course, or 404 (as for a course that does not exist). */
  async function ownCourse(educatorId: string, courseId: string, projection: Record<string, 0 | 1>) {
    const course = ID_PATTERN.test(courseId) ? await courses.byId(courseId, { ...projection, educator: 1 }) : null;
    if (!course || course.educator._id !== educatorId) throw notFound(COURSE_NOT_FOUND);
    return course;
  }

  return {
    rebuildCourse,

    /**
     * Builds the counters of every course that has none yet, one course at a time, until done or
     * `signal` aborts (server.ts, in the background at start: the first read of a course then finds
     * them built). Replicas starting together may build the same course twice: the same `$set`s.
     * The number of courses built.
     */
    async backfill(signal?: AbortSignal): Promise<number> {
      let count = 0;
      for (const courseId of await courses.allIds()) {
        if (signal?.aborted) break;
        if (built.has(courseId)) continue;
        const wasBuilt = await courseCounters.findOne(
          { _id: courseId, builtAt: { $exists: true } },
          { projection: { _id: 1 } },
        );
        await ensureBuilt([courseId]);
        if (!wasBuilt) count += 1;
      }
      return count;
    },

    /** Rebuilds every course's counters (`pnpm analytics-rebuild`); the number of courses. */
    async rebuildAll(): Promise<number> {
      const all = await courses.allIds();
      for (const courseId of all) await rebuildCourse(courseId);
      return all.length;
    },

    /** The educator's sales, enrollments and ratings by day and month (`from`..`to` already checked). */
    async analytics(educatorId: string, range: { from: string; to: string; courseId?: string | undefined }) {
      const mine = await courses.ofEducator(educatorId, { courseTitle: 1, createdAt: 1 });
      const list = mine.map((c) => ({ id: c._id, title: c.courseTitle }));
      if (range.courseId && !mine.some((c) => c._id === range.courseId)) throw notFound(COURSE_NOT_FOUND);
      const ids = range.courseId ? [range.courseId] : mine.map((c) => c._id);
      await ensureBuilt(ids);
      const found = ids.length
        ? await days.find({
            // One course by equality: a store that pushes filters down (FerretDB) uses it.
            courseId: ids.length === 1 ? ids[0] : { $in: ids },
            day: { $gte: range.from, $lte: range.to },
          })
        : [];
      const dayList = daysBetween(range.from, range.to);
      const byDay = new Map(dayList.map((day) => [day, emptyDay(day)]));
      const months = new Map(monthsOf(dayList).map((month) => [month, { count: 0, sum: 0 }]));
      let ratingCount = 0;
      let ratingSum = 0;
      for (const doc of found) {
        const day = byDay.get(doc.day);
        if (!day) continue;
        for (const field of DAY_FIELDS) day[field] += Number(doc[field] ?? 0);
        const month = months.get(doc.day.slice(0, 7));
        if (month && doc.ratings) {
          month.count += doc.ratings;
          month.sum += Number(doc.ratingSum ?? 0);
          ratingCount += doc.ratings;
          ratingSum += Number(doc.ratingSum ?? 0);
        }
      }
      const daysOut = [...byDay.values()];
      const totals: AnalyticsTotals = {
        ...Object.fromEntries(DAY_FIELDS.map((f) => [f, daysOut.reduce((sum, d) => sum + d[f], 0)])),
        ratings: ratingCount,
        averageRating: average(ratingSum, ratingCount),
      } as AnalyticsTotals;
      const ratings: AnalyticsRatingMonth[] = [...months].map(([month, m]) => ({
        month,
        count: m.count,
        average: average(m.sum, m.count),
      }));
      const answer: EducatorAnalytics = {
        from: range.from,
        to: range.to,
        courseId: range.courseId ?? null,
        courses: list,
        totals,
        days: daysOut,
        ratings,
      };
      return answer;
    },

    /** Each lesson's reach in course order: started, finished, left here. */
    async lessonReach(educatorId: string, courseId: string): Promise<CourseLessonReach> {
      const course = await ownCourse(educatorId, courseId, { courseTitle: 1, courseContent: 1 });
      await ensureBuilt([courseId]);
      const [counters, summary] = await Promise.all([
        lessons.find({ courseId }),
        courseCounters.findOne({ _id: courseId }),
      ]);
      const byLesson = new Map<string, AnalyticsLessonDoc>(counters.map((c) => [c.lectureId, c]));
      const list: LessonReach[] = lessonsOf(course).map(({ chapter, lecture }, index) => {
        const counted = byLesson.get(lecture.lectureId);
        return {
          lectureId: lecture.lectureId,
          title: lecture.lectureTitle,
          chapterTitle: chapter.chapterTitle,
          order: index + 1,
          kind: lessonKindOf(lecture),
          started: Math.max(0, counted?.started ?? 0),
          finished: Math.max(0, counted?.finished ?? 0),
          leftHere: Math.max(0, counted?.here ?? 0),
        };
      });
      return {
        courseId,
        courseTitle: course.courseTitle,
        enrolled: Math.max(0, summary?.enrolled ?? 0),
        completed: Math.max(0, summary?.completed ?? 0),
        lessons: list,
      };
    },

    /** The default range: the last `days` days, today (UTC) included. */
    defaultRange(daysBack: number): { from: string; to: string } {
      const today = clock.now();
      return { from: dayOf(new Date(today.getTime() - (daysBack - 1) * DAY_MS)), to: dayOf(today) };
    },
  };
}
export type AnalyticsService = ReturnType<typeof analyticsService>;
