import { ApiError, api, type InstructorProfile, queryKeys, queryOptions } from '@courseport/shared-ui';

export const INSTRUCTOR_NOT_FOUND = 'Instructor not found';

/** `GET /api/instructors/:id`; an answer without an instructor is a 404. */
export async function fetchInstructor(id: string): Promise<InstructorProfile> {
  const res = await api.get<{ instructor: InstructorProfile }>(`/api/instructors/${encodeURIComponent(id)}`);
  if (!res.instructor) throw new ApiError(INSTRUCTOR_NOT_FOUND, 404);
  return res.instructor;
}

/** An educator's public page, under `queryKeys.instructor.profile(id)`. */
export const instructorQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.instructor.profile(id), queryFn: () => fetchInstructor(id) });
