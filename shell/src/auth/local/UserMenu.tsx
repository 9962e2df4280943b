import { Button, useSession } from '@courseport/shared-ui';
import { Avatar, Dropdown, Themed } from '@courseport/shared-ui/heavy';

/** Local accounts' user menu: who is signed in, and Sign out. */
export function LocalUserMenu() {
  const identity = useSession((s) => s.identity);
  const signOut = useSession((s) => s.signOut);
  if (!identity) return null;
  return (
    <Themed>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            {
              key: 'who',
              disabled: true,
              label: (
                <div style={{ color: '#0f172a' }}>
                  <strong>{identity.fullName}</strong>
                  <div style={{ fontSize: 12, color: '#64748b' }}>{identity.email}</div>
                </div>
              ),
            },
            { type: 'divider' },
            { key: 'sign-out', label: 'Sign out', onClick: () => void signOut() },
          ],
        }}
      >
        <Button type="text" shape="circle" aria-label={`Account menu for ${identity.fullName}`} style={{ padding: 0 }}>
          <Avatar src={identity.imageUrl} alt={identity.fullName}>
            {identity.fullName.slice(0, 1).toUpperCase()}
          </Avatar>
        </Button>
      </Dropdown>
    </Themed>
  );
}
