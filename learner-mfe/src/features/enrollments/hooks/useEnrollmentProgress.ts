import { type EnrolledCourse, errorText, type UseQueryResult, useQueries } from '@courseport/shared-ui';
import { useMemo } from 'react';
import { type FailureNotice, useErrorToasts } from '../../page/hooks/useErrorToasts';
import { courseProgressQuery } from '../api/progress';

/** Completed lecture ids per course id. */
export type ProgressByCourse = ReadonlyMap<string, ReadonlySet<string>>;

const NOTHING_DONE: ReadonlySet<string> = new Set();
const NO_FAILURES: FailureNotice[] = [];

interface Round {
  /** Each course's completed lectures, in the courses' order; null until every course has answered. */
  done: (ReadonlySet<string> | undefined)[] | null;
  failures: FailureNotice[];
}

/** Module-level, so TanStack Query runs it only when a result changed (and keeps its answer otherwise). */
function combine(results: UseQueryResult<ReadonlySet<string>>[]): Round {
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
 * (no waterfall). A failed request counts as no completed lecture for its course; its message is
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
    () => (courses && done ? new Map(courses.map((course, i) => [course._id, done[i] ?? NOTHING_DONE])) : null),
    [courses, done],
  );
}

export const completedIds = (progress: ProgressByCourse, courseId: string) => progress.get(courseId) ?? NOTHING_DONE;
