import { sessionStore, useNavigate, useSearchParams, useToast } from '@courseport/shared-ui';
import { lazy, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { LoadWhen } from '../../lazy/LoadWhen';
import { UserMenuContext } from '../auth-ui';
import { setSignedIn, signedOutState } from '../session-state';
import type { AuthMode } from './AuthDialog';
import { LocalSessionClient } from './session-client';

// Forms, dialogs and menus are not part of the first load: they load when first shown.
const AuthDialog = lazy(() => import('./AuthDialog').then((m) => ({ default: m.AuthDialog })));
const LocalUserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.LocalUserMenu })));

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

  // The link in the confirmation e-mail lands on /?email-verified=1.
  useEffect(() => {
    if (params.get('email-verified') !== '1') return;
    toast.success('Your email address is confirmed.');
    params.delete('email-verified');
    setParams(params, { replace: true });
    void client.restore().then((identity) => identity && setSignedIn(identity));
  }, [params, setParams, toast, client]);

  return (
    <UserMenuContext.Provider value={LocalUserMenu}>
      {children}
      <LoadWhen when={dialog !== null}>
        <AuthDialog
          mode={dialog}
          onModeChange={setDialog}
          onClose={() => setDialog(null)}
          signIn={async (email, password) => setSignedIn(await client.signIn(email, password))}
          signUp={async (name, email, password) => {
            setSignedIn(await client.signUp(name, email, password));
            toast.info('Account created. We sent a confirmation link to your email address.');
          }}
        />
      </LoadWhen>
    </UserMenuContext.Provider>
  );
}
