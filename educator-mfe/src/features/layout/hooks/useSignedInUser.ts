import { useSession } from '@courseport/shared-ui';

/** Who is signed in, as the portal greets them: the provider's full name, else the profile's name. */
export function useSignedInUser(): { name: string | null; imageUrl: string | null } {
  const identity = useSession((s) => s.identity);
  const user = useSession((s) => s.user);
  const name = identity?.fullName?.trim() || user?.name?.trim() || null;
  const imageUrl = identity?.imageUrl || user?.imageUrl || null;
  return { name, imageUrl };
}

export const useIsEducator = () => useSession((s) => s.roles.includes('educator'));
