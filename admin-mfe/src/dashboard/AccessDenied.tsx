import { Result } from '@courseport/shared-ui';
import { BackToSiteLink } from './BackToSiteLink';

export function AccessDenied() {
  return (
    <Result
      status="403"
      title="Access Denied"
      subTitle="You don't have permission to access this page."
      extra={<BackToSiteLink />}
    />
  );
}
