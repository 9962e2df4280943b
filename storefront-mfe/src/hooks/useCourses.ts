import { api, type CourseCard } from '@courseport/shared-ui';
import { useLoadable } from './useLoadable';

async function fetchCourses(): Promise<CourseCard[]> {
  const res = await api.get<{ courses: CourseCard[] }>('/api/course/all');
  return res.courses ?? [];
}

/** Every published course, newest first (`GET /api/course/all`). */
export function useCourses() {
  return useLoadable('all', fetchCourses);
}
