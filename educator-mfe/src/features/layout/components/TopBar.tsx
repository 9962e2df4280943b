import { Button, Link, LogoMark, UserMenu, useHasUserMenu, useSession } from '@courseport/shared-ui';
import { UserAvatar } from '../../../components/UserAvatar';
import { useSignedInUser } from '../hooks/useSignedInUser';

/**
 * The portal's own top bar (the shell hides its navigation bar under /educator): the logo home, the
 * greeting, and the account menu the shell provides (Change password, Sign out, Sign out
 * everywhere), the same as on every other page. On its own (no shell), the avatar and Sign out.
 */
export function TopBar() {
  const { name, imageUrl } = useSignedInUser();
  const signedIn = useSession((s) => s.status === 'signed-in');
  const signOut = useSession((s) => s.signOut);
  const shellMenu = useHasUserMenu();
  return (
    <header className="ed-topbar">
      <Link to="/" className="ed-topbar-logo" aria-label="Courseport">
        <LogoMark />
        <span className="ed-topbar-brand" aria-hidden="true">
          Courseport
        </span>
      </Link>
      <div className="ed-topbar-user">
        <p className="ed-topbar-greeting">{`Hi! ${name ?? 'Developers'}`}</p>
        {signedIn && shellMenu ? (
          <UserMenu />
        ) : (
          <>
            <UserAvatar name={name ?? ''} imageUrl={imageUrl} size={36} />
            {signedIn && (
              <Button className="ed-topbar-signout" onClick={() => void signOut()}>
                Sign out
              </Button>
            )}
          </>
        )}
      </div>
    </header>
  );
}
