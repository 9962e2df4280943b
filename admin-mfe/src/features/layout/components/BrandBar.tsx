import { Link, LogoMark } from '@courseport/shared-ui';

/** The platform's brand above the admin area (the shell hides its navigation bar here): the logo, home. */
export function BrandBar() {
  return (
    <div className="cp-admin-brandbar">
      <Link to="/" className="cp-admin-brand" aria-label="Courseport">
        <LogoMark />
        <span aria-hidden="true">Courseport</span>
      </Link>
    </div>
  );
}
