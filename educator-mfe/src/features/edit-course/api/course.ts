import {
  api,
  apiRequest,
  type EditableCourse,
  type EditCourseInput,
  queryKeys,
  queryOptions,
} from '@courseport/shared-ui';

export const coursePath = (courseId: string) => `/api/educator/courses/${encodeURIComponent(courseId)}`;

/** One of the caller's courses with every lecture, for the editor (`GET /api/educator/courses/:id`). */
export async function fetchEditableCourse(courseId: string): Promise<EditableCourse> {
  const res = await api.get<{ course: EditableCourse }>(coursePath(courseId));
  return res.course;
}

export const editableCourseQuery = (courseId: string) =>
  queryOptions({ queryKey: queryKeys.educator.course(courseId), queryFn: () => fetchEditableCourse(courseId) });

/** Saves an edit (`PATCH /api/educator/courses/:id`, JSON); the answer is the course as saved. */
export async function saveCourse({ courseId, input }: { courseId: string; input: EditCourseInput }) {
  return apiRequest<{ message: string; course: EditableCourse }>(coursePath(courseId), {
    method: 'PATCH',
    body: input,
  });
}

/** Replaces the thumbnail (`PUT /api/educator/courses/:id/thumbnail`, multipart `image`). */
export async function replaceThumbnail({ courseId, thumbnail }: { courseId: string; thumbnail: File }) {
  const body = new FormData();
  body.append('image', thumbnail);
  return apiRequest<{ message: string; course: EditableCourse }>(`${coursePath(courseId)}/thumbnail`, {
    method: 'PUT',
    body,
  });
}
