import { type PageDataLoader, usePageTitle, useParams, useQuery, useQueryState } from '@courseport/shared-ui';
import { RecordStates } from '../components/RecordStates';
import { HiddenHeading, isNotFound, StorefrontPage } from '../components/StorefrontPage';
import { CERTIFICATE_NOT_FOUND, certificateQuery } from '../features/certificate/api/certificate';
import { CertificateCard } from '../features/certificate/components/CertificateCard';
import '../styles/certificate.css';

function Verification({ id }: { id: string }) {
  const { state, retry } = useQueryState(useQuery(certificateQuery(id)), {
    fallback: 'Failed to fetch the certificate',
  });
  const title = state.status === 'ready' ? `Certificate: ${state.data.courseTitle}` : 'Certificate';
  usePageTitle(state.status === 'error' && isNotFound(state.error) ? CERTIFICATE_NOT_FOUND : title);
  if (state.status === 'ready') return <CertificateCard certificate={state.data} />;
  return (
    <RecordStates
      state={state}
      heading={<HiddenHeading>Certificate</HiddenHeading>}
      notFound={{
        title: CERTIFICATE_NOT_FOUND,
        description: 'No certificate has this id. Check the link or the id you were given.',
      }}
      errorTitle="Could not check this certificate"
      onRetry={retry}
    />
  );
}

/** `/certificate/:id`: anyone can confirm a certificate: its name, course, date, id, and whether it stands. */
export default function CertificatePage() {
  const id = useParams().id ?? '';
  return (
    <StorefrontPage className="sf-certificate-page">
      <Verification key={id} id={id} />
    </StorefrontPage>
  );
}

/** The server renders the page with the certificate in the cache (an unknown id: client-rendered). */
export const loadPageData: PageDataLoader = async (client, { id = '' }) => {
  await client.prefetchQuery(certificateQuery(id));
};
