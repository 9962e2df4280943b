import { useSession } from '@courseport/shared-ui';

/**
 * Who is looking at a learner page: still unknown, signed out, a student (whose enrolled courses
 * can be fetched) or a signed-in user without the student role (who has no enrollments).
 */
export type LearnerAccess = 'loading' | 'signed-out' | 'student' | 'not-student';

export function useLearnerAccess(): LearnerAccess {
  const status = useSession((s) => s.status);
  const userLoaded = useSession((s) => s.userLoaded);
  const isStudent = useSession((s) => s.roles.includes('student'));
  if (status === 'loading') return 'loading';
  if (status === 'signed-out') return 'signed-out';
  if (isStudent) return 'student';
  // The roles come with the profile: until it has loaded, the user may still turn out to be a student.
  return userLoaded ? 'not-student' : 'loading';
}
