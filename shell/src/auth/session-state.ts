import type { Identity, SessionState } from '@courseport/shared-ui';

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
