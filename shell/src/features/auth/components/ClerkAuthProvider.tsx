import { ClerkProvider, UserButton, useAuth, useClerk, useUser } from '@clerk/clerk-react';
import { sessionStore, useNavigate } from '@courseport/shared-ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { setSignedIn, signedOutState } from '../../session/api/session-state';
import { UserMenuContext } from './UserMenuSlot';

/** Writes Clerk's state into the shared session store; portals never import Clerk. */
function ClerkBridge() {
  const { isLoaded, isSignedIn, getToken } = useAuth();
  const { user } = useUser();
  const clerk = useClerk();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    sessionStore.setState({
      getToken: () => getToken(),
      openSignIn: (mode = 'sign-in') => (mode === 'sign-up' ? clerk.openSignUp() : clerk.openSignIn()),
      signOut: () => clerk.signOut(() => navigateRef.current('/')),
    });
  }, [getToken, clerk]);

  useEffect(() => {
    if (!isLoaded) return;
    if (!isSignedIn || !user) {
      sessionStore.setState(signedOutState);
      return;
    }
    const identity = {
      id: user.id,
      email: user.primaryEmailAddress?.emailAddress ?? '',
      fullName: user.fullName ?? user.username ?? '',
      imageUrl: user.imageUrl,
    };
    setSignedIn(identity);
  }, [isLoaded, isSignedIn, user]);

  return null;
}

const ClerkUserMenu = () => <UserButton />;

/** Clerk mode: Clerk's dialogs and user menu. Loaded only when Clerk is configured. */
export default function ClerkAuthProvider({
  publishableKey,
  children,
}: {
  publishableKey: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <ClerkProvider
      publishableKey={publishableKey}
      afterSignOutUrl="/"
      routerPush={(to) => navigate(to)}
      routerReplace={(to) => navigate(to, { replace: true })}
    >
      <ClerkBridge />
      <UserMenuContext.Provider value={ClerkUserMenu}>{children}</UserMenuContext.Provider>
    </ClerkProvider>
  );
}
