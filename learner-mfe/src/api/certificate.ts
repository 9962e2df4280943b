import { api, type Certificate, queryKeys, queryOptions } from '@courseport/shared-ui';

export const certificatePath = (courseId: string) => `/api/user/certificates/${encodeURIComponent(courseId)}`;
export const certificatePdfPath = (courseId: string) => `${certificatePath(courseId)}/pdf`;

/** `GET /api/user/certificates/:courseId`: the student's certificate of a completed course (issued on first ask). */
export async function fetchCertificate(courseId: string): Promise<Certificate> {
  const res = await api.get<{ certificate: Certificate }>(certificatePath(courseId));
  return res.certificate;
}

export const certificateQuery = (courseId: string) =>
  queryOptions({ queryKey: queryKeys.user.certificate(courseId), queryFn: () => fetchCertificate(courseId) });

/** `GET /api/user/certificates/:courseId/pdf`, saved by the browser as the server names it. */
export const downloadCertificate = (courseId: string) =>
  api.download(certificatePdfPath(courseId), 'courseport-certificate.pdf');
