import { formatDate, type PublicCertificate } from '@courseport/shared-ui';

/** A certificate as the verification page shows it: who completed what, when, its id, and whether it stands. */
export function CertificateCard({ certificate }: { certificate: PublicCertificate }) {
  const valid = certificate.status === 'valid';
  return (
    <article className="sf-certificate" aria-labelledby="sf-certificate-title">
      <h1 id="sf-certificate-title" tabIndex={-1} className="sf-certificate-title">
        Certificate of completion
      </h1>
      <p
        className={
          valid ? 'sf-certificate-status sf-certificate-valid' : 'sf-certificate-status sf-certificate-revoked'
        }
      >
        {valid ? 'This certificate is valid' : 'This certificate has been revoked'}
      </p>
      <dl className="sf-certificate-facts">
        <dt>Awarded to</dt>
        <dd className="sf-certificate-name">{certificate.studentName}</dd>
        <dt>For completing</dt>
        <dd>{certificate.courseTitle}</dd>
        <dt>Completed on</dt>
        <dd>
          <time dateTime={certificate.completedAt}>{formatDate(certificate.completedAt)}</time>
        </dd>
        <dt>Certificate id</dt>
        <dd className="sf-certificate-id">{certificate.id}</dd>
      </dl>
    </article>
  );
}
