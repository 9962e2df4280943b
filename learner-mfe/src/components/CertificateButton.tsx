import { Button, type ButtonProps } from '@courseport/shared-ui';
import { useCertificateDownload } from '../hooks/useCertificateDownload';

export interface CertificateButtonProps extends Pick<ButtonProps, 'type' | 'size'> {
  courseId: string;
  courseTitle: string;
  label?: string;
}

/** Downloads the student's certificate of a course (its PDF); named with the course for screen readers. */
export function CertificateButton({
  courseId,
  courseTitle,
  label = 'Download certificate',
  ...look
}: CertificateButtonProps) {
  const { busy, download } = useCertificateDownload(courseId);
  return (
    <Button {...look} loading={busy} onClick={download} aria-label={`Download certificate: ${courseTitle}`}>
      {label}
    </Button>
  );
}
