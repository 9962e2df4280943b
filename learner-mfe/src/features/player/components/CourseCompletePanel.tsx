import { type EnrolledCourse, errorText, formatDate, useQuery } from '@courseport/shared-ui';
import type { ReactNode } from 'react';
import { certificateQuery } from '../../../api/certificate';
import { CertificateButton } from '../../../components/CertificateButton';

/** Shown in the player once every lecture is complete: the celebration, and the certificate to download. */
export function CourseCompletePanel({ course }: { course: EnrolledCourse }) {
  const certificate = useQuery(certificateQuery(course._id));
  let body: ReactNode;
  if (certificate.isPending) {
    body = (
      <p className="ln-muted" role="status">
        Preparing your certificate…
      </p>
    );
  } else if (certificate.isError) {
    body = (
      <div role="alert" className="ln-complete-error">
        <p>{errorText(certificate.error, 'Could not prepare your certificate')}</p>
        <button type="button" className="ln-link-button" onClick={() => void certificate.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (certificate.data.status === 'revoked') {
    body = <p className="ln-muted">This course’s certificate has been revoked.</p>;
  } else {
    body = (
      <>
        <p className="ln-muted">{`Completed on ${formatDate(certificate.data.completedAt)}. Certificate id: ${certificate.data.id}`}</p>
        <CertificateButton type="primary" courseId={course._id} courseTitle={course.courseTitle} />
      </>
    );
  }
  return (
    <section className="ln-complete" aria-labelledby="ln-complete-title">
      <h2 id="ln-complete-title" className="ln-complete-title">
        <span aria-hidden="true">🎉 </span>Course complete!
      </h2>
      <p>{`You have completed every lecture of ${course.courseTitle}.`}</p>
      {body}
    </section>
  );
}
