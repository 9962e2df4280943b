import { Link, loadAntd, useNavigate, useSession, useToast } from '@courseport/shared-ui';
import { Dropdown } from '@courseport/shared-ui/antd/dropdown';
import { Themed } from '@courseport/shared-ui/antd/themed';
import { lazy, useEffect, useRef, useState } from 'react';
import { LoadWhen } from '../../../components/LoadWhen';
import { useLocalAccount } from '../hooks/useLocalAccount';
import { AccountButton } from './AccountButton';
import { ACCOUNT_LINKS } from './account-links';
import { SIGN_OUT_EVERYWHERE_TEXT, SIGN_OUT_EVERYWHERE_TITLE } from './account-texts';

// The menu is in every signed-in page's first load; its dialogs (antd's Form, Input, Modal) load when first opened.
const ChangePasswordDialog = lazy(() =>
  import('./ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

/**
 * Local accounts' user menu: who is signed in, the Wishlist and the Purchase history (links),
 * Change password, Sign out (here or everywhere). Loaded when the account button is first used
 * (LocalUserMenu), and open then: the button is taken over with the focus it had.
 */
export default function AccountMenu() {
  const navigate = useNavigate();
  const identity = useSession((s) => s.identity);
  const signOut = useSession((s) => s.signOut);
  const account = useLocalAccount();
  const toast = useToast();
  const [changingPassword, setChangingPassword] = useState(false);
  const [open, setOpen] = useState(true);
  const button = useRef<HTMLButtonElement>(null);
  // The plain button it replaces had the focus (it was just pressed): this one takes it.
  useEffect(() => button.current?.focus(), []);
  if (!identity) return null;

  function confirmSignOutEverywhere() {
    if (!account) return;
    void loadAntd.modal().then(({ Modal }) =>
      Modal.confirm({
        title: SIGN_OUT_EVERYWHERE_TITLE,
        content: SIGN_OUT_EVERYWHERE_TEXT,
        okText: 'Sign out everywhere',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        onOk: async () => {
          try {
            toast.success(await account.signOutEverywhere());
          } catch (e) {
            toast.failure(e);
          }
        },
      }),
    );
  }

  const accountItems = account
    ? [
        { key: 'change-password', label: 'Change password', onClick: () => setChangingPassword(true) },
        { type: 'divider' as const },
      ]
    : [];

  return (
    <Themed>
      <Dropdown
        open={open}
        onOpenChange={setOpen}
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            {
              key: 'who',
              disabled: true,
              label: (
                <div style={{ color: 'var(--cp-color-heading)' }}>
                  <strong>{identity.fullName}</strong>
                  <div style={{ fontSize: 12, color: 'var(--cp-color-text-muted)' }}>{identity.email}</div>
                </div>
              ),
            },
            { type: 'divider' },
            // Links (a click follows the link); Enter on the focused item goes there too.
            ...ACCOUNT_LINKS.map(({ key, label, to }) => ({
              key,
              label: <Link to={to}>{label}</Link>,
              onClick: ({ domEvent }: { domEvent: { type: string } }) => {
                if (domEvent.type === 'keydown') navigate(to);
              },
            })),
            { type: 'divider' },
            ...accountItems,
            { key: 'sign-out', label: 'Sign out', onClick: () => void signOut() },
            ...(account
              ? [{ key: 'sign-out-everywhere', label: 'Sign out everywhere', onClick: confirmSignOutEverywhere }]
              : []),
          ],
        }}
      >
        <AccountButton ref={button} identity={identity} />
      </Dropdown>
      {account && (
        <LoadWhen when={changingPassword}>
          <ChangePasswordDialog
            open={changingPassword}
            email={identity.email}
            onClose={() => setChangingPassword(false)}
            changePassword={account.changePassword}
          />
        </LoadWhen>
      )}
    </Themed>
  );
}
