import { ClerkProvider, UserButton, useAuth, useClerk, useUser } from '@clerk/clerk-react';
import { sessionStore, useNavigate } from '@courseport/shared-ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { setSignedIn, signedOutState } from '../../../api/session-state';
import { ACCOUNT_LINKS } from './account-links';
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

const ICONS: Record<string, ReactNode> = {
  wishlist: (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  ),
  'purchase-history': (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  ),
};

/** Clerk's menu with the account's own pages (the same links as the local accounts' menu). */
const ClerkUserMenu = () => (
  <UserButton>
    <UserButton.MenuItems>
      {ACCOUNT_LINKS.map(({ key, label, to }) => (
        <UserButton.Link key={key} label={label} href={to} labelIcon={ICONS[key]} />
      ))}
    </UserButton.MenuItems>
  </UserButton>
);

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
