import { Link, theme } from '@courseport/shared-ui';

/** The shell hides its navigation bar on /admin, so the page offers its own way back. */
export function BackToSiteLink() {
  return (
    <Link to="/" style={{ color: theme.token?.colorPrimary, fontSize: 14, textDecoration: 'none' }}>
      <span aria-hidden="true">← </span>
      <span>Back to site</span>
    </Link>
  );
}
