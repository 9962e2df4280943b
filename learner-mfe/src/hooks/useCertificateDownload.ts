import { useToast } from '@courseport/shared-ui';
import { useState } from 'react';
import { downloadCertificate } from '../api/certificate';

/** Downloads a course's certificate; `busy` while it does, a failure said in a toast. */
export function useCertificateDownload(courseId: string) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadCertificate(courseId);
    } catch (error) {
      toast.failure(error, 'Could not download your certificate');
    } finally {
      setBusy(false);
    }
  };
  return { busy, download: () => void download() };
}
