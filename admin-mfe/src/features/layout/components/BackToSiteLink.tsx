import { Link } from '@courseport/shared-ui';

/** The shell hides its navigation bar on /admin, so the page offers its own way back. */
export function BackToSiteLink() {
  return (
    <Link to="/" className="cp-admin-back">
      <span aria-hidden="true">← </span>
      <span>Back to site</span>
    </Link>
  );
}
