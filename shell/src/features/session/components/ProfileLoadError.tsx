import { Button, errorText } from '@courseport/shared-ui';
import { useProfileLoadFailure } from '../hooks/useProfileSync';

export const PROFILE_LOAD_ERROR_TEXT = 'We could not load your account.';

/**
 * The signed-in user's profile failed to load (not 'no profile yet'): say so above the page, with
 * a retry. Never the sign-up role dialog: the user may well have a profile.
 */
export function ProfileLoadError() {
  const { failed, error, retry, retrying } = useProfileLoadFailure();
  if (!failed) return null;
  return (
    <div role="alert" className="cp-profile-error">
      <span>
        <strong>{PROFILE_LOAD_ERROR_TEXT}</strong> {errorText(error)}
      </span>
      <Button size="small" onClick={retry} loading={retrying}>
        Try again
      </Button>
    </div>
  );
}
