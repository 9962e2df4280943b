import { api, type EnrolledCourse, useSession } from '@courseport/shared-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ENROLLED_COURSES_PATH } from '../api/endpoints';

export interface EnrolledCourses {
  /** The student's courses in enrollment order (oldest first); null until the first answer. */
  courses: EnrolledCourse[] | null;
  /** Loads the list again, keeping the current one on screen meanwhile. */
  refresh: () => Promise<void>;
}

/**
 * The signed-in student's enrolled courses (`GET /api/user/enrolled-courses`), fetched only while
 * `enabled`. Loaded again when the profile's enrollments change (e.g. after a payment). A failed
 * first load silently gives an empty list; a failed reload keeps the list already shown.
 */
export function useEnrolledCourses(enabled: boolean): EnrolledCourses {
  const userId = useSession((s) => s.user?._id ?? '');
  const enrolledIds = useSession((s) => s.user?.enrolledCourses?.join(',') ?? '');
  const [result, setResult] = useState<{ owner: string; courses: EnrolledCourse[] } | null>(null);
  const mounted = useRef(false);
  const latestCall = useRef(0);

  const load = useCallback(async (owner: string) => {
    const call = ++latestCall.current;
    let courses: EnrolledCourse[] | null;
    try {
      const res = await api.get<{ enrolledCourses: EnrolledCourse[] }>(ENROLLED_COURSES_PATH);
      courses = Array.isArray(res.enrolledCourses) ? res.enrolledCourses : [];
    } catch {
      courses = null;
    }
    if (!mounted.current || call !== latestCall.current) return;
    setResult((previous) => {
      if (courses) return { owner, courses };
      return previous?.owner === owner ? previous : { owner, courses: [] };
    });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: enrolledIds is the trigger for a reload.
  useEffect(() => {
    mounted.current = true;
    if (enabled) void load(userId);
    return () => {
      mounted.current = false;
    };
  }, [enabled, userId, enrolledIds, load]);

  const refresh = useCallback(() => load(userId), [load, userId]);
  const courses = enabled && result?.owner === userId ? result.courses : null;
  return { courses, refresh };
}
