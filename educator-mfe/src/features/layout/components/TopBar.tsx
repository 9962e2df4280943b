import { Link, LogoMark } from '@courseport/shared-ui';
import { useSignedInUser } from '../hooks/useSignedInUser';
import { UserAvatar } from './UserAvatar';

/** The portal's own top bar (the shell hides its navigation bar under /educator). */
export function TopBar() {
  const { name, imageUrl } = useSignedInUser();
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
      </div>
    </header>
  );
}
