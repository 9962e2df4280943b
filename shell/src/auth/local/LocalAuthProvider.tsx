import { sessionStore, useToast } from '@courseport/shared-ui';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { UserMenuContext } from '../auth-ui';
import { signedInState, signedOutState } from '../session-state';
import { AuthDialog, type AuthMode } from './AuthDialog';
import { LocalSessionClient } from './session-client';
import { LocalUserMenu } from './UserMenu';

/** Local accounts mode: writes the session store and renders the shell's own dialog and menu. */
export function LocalAuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<AuthMode | null>(null);
  const client = useMemo(() => new LocalSessionClient(() => sessionStore.setState(signedOutState)), []);

  useEffect(() => {
    sessionStore.setState({
      getToken: () => client.getToken(),
      openSignIn: (mode = 'sign-in') => setDialog(mode),
      signOut: async () => {
        await client.signOut();
        sessionStore.setState(signedOutState);
        navigate('/');
      },
    });
    void client
      .restore()
      .then((identity) => sessionStore.setState(identity ? signedInState(identity) : signedOutState));
  }, [client, navigate]);

  // The link in the confirmation e-mail lands on /?email-verified=1.
  useEffect(() => {
    if (params.get('email-verified') !== '1') return;
    toast.success('Your email address is confirmed.');
    params.delete('email-verified');
    setParams(params, { replace: true });
    void client.restore().then((identity) => identity && sessionStore.setState({ identity }));
  }, [params, setParams, toast, client]);

  return (
    <UserMenuContext.Provider value={LocalUserMenu}>
      {children}
      <AuthDialog
        mode={dialog}
        onModeChange={setDialog}
        onClose={() => setDialog(null)}
        signIn={async (email, password) => sessionStore.setState(signedInState(await client.signIn(email, password)))}
        signUp={async (name, email, password) => {
          sessionStore.setState(signedInState(await client.signUp(name, email, password)));
          toast.info('Account created. We sent a confirmation link to your email address.');
        }}
      />
    </UserMenuContext.Provider>
  );
}
