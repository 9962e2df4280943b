import type { CourseDetails } from '@courseport/shared-ui';
import { useQuery } from '@courseport/shared-ui';
import { courseQuery } from '../api/course';

export { COURSE_NOT_FOUND, isNotFound } from '../api/course';

export type CourseState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: CourseDetails };

/**
 * One course (`useQuery` on `queryKeys.course.details(id)`): loading, the error (`retry` asks
 * again) or the course. A failed background refetch keeps the course on screen.
 */
export function useCourse(id: string) {
  const { data, error, status, refetch } = useQuery(courseQuery(id));
  const state: CourseState = data
    ? { status: 'ready', data }
    : status === 'error'
      ? { status: 'error', error }
      : { status: 'loading' };
  return { state, retry: () => void refetch() };
}
