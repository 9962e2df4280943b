import {
  type EnrolledCourse,
  errorText,
  type FailureNotice,
  type UseQueryResult,
  useErrorToasts,
  useQueries,
} from '@courseport/shared-ui';
import { useMemo } from 'react';
import { courseProgressQuery, NO_PROGRESS, type ProgressData } from '../../../api/progress';

/** Each course's progress (completed lectures, saved position) by course id. */
export type ProgressByCourse = ReadonlyMap<string, ProgressData>;

const NO_FAILURES: FailureNotice[] = [];

interface Round {
  /** Each course's progress, in the courses' order; null until every course has answered. */
  done: (ProgressData | undefined)[] | null;
  failures: FailureNotice[];
}

/** Module-level, so TanStack Query runs it only when a result changed (and keeps its answer otherwise). */
function combine(results: UseQueryResult<ProgressData>[]): Round {
  if (results.some((query) => query.isPending)) return { done: null, failures: NO_FAILURES };
  return {
    done: results.map((query) => query.data),
    failures: results.flatMap((query) =>
      query.isError
        ? [{ at: query.errorUpdatedAt, message: errorText(query.error, 'Failed to load course progress') }]
        : [],
    ),
  };
}

/**
 * The progress of every course (`queryKeys.user.progress(courseId)` each), all requested at once
 * (no waterfall). A failed request counts as no progress for its course; its message is
 * shown once. Null until every course has answered.
 */
export function useEnrollmentProgress(courses: EnrolledCourse[] | null): ProgressByCourse | null {
  const round = useQueries({
    queries: (courses ?? []).map((course) => courseProgressQuery(course._id)),
    combine,
  });
  useErrorToasts(courses ? round.failures : NO_FAILURES);
  const { done } = round;
  return useMemo(
    () => (courses && done ? new Map(courses.map((course, i) => [course._id, done[i] ?? NO_PROGRESS])) : null),
    [courses, done],
  );
}

export const progressOf = (progress: ProgressByCourse, courseId: string) => progress.get(courseId) ?? NO_PROGRESS;
