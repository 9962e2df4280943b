import { createContext, createElement, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
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
 * A session store. The platform has one (`sessionStore`); the shell's server render makes one per
 * request (a signed-in page rendered with that user's session), given to the page by
 * `SessionStoreProvider`.
 */
export const createSessionStore = (initial: Partial<SessionState> = {}) =>
  createStore<SessionState>()((set) => ({
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
    ...initial,
  }));

/**
 * The one session store of the platform. Created once here; Module Federation shares
 * shared-ui as a singleton, so the shell's auth bridge and every portal see the same instance.
 */
export const sessionStore = createSessionStore();

/** The roles a profile gives the interface: the server's, or student when it has none. */
export const rolesOf = (user: UserProfile): Role[] => (user.roles.length > 0 ? user.roles : ['student']);

/**
 * A signed-in user whose profile is known: the state the server renders a signed-in page with, and
 * the browser's first state when it takes that page over (the same first render on both sides).
 */
export const signedInWithProfile = (identity: Identity, user: UserProfile): Partial<SessionState> => ({
  status: 'signed-in',
  identity,
  user,
  userLoaded: true,
  roles: rolesOf(user),
  roleDialogOpen: false,
});

const SessionStoreContext = createContext<StoreApi<SessionState>>(sessionStore);

/** Renders `children` with another session store than the platform's (the server's per-request one). */
export function SessionStoreProvider({ store, children }: { store: StoreApi<SessionState>; children: ReactNode }) {
  return createElement(SessionStoreContext.Provider, { value: store }, children);
}

/** What the server rendered the page with, when it rendered it for a signed-in user (null: 'loading'). */
let renderedState: SessionState | null = null;

/**
 * The browser takes over a page the server rendered for a signed-in user: the store starts as that
 * user, and the take-over (hydration) reads the state the server rendered with, as it reads the
 * initial state ('loading') for a page rendered for nobody.
 */
export function takeOverSession(state: Partial<SessionState>): void {
  sessionStore.setState(state);
  renderedState = { ...sessionStore.getInitialState(), ...state };
}

/**
 * The platform's store as `useStore` reads it: the same, except that a take-over (hydration) reads
 * the state the page was rendered with. A request's own store (the server's) is read as it is.
 */
const platformStore: StoreApi<SessionState> = {
  ...sessionStore,
  getInitialState: () => renderedState ?? sessionStore.getInitialState(),
};

export function useSession<T>(selector: (state: SessionState) => T): T {
  const store = useContext(SessionStoreContext);
  return useStore(store === sessionStore ? platformStore : store, selector);
}
