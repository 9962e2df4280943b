import { NOTIFICATION_KIND_LABELS } from '@courseport/contracts/notifications';
import {
  ApiError,
  Button,
  errorText,
  Link,
  LoadingState,
  usePageTitle,
  useQuery,
  useSearchParams,
} from '@courseport/shared-ui';
import { useState } from 'react';
import { describeUnsubscribe, type UnsubscribeScope, unsubscribe } from '../features/notifications/api/notifications';

/** What the link stops, in words: "Course announcements" mails, "this course's announcements". */
export function scopeText(scope: UnsubscribeScope): string {
  if (scope.type === 'kind') return `mails about ${NOTIFICATION_KIND_LABELS[scope.kind].toLowerCase()}`;
  if (scope.type === 'course') return "this course's announcement mails";
  return 'all notification mails';
}

export const INVALID_UNSUBSCRIBE_TEXT = 'This unsubscribe link is not valid.';

/**
 * `/unsubscribe?token=…`, the link in a notification mail's footer (#35). Opening it stops nothing
 * (mail scanners open links too): it says what the link stops, and the button does it, without
 * signing in (the token is the proof). Mail programs use the API's one-click address directly.
 */
export default function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const what = useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => describeUnsubscribe(token),
    enabled: token !== '',
    retry: false,
  });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refused = !token || (what.error instanceof ApiError && [400, 403].includes(what.error.status));
  let body: React.ReactNode;
  if (refused) {
    body = (
      <div role="alert">
        <h1 className="cp-unsub-heading">{INVALID_UNSUBSCRIBE_TEXT}</h1>
        <p>
          It may have been cut when it was copied. You can turn mails on and off in your{' '}
          <Link to="/settings/notifications">notification settings</Link>.
        </p>
      </div>
    );
  } else if (what.isPending) {
    body = <LoadingState text="Reading the link…" />;
  } else if (what.isError) {
    body = (
      <div role="alert">
        <h1 className="cp-unsub-heading">We could not read this link</h1>
        <p>{errorText(what.error)}</p>
        <Button onClick={() => void what.refetch()}>Retry</Button>
      </div>
    );
  } else if (done) {
    body = (
      <div role="status">
        <h1 className="cp-unsub-heading">You are unsubscribed</h1>
        <p>
          {done} You will still see them under the bell when you are signed in. Changed your mind? Turn them on again in
          your <Link to="/settings/notifications">notification settings</Link>.
        </p>
      </div>
    );
  } else {
    const stops = scopeText(what.data);
    body = (
      <>
        <h1 className="cp-unsub-heading">Stop {stops}?</h1>
        <p>You will no longer get {stops} from Courseport. Other mails are not affected.</p>
        {error && (
          <p className="cp-unsub-error" role="alert">
            {error}
          </p>
        )}
        <Button
          type="primary"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              setDone(await unsubscribe(token));
            } catch (e) {
              setError(errorText(e));
            } finally {
              setBusy(false);
            }
          }}
        >
          Unsubscribe
        </Button>
      </>
    );
  }
  return <section className="cp-unsub">{body}</section>;
}
