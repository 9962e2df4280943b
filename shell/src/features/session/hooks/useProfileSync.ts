import { api, type Role, sessionStore, type UserProfile, useSession, useToast } from '@courseport/shared-ui';
import { useEffect } from 'react';

export const ROLE_POLL_MS = 10_000;
export const EDUCATOR_APPROVED_TEXT = 'Congratulations! Your educator request has been approved! 🎉';

/** The roles the interface works with: the server's, or student when it has none. */
export const effectiveRoles = (user: UserProfile): Role[] => (user.roles.length > 0 ? user.roles : ['student']);

export function applyProfile(user: UserProfile): void {
  sessionStore.setState({ user, roles: effectiveRoles(user), userLoaded: true });
}

/**
 * Keeps the signed-in user's profile in the session store: loaded on sign-in (no profile, or a
 * failed load, opens the role dialog), then polled every 10 s so an approved educator request
 * shows up without a reload. Polling failures are ignored.
 */
export function useProfileSync(): void {
  const status = useSession((s) => s.status);
  const userId = useSession((s) => s.identity?.id);
  const toast = useToast();

  useEffect(() => {
    if (status !== 'signed-in' || !userId) return;
    let cancelled = false;
    let last = '';

    async function load(initial: boolean) {
      try {
        const { user } = await api.get<{ user: UserProfile }>('/api/user/data');
        const json = JSON.stringify(user);
        if (cancelled || json === last) return;
        const before = sessionStore.getState().user;
        if (before && !before.roles.includes('educator') && user.roles.includes('educator')) {
          toast.success(EDUCATOR_APPROVED_TEXT);
        }
        last = json;
        applyProfile(user);
      } catch {
        if (cancelled || !initial) return;
        last = '';
        sessionStore.setState({ user: null, roles: [], userLoaded: true, roleDialogOpen: true });
      }
    }

    sessionStore.setState({ refreshUser: () => load(false) });
    void load(true);
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void load(false);
    }, ROLE_POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [status, userId, toast]);
}
