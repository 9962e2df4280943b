import { Button, Link, LogoMark, useSession } from '@courseport/shared-ui';
import { useSignedInUser } from '../hooks/useSignedInUser';
import { UserAvatar } from './UserAvatar';

/**
 * The portal's own top bar (the shell hides its navigation bar under /educator, and with it the
 * account menu): the logo home, the greeting and avatar, and Sign out.
 */
export function TopBar() {
  const { name, imageUrl } = useSignedInUser();
  const signedIn = useSession((s) => s.status === 'signed-in');
  const signOut = useSession((s) => s.signOut);
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
        <UserAvatar name={name ?? ''} imageUrl={imageUrl} size={36} />
        {signedIn && (
          <Button className="ed-topbar-signout" onClick={() => void signOut()}>
            Sign out
          </Button>
        )}
      </div>
    </header>
  );
}
