import Router from '@koa/router';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { HttpError, notFound } from '../../http/errors.js';
import { perUserLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { certificatePdf } from './pdf.js';
import { certificateCourseSchema, certificateIdSchema } from './schemas.js';
import { CERTIFICATE_NOT_FOUND, CERTIFICATE_REVOKED, type CertificatesService, ownerView } from './service.js';

export interface CertificateServices {
  certificates: CertificatesService;
}

/** The path of a certificate's public verification page (the storefront's `/certificate/:id`). */
export const verificationPath = (id: string) => `/certificate/${id}`;

export function certificateRoutes({ auth, config }: AppDeps, { certificates }: CertificateServices): Router {
  const router = new Router();
  const signedIn = authenticate(auth.verifier, { required: true });

  router.get('/user/certificates/:courseId', signedIn, async (ctx) => {
    const { courseId } = parseInput(certificateCourseSchema, ctx.params);
    cacheFor(ctx, cache.private);
    ctx.body = { success: true, certificate: ownerView(await certificates.mine(callerOf(ctx.state).userId, courseId)) };
  });

  // Drawing a PDF costs more than a read: the per-route allowance of writes keeps a script at bay.
  router.get('/user/certificates/:courseId/pdf', signedIn, perUserLimit('writes'), async (ctx) => {
    const { courseId } = parseInput(certificateCourseSchema, ctx.params);
    const certificate = await certificates.mine(callerOf(ctx.state).userId, courseId);
    if (certificate.revokedAt) throw new HttpError(410, CERTIFICATE_REVOKED);
    const pdf = await certificatePdf(certificate, config.publicAppUrl + verificationPath(certificate._id));
    cacheFor(ctx, cache.privateNone);
    ctx.set('Content-Disposition', `attachment; filename="courseport-certificate-${certificate._id}.pdf"`);
    ctx.type = 'application/pdf';
    ctx.body = Buffer.from(pdf);
  });

  // Public: whoever holds the id may confirm the certificate; it answers nothing else.
  router.get('/certificates/:id', async (ctx) => {
    const input = certificateIdSchema.safeParse(ctx.params);
    if (!input.success) throw notFound(CERTIFICATE_NOT_FOUND);
    cacheFor(ctx, cache.revalidate);
    ctx.body = { success: true, certificate: await certificates.verify(input.data.id) };
  });

  return router;
}
