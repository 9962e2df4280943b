/**
 * Certificates (the `certificates` collection): issued once a student completed a course, revoked
 * when the purchase that gave it is refunded. Calls learning (progress), courses and users.
 */
export { CERTIFICATE_ID_PATTERN, CERTIFICATE_INDEXES } from './repository.js';
export { type CertificateServices, certificateRoutes, verificationPath } from './routes.js';
export {
  CERTIFICATE_NOT_FOUND,
  CERTIFICATE_REVOKED,
  type CertificatesService,
  COURSE_NOT_COMPLETE,
  certificatesService,
  ownerView,
  publicView,
} from './service.js';
