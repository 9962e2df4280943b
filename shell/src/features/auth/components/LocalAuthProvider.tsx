import { sessionStore, useNavigate } from '@courseport/shared-ui';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { localSession } from '../../../api/session-client';
import { setSignedIn, signedOutState } from '../../../api/session-state';
import { LoadWhen } from '../../../components/LoadWhen';
import { type AuthMode, type LocalAccount, LocalAccountContext } from '../hooks/useLocalAccount';
import { UserMenuContext } from './UserMenuSlot';

// Forms, dialogs and menus are not part of the first load: they load when first shown.
const AuthDialog = lazy(() => import('./AuthDialog').then((m) => ({ default: m.AuthDialog })));
const userMenu = () => import('./LocalUserMenu');
const LazyUserMenu = lazy(() => userMenu().then((m) => ({ default: m.LocalUserMenu })));
let loadedUserMenu: ComponentType | null = null;

/**
 * Loads the user menu now: a page rendered on the server for a signed-in user shows it, and the
 * browser takes that page over with the menu at hand (a lazy component still loading there would
 * not match the server's markup).
 */
export const preloadUserMenu = () =>
  userMenu().then((m) => {
    loadedUserMenu = m.LocalUserMenu;
  });

/** The menu, at once when it has loaded; until then its place is held (the bar does not shift). */
function LocalUserMenu() {
  if (loadedUserMenu) {
    const Menu = loadedUserMenu;
    return <Menu />;
  }
  return (
    <Suspense fallback={<span style={{ display: 'inline-block', width: 32, height: 32 }} />}>
      <LazyUserMenu />
    </Suspense>
  );
}

/** Local accounts mode: writes the session store and renders the shell's own dialog and menu. */
export function LocalAuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<AuthMode | null>(null);
  // useNavigate changes with the location; the session is set up once.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    localSession.whenSignedOut(() => sessionStore.setState(signedOutState));
    sessionStore.setState({
      getToken: () => localSession.getToken(),
      openSignIn: (mode = 'sign-in') => setDialog(mode),
      signOut: async () => {
        await localSession.signOut();
        sessionStore.setState(signedOutState);
        navigateRef.current('/');
      },
    });
    void localSession
      .resume()
      .then((identity) => (identity ? setSignedIn(identity) : sessionStore.setState(signedOutState)));
  }, []);

  const account = useMemo<LocalAccount>(
    () => ({
      openDialog: setDialog,
      confirmEmail: async (token) => {
        const { identity, message } = await localSession.confirmEmail(token);
        setSignedIn(identity);
        return message;
      },
      resetPassword: async (token, password) => {
        const { identity, message } = await localSession.resetPassword(token, password);
        setSignedIn(identity);
        return message;
      },
      changePassword: (currentPassword, newPassword) => localSession.changePassword(currentPassword, newPassword),
      signOutEverywhere: async () => {
        const message = await localSession.signOutEverywhere();
        sessionStore.setState(signedOutState);
        navigateRef.current('/');
        return message;
      },
    }),
    [],
  );

  return (
    <LocalAccountContext.Provider value={account}>
      <UserMenuContext.Provider value={LocalUserMenu}>
        {children}
        <LoadWhen when={dialog !== null}>
          <AuthDialog
            mode={dialog}
            onModeChange={setDialog}
            onClose={() => setDialog(null)}
            signIn={async (email, password) => setSignedIn(await localSession.signIn(email, password))}
            signUp={(name, email, password) => localSession.signUp(name, email, password)}
            forgotPassword={(email) => localSession.forgotPassword(email)}
          />
        </LoadWhen>
      </UserMenuContext.Provider>
    </LocalAccountContext.Provider>
  );
}
