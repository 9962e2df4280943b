/**
 * Enrollments (the `enrollments` collection): the one owner of who is enrolled in what. An
 * enrollment's consequences on the spec's lists (the user's `enrolledCourses`, the course's
 * `enrolledStudents`) are written here, through the users and courses modules, after the record.
 */
export { ENROLLMENT_INDEXES } from './repository.js';
export { type EnrollmentsService, enrollmentsService, type OnEnrollment } from './service.js';
