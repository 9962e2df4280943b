import { type Identity, type SessionState, sessionStore } from '@courseport/shared-ui';

export const signedOutState: Partial<SessionState> = {
  status: 'signed-out',
  identity: null,
  user: null,
  userLoaded: true,
  roles: [],
  roleDialogOpen: false,
};

/** A newly signed-in identity: the profile is loaded next by the profile sync. */
export const signedInState = (identity: Identity): Partial<SessionState> => ({
  status: 'signed-in',
  identity,
  user: null,
  userLoaded: false,
  roles: [],
});

/** Records who is signed in; the same user again (a token refresh) keeps the loaded profile. */
export function setSignedIn(identity: Identity): void {
  const current = sessionStore.getState();
  const same = current.identity && JSON.stringify(current.identity) === JSON.stringify(identity);
  // Unchanged (a page the server rendered for this user, now restored): nothing to render again.
  if (current.status === 'signed-in' && same) return;
  if (current.status === 'signed-in' && current.identity?.id === identity.id) sessionStore.setState({ identity });
  else sessionStore.setState(signedInState(identity));
}
