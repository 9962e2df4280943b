import { sessionStore, useNavigate, useSearchParams, useToast } from '@courseport/shared-ui';
import { lazy, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { LoadWhen } from '../../layout/components/LoadWhen';
import { setSignedIn, signedOutState } from '../../session/api/session-state';
import { LocalSessionClient } from '../api/session-client';
import { type AuthMode, type LocalAccount, LocalAccountContext } from '../hooks/useLocalAccount';
import { UserMenuContext } from './UserMenuSlot';

// Forms, dialogs and menus are not part of the first load: they load when first shown.
const AuthDialog = lazy(() => import('./AuthDialog').then((m) => ({ default: m.AuthDialog })));
const LocalUserMenu = lazy(() => import('./LocalUserMenu').then((m) => ({ default: m.LocalUserMenu })));

export const EMAIL_CONFIRMED_TEXT = 'Your email address is confirmed.';
export const INVALID_CONFIRMATION_TEXT = 'This confirmation link is invalid or has expired.';

/** Local accounts mode: writes the session store and renders the shell's own dialog and menu. */
export function LocalAuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<AuthMode | null>(null);
  const client = useMemo(() => new LocalSessionClient(() => sessionStore.setState(signedOutState)), []);
  // useNavigate changes with the location; the session is set up once.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    sessionStore.setState({
      getToken: () => client.getToken(),
      openSignIn: (mode = 'sign-in') => setDialog(mode),
      signOut: async () => {
        await client.signOut();
        sessionStore.setState(signedOutState);
        navigateRef.current('/');
      },
    });
    void client
      .restore()
      .then((identity) => (identity ? setSignedIn(identity) : sessionStore.setState(signedOutState)));
  }, [client]);

  // The link in the confirmation e-mail has started a session and lands on /?email-verified=1
  // (or =invalid when the link was used or has expired).
  useEffect(() => {
    const verified = params.get('email-verified');
    if (verified === null) return;
    params.delete('email-verified');
    setParams(params, { replace: true });
    if (verified !== '1') {
      toast.error(INVALID_CONFIRMATION_TEXT);
      return;
    }
    toast.success(EMAIL_CONFIRMED_TEXT);
    void client.restore().then((identity) => identity && setSignedIn(identity));
  }, [params, setParams, toast, client]);

  const account = useMemo<LocalAccount>(
    () => ({
      openDialog: setDialog,
      resetPassword: async (token, password) => {
        const { identity, message } = await client.resetPassword(token, password);
        setSignedIn(identity);
        return message;
      },
      changePassword: (currentPassword, newPassword) => client.changePassword(currentPassword, newPassword),
      signOutEverywhere: async () => {
        const message = await client.signOutEverywhere();
        sessionStore.setState(signedOutState);
        navigateRef.current('/');
        return message;
      },
    }),
    [client],
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
            signIn={async (email, password) => setSignedIn(await client.signIn(email, password))}
            signUp={(name, email, password) => client.signUp(name, email, password)}
            forgotPassword={(email) => client.forgotPassword(email)}
          />
        </LoadWhen>
      </UserMenuContext.Provider>
    </LocalAccountContext.Provider>
  );
}
