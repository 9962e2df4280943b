import { StatusMessage } from '@courseport/shared-ui';
import { BackToSiteLink } from './BackToSiteLink';
import { PageHeading } from './PageHeading';

/** For anyone but an admin: the page's heading says why there is nothing here. */
export function AccessDenied() {
  return (
    <StatusMessage
      tone="error"
      title={<PageHeading style={{ margin: 0, fontSize: 24, fontWeight: 400 }}>Access Denied</PageHeading>}
      subTitle={<span className="cp-admin-denied-text">You don't have permission to access this page.</span>}
      extra={<BackToSiteLink />}
    />
  );
}
