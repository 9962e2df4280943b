/**
 * Users (the `users` collection): profiles, roles, the spec's `enrolledCourses` list and educators'
 * public profiles. Calls admin-emails (who is an admin).
 */
import type { Clock } from '../../clock.js';
import type { Store } from '../../store/index.js';
import type { AdminEmailsService } from '../admin-emails/index.js';
import { instructorProfiles } from './instructor-profiles.js';
import { usersRepository } from './repository.js';
import { enrolledCoursesList, usersService } from './service.js';

export { INSTRUCTOR_NOT_FOUND, type InstructorProfiles } from './instructor-profiles.js';
export { type UserRecords, userRecords } from './records.js';
export type { StoredRole, UserDoc } from './repository.js';
export { type UserServices, userRoutes } from './routes.js';
export { bioSchema } from './schemas.js';
export {
  cachedUserData,
  type EnrolledCoursesList,
  SHARED_STORE_USER_DATA_MAX_AGE_MS,
  USER_NOT_FOUND,
  type UsersService,
} from './service.js';

export const usersOf = (store: Store, adminEmails: AdminEmailsService, clock: Clock, placeholderImage: string) =>
  usersService(usersRepository(store), adminEmails, clock, placeholderImage);
export const instructorProfilesOf = (store: Store, clock: Clock) => instructorProfiles(usersRepository(store), clock);
export const enrolledCoursesListOf = (store: Store) => enrolledCoursesList(usersRepository(store));
