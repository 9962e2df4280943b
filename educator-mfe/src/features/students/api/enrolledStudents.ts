import { api, type EnrolledStudent, queryKeys, queryOptions } from '@courseport/shared-ui';

export const ENROLLED_STUDENTS_PATH = '/api/educator/enrolled-students';

/** Everyone enrolled in the caller's courses (`GET /api/educator/enrolled-students`). */
export async function fetchEnrolledStudents(): Promise<EnrolledStudent[]> {
  const res = await api.get<{ enrolledStudents: EnrolledStudent[] }>(ENROLLED_STUDENTS_PATH);
  return res.enrolledStudents ?? [];
}

/** The enrolled students as a query (`queryKeys.educator.enrolledStudents()`). */
export const enrolledStudentsQuery = () =>
  queryOptions({ queryKey: queryKeys.educator.enrolledStudents(), queryFn: fetchEnrolledStudents });
