import { Button, useQuery, useSession } from '@courseport/shared-ui';
import { useState } from 'react';
import { ROLE_POLL_MS } from '../../../api/profile';
import { myEducatorRequestQuery } from '../../../api/roles';

export const REQUEST_DECLINED_TEXT = 'Your educator request was not approved.';
export const REQUEST_AGAIN_TEXT = 'You can send a new request with the Educator button.';
const DISMISSED_PREFIX = 'courseport:educator-request-dismissed:';

function dismissedKey(decidedAt: string | undefined, requestedAt: string) {
  return DISMISSED_PREFIX + (decidedAt ?? requestedAt);
}

function wasDismissed(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/**
 * The applicant's side of a rejected educator request: that it was not approved and the admin's
 * reason, until dismissed (remembered per decision in this browser). Shown to signed-in users who
 * are not educators; an approval is announced by the profile sync's toast instead.
 */
export function EducatorRequestNotice() {
  const signedIn = useSession((s) => s.status === 'signed-in' && s.userLoaded && s.user !== null);
  const educator = useSession((s) => s.roles.includes('educator'));
  const { data: request } = useQuery({ ...myEducatorRequestQuery(ROLE_POLL_MS), enabled: signedIn && !educator });
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!signedIn || educator || request?.status !== 'rejected') return null;
  const key = dismissedKey(request.decidedAt, request.requestedAt);
  if (dismissed === key || wasDismissed(key)) return null;

  function dismiss() {
    try {
      localStorage.setItem(key, '1');
    } catch {
      // Private mode: dismissed for this page only.
    }
    setDismissed(key);
  }

  return (
    <section aria-label="Educator request" className="cp-request-notice">
      <p style={{ margin: 0 }}>
        <strong>{REQUEST_DECLINED_TEXT}</strong>{' '}
        {request.reason ? (
          <>
            Reason: <q>{request.reason}</q>.{' '}
          </>
        ) : null}
        {REQUEST_AGAIN_TEXT}
      </p>
      <Button size="small" onClick={dismiss} aria-label="Dismiss the educator request notice">
        Dismiss
      </Button>
    </section>
  );
}
