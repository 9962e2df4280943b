import type { Store } from '../../store/index.js';
import type { OnEnrollment } from '../enrollments/index.js';
import type { OnProgress, ProgressState } from '../learning/index.js';
import type { OnSaleEntry, SaleEntryEvent } from '../ledger/index.js';
import type { OnRating } from '../reviews/index.js';
import { analyticsRepositories } from './repository.js';

/** The UTC calendar day of a time, `YYYY-MM-DD`. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

const NO_PROGRESS: ProgressState = { opened: [], completed: [], position: null, done: false };

/** The lesson a student counts as "here" at: their position, unless they completed the course. */
const hereOf = (state: ProgressState) => (state.done ? null : state.position);

export interface LessonDelta {
  started: number;
  finished: number;
  here: number;
}

/**
 * What one progress change does to the lesson counters: lessons newly opened or completed, the
 * student's "here" moving from the old lesson to the new one (or away, on completing the course),
 * and whether they completed the course with it.
 */
export function progressDeltas(
  before: ProgressState | null,
  after: ProgressState,
): { lessons: Map<string, LessonDelta>; completed: number } {
  const was = before ?? NO_PROGRESS;
  const lessons = new Map<string, LessonDelta>();
  const delta = (lectureId: string) => {
    let found = lessons.get(lectureId);
    if (!found) {
      found = { started: 0, finished: 0, here: 0 };
      lessons.set(lectureId, found);
    }
    return found;
  };
  const opened = new Set(was.opened);
  for (const id of after.opened) if (!opened.has(id)) delta(id).started += 1;
  const completed = new Set(was.completed);
  for (const id of after.completed) if (!completed.has(id)) delta(id).finished += 1;
  const [from, to] = [hereOf(was), hereOf(after)];
  if (from !== to) {
    if (from) delta(from).here -= 1;
    if (to) delta(to).here += 1;
  }
  return { lessons, completed: (after.done ? 1 : 0) - (was.done ? 1 : 0) };
}

/** A sale or refund entry as a day's counters. */
export function saleDelta(event: SaleEntryEvent): Record<string, number> {
  return event.kind === 'sale'
    ? { sales: 1, grossPaise: event.gross, netPaise: event.amount }
    : { refunds: 1, refundedPaise: -event.amount };
}

/**
 * The writers of analytics' counters (#36): atomic `$inc` upserts on documents named by course and
 * day or lesson, so concurrent writers on any number of replicas add up exactly. They are the ports
 * the modules that own the events are given (compose.ts): the ledger's sale and refund entries,
 * enrollments recorded and ended, progress changes, ratings (kept on the day they count on). Each is called once per source write, by the
 * call that made it (the ledger's idempotency keys, the enrollment's own id, progress's
 * compare-and-set), so a repeated delivery of the same event counts once. Built before those
 * modules; it needs only the store.
 */
export function analyticsCounters(store: Store) {
  const { days, lessons, courses } = analyticsRepositories(store);

  async function addToDay(courseId: string, at: Date, inc: Record<string, number>): Promise<void> {
    const day = dayOf(at);
    await days.updateOne({ _id: `${courseId}:${day}` }, { $set: { courseId, day }, $inc: inc }, { upsert: true });
  }

  const onSaleEntry: OnSaleEntry = (event) => addToDay(event.courseId, event.at, saleDelta(event));

  const onEnrollment: OnEnrollment = async (event) => {
    await addToDay(event.courseId, event.at, { enrollments: event.delta });
    await courses.updateOne({ _id: event.courseId }, { $inc: { enrolled: event.delta } }, { upsert: true });
  };

  const onProgress: OnProgress = async ({ courseId, before, after }) => {
    const change = progressDeltas(before, after);
    for (const [lectureId, delta] of change.lessons) {
      const inc = Object.fromEntries(Object.entries(delta).filter(([, n]) => n !== 0));
      if (Object.keys(inc).length === 0) continue;
      await lessons.updateOne(
        { _id: `${courseId}:${lectureId}` },
        { $set: { courseId, lectureId }, $inc: inc },
        { upsert: true },
      );
    }
    if (change.completed !== 0)
      await courses.updateOne({ _id: courseId }, { $inc: { completed: change.completed } }, { upsert: true });
  };

  /** A rating given, changed, hidden, restored or deleted: out of the day it counted on, into the one it counts on. */
  const onRating: OnRating = async ({ courseId, before, after }) => {
    if (before) await addToDay(courseId, before.at, { ratings: -1, ratingSum: -before.rating });
    if (after) await addToDay(courseId, after.at, { ratings: 1, ratingSum: after.rating });
  };

  return { onSaleEntry, onEnrollment, onProgress, onRating };
}
export type AnalyticsCounters = ReturnType<typeof analyticsCounters>;
