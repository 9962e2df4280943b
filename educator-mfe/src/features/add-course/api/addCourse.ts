import { apiRequest, type NewCourseInput } from '@courseport/shared-ui';
import { courseFormData } from '../hooks/chapters';

export const ADD_COURSE_PATH = '/api/educator/add-course';

/** Sends a new course (`POST /api/educator/add-course`, multipart: `courseData` JSON and the `image`). */
export async function addCourse({ input, thumbnail }: { input: NewCourseInput; thumbnail: File }) {
  return apiRequest<{ course: unknown }>(ADD_COURSE_PATH, { method: 'POST', body: courseFormData(input, thumbnail) });
}
