import { type InstructorProfile, useQuery } from '@courseport/shared-ui';
import { instructorQuery } from '../api/instructor';

export type InstructorState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: InstructorProfile };

/** An educator's public page (`useQuery` on `queryKeys.instructor.profile(id)`); `retry` asks again. */
export function useInstructor(id: string) {
  const { data, error, status, refetch } = useQuery(instructorQuery(id));
  const state: InstructorState = data
    ? { status: 'ready', data }
    : status === 'error'
      ? { status: 'error', error }
      : { status: 'loading' };
  return { state, retry: () => void refetch() };
}
