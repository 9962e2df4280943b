import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { Role, UserProfile } from '../contracts/index';

export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

/** Who the authentication provider says is signed in. */
export interface Identity {
  id: string;
  email: string;
  fullName: string;
  imageUrl: string;
}

export interface SessionState {
  status: AuthStatus;
  identity: Identity | null;
  /** `null` means there is no profile yet ('User not found') or it is not loaded. */
  user: UserProfile | null;
  userLoaded: boolean;
  roles: Role[];
  roleDialogOpen: boolean;
  /** Bearer token for API calls; null when signed out. Provided by the shell's auth bridge. */
  getToken: () => Promise<string | null>;
  /** Opens the provider's sign-in (or sign-up) dialog. */
  openSignIn: (mode?: 'sign-in' | 'sign-up') => void;
  signOut: () => Promise<void>;
  refreshUser: () => Promise<void>;
  setRoleDialogOpen: (open: boolean) => void;
}

const notReady = async () => {};

/**
 * The one session store of the platform. Created once here; Module Federation shares
 * shared-ui as a singleton, so the shell's auth bridge and every portal see the same instance.
 */
export const sessionStore = createStore<SessionState>()((set) => ({
  status: 'loading',
  identity: null,
  user: null,
  userLoaded: false,
  roles: [],
  roleDialogOpen: false,
  getToken: async () => null,
  openSignIn: () => {},
  signOut: notReady,
  refreshUser: notReady,
  setRoleDialogOpen: (open) => set({ roleDialogOpen: open }),
}));

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
