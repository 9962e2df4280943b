import { EmptyState, ErrorState, LoadingState, useSession } from '@courseport/shared-ui';
import type { ReactNode } from 'react';
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

  let content: ReactNode;
  if (!isEducator && sessionKnown) {
    content = <EmptyState title="Educator access required" description="Only educators have an instructor page." />;
  } else if (state.status === 'loading') {
    content = <LoadingState text="Loading your profile..." />;
  } else if (state.status === 'error') {
    content = <ErrorState title="Error Loading Profile" message={state.message} onRetry={retry} />;
  } else {
    content = (
      <BioForm key={state.data.bio} profile={state.data} saving={save.isPending} onSave={(bio) => save.mutate(bio)} />
    );
  }
  return (
    <div className="ed-page">
      <PageHeader title="Profile" subtitle="Your instructor page, as students see it." />
      {content}
    </div>
  );
}
