import { EmptyState, QueryStates, useSession } from '@courseport/shared-ui';
import { PageHeader } from '../features/layout/components/PageHeader';
import { useIsEducator } from '../features/layout/hooks/useSignedInUser';
import { BioForm } from '../features/profile/components/BioForm';
import { useProfile, useSaveBio } from '../features/profile/hooks/useProfile';
import '../styles/profile.css';

/** /educator/profile: what the educator's public instructor page says about them. */
export default function ProfilePage() {
  const isEducator = useIsEducator();
  const sessionKnown = useSession((s) => s.status !== 'loading' && (s.status !== 'signed-in' || s.userLoaded));
  const { state, retry } = useProfile(isEducator);
  const save = useSaveBio();

  return (
    <div className="ed-page">
      <PageHeader title="Profile" subtitle="Your instructor page, as students see it." />
      {!isEducator && sessionKnown ? (
        <EmptyState title="Educator access required" description="Only educators have an instructor page." />
      ) : (
        <QueryStates
          state={state}
          loadingText="Loading your profile..."
          errorTitle="Error Loading Profile"
          onRetry={retry}
        >
          {(profile) => (
            <BioForm key={profile.bio} profile={profile} saving={save.isPending} onSave={(bio) => save.mutate(bio)} />
          )}
        </QueryStates>
      )}
    </div>
  );
}
