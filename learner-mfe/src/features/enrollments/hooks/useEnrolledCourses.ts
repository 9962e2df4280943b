import { type EnrolledCourse, queryKeys, useQuery, useQueryClient, useSession } from '@courseport/shared-ui';
import { useEffect, useRef } from 'react';
import { enrolledCoursesQuery } from '../api/enrolledCourses';

/**
 * The signed-in student's enrolled courses (`queryKeys.user.enrolledCourses()`), fetched only while
 * `enabled`. Loaded again when the profile's enrollments change (e.g. a purchase in another tab);
 * after a purchase on this page the purchase flow's invalidation does it. A failed reload keeps the
 * list already shown; a failed first load is an error (with `refetch` to retry), never an empty list.
 */
export function useEnrolledCourses(enabled: boolean) {
  const client = useQueryClient();
  const enrolledIds = useSession((s) => s.user?.enrolledCourses?.join(',') ?? '');
  const seenIds = useRef(enrolledIds);

  useEffect(() => {
    if (seenIds.current === enrolledIds) return;
    seenIds.current = enrolledIds;
    void client.invalidateQueries({ queryKey: queryKeys.user.enrolledCourses() });
  }, [client, enrolledIds]);

  return useQuery({ ...enrolledCoursesQuery(), enabled });
}

export type EnrolledCoursesQuery = ReturnType<typeof useEnrolledCourses>;
export type { EnrolledCourse };
