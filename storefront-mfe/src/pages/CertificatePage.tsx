import {
  EmptyState,
  ErrorState,
  errorText,
  Link,
  LoadingState,
  type PageDataLoader,
  usePageTitle,
  useParams,
  useQuery,
} from '@courseport/shared-ui';
import { CERTIFICATE_NOT_FOUND, certificateQuery } from '../features/certificate/api/certificate';
import { CertificateCard } from '../features/certificate/components/CertificateCard';
import { StorefrontPage } from '../features/common/components/StorefrontPage';
import { isNotFound } from '../features/course/api/course';
import '../styles/certificate.css';

/** Names the page while there is no certificate to show (its card has the h1 otherwise). */
const Heading = ({ children }: { children: string }) => (
  <h1 tabIndex={-1} className="cp-visually-hidden">
    {children}
  </h1>
);

function Verification({ id }: { id: string }) {
  const { data, error, status, refetch } = useQuery(certificateQuery(id));
  const notFound = !data && status === 'error' && isNotFound(error);
  usePageTitle(data ? `Certificate: ${data.courseTitle}` : notFound ? CERTIFICATE_NOT_FOUND : 'Certificate');
  if (data) return <CertificateCard certificate={data} />;
  if (status !== 'error') {
    return (
      <>
        <Heading>Certificate</Heading>
        <LoadingState />
      </>
    );
  }
  if (notFound) {
    return (
      <>
        <Heading>Certificate</Heading>
        <EmptyState
          title={CERTIFICATE_NOT_FOUND}
          description="No certificate has this id. Check the link or the id you were given."
          action={
            <Link to="/course-list" className="sf-link-button sf-link-button-primary">
              Browse all courses
            </Link>
          }
        />
      </>
    );
  }
  return (
    <>
      <Heading>Certificate</Heading>
      <ErrorState
        title="Could not check this certificate"
        message={errorText(error, 'Failed to fetch the certificate')}
        onRetry={() => void refetch()}
        retryLabel="Retry"
      />
    </>
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
