import { sessionStore } from '@courseport/shared-ui';

/**
 * Writes the authentication state into the shared session store, the only place portals learn who
 * is signed in. Sign-in itself (local accounts and Clerk) arrives with the identity work; until
 * then every visitor is signed out.
 */
export function startAuthBridge(): void {
  sessionStore.setState({ status: 'signed-out', identity: null, user: null, userLoaded: true, roles: [] });
}
