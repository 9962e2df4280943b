import { LoadingState, Navigate, useSession } from '@courseport/shared-ui';
import type { ReactNode } from 'react';
import { useProfileLoadFailure } from '../hooks/useProfileSync';

/**
 * The educator area: signed-out visitors and non-educators go to `/` (replacing
 * history); while the user's data is loading, 'Loading...'. When it failed to load, nothing: the
 * frame's notice says so and offers a retry (an educator is not sent away for a network error).
 */
export function EducatorGuard({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const userLoaded = useSession((s) => s.userLoaded);
  const roles = useSession((s) => s.roles);
  const { failed } = useProfileLoadFailure();
  if (status === 'signed-in' && !userLoaded && failed) return null;
  if (status === 'loading' || (status === 'signed-in' && !userLoaded)) return <LoadingState text="Loading..." />;
  if (status === 'signed-out' || !roles.includes('educator')) return <Navigate to="/" replace />;
  return <>{children}</>;
}
