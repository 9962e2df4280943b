import { sessionStore, useNavigate } from '@courseport/shared-ui';
import { lazy, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { localSession } from '../../../api/session-client';
import { setSignedIn, signedOutState } from '../../../api/session-state';
import { LoadWhen } from '../../../components/LoadWhen';
import { type AuthMode, type LocalAccount, LocalAccountContext } from '../hooks/useLocalAccount';
// A plain button, no antd (its menu loads when used): in the first load, drawn at once on both
// sides, so a page rendered on the server for a signed-in user is taken over as it is.
import { LocalUserMenu } from './LocalUserMenu';
import { UserMenuContext } from './UserMenuSlot';

// Forms and dialogs are not part of the first load: they load when first shown.
const AuthDialog = lazy(() => import('./AuthDialog').then((m) => ({ default: m.AuthDialog })));
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
