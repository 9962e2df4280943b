import { ApiError, api, type PublicCertificate, queryKeys, queryOptions } from '@courseport/shared-ui';

export const CERTIFICATE_NOT_FOUND = 'Certificate not found';

export const verificationPath = (id: string) => `/api/certificates/${encodeURIComponent(id)}`;

/** `GET /api/certificates/:id` (public): name, course, date, id and whether it stands. */
export async function fetchCertificate(id: string): Promise<PublicCertificate> {
  const res = await api.get<{ certificate: PublicCertificate }>(verificationPath(id));
  if (!res.certificate) throw new ApiError(CERTIFICATE_NOT_FOUND, 404);
  return res.certificate;
}

/** One certificate's verification, under `queryKeys.certificate.verification(id)`. */
export const certificateQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.certificate.verification(id), queryFn: () => fetchCertificate(id) });
