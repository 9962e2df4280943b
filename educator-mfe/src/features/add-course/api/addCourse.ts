import { apiRequest, type NewCourseInput } from '@courseport/shared-ui';
import { courseFormData } from '../hooks/chapters';

export const ADD_COURSE_PATH = '/api/educator/add-course';

/** The answer's `course`, and what it was saved as. */
export interface AddedCourse {
  _id: string;
  courseTitle: string;
  status: 'draft' | 'published';
}

/** Sends a new course (`POST /api/educator/add-course`, multipart: `courseData` JSON and the `image`). */
export async function addCourse({ input, thumbnail }: { input: NewCourseInput; thumbnail: File }) {
  return apiRequest<{ course: Omit<AddedCourse, 'status'> }>(ADD_COURSE_PATH, {
    method: 'POST',
    body: courseFormData(input, thumbnail),
  });
}
