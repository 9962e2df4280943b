import { StatusMessage } from '@courseport/shared-ui';
import { BackToSiteLink } from './BackToSiteLink';

export function AccessDenied() {
  return (
    <StatusMessage
      tone="error"
      title="Access Denied"
      subTitle="You don't have permission to access this page."
      extra={<BackToSiteLink />}
    />
  );
}
