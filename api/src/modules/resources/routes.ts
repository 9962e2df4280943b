import Router from '@koa/router';
import type { Context } from 'koa';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { badRequest } from '../../http/errors.js';
import { readMultipart } from '../../http/multipart.js';
import { rateLimit, userLimits } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import type { UploadQuota } from '../media/index.js';
import { TEXT_CONTENT_TYPE } from './content-type.js';
import { uploadFieldsSchema } from './schemas.js';
import type { ResourcesService } from './service.js';

export interface ResourceServices {
  resources: ResourcesService;
  quota: UploadQuota;
  assertEducator: (userId: string) => Promise<unknown>;
}

const MiB = 1024 * 1024;
/** Uploads per educator a minute, downloads per client a minute. */
export const UPLOADS_PER_MINUTE = 30;
export const DOWNLOADS_PER_MINUTE = 120;

/** RFC 6266 / 8187: an ASCII fallback name, and the exact name in UTF-8. */
export function attachmentHeader(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/** The file of a checked download: an attachment with its checked type, never sniffed, never cached. */
export function sendFile(ctx: Context, file: { fileName: string; contentType: string }, bytes: Buffer): void {
  cacheFor(ctx, cache.privateNone);
  ctx.set('Content-Disposition', attachmentHeader(file.fileName));
  ctx.type = file.contentType === TEXT_CONTENT_TYPE ? TEXT_CONTENT_TYPE : file.contentType;
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
  ctx.body = bytes;
}

/**
 * `POST /api/educator/resources` (an educator's upload), `GET /api/courses/:courseId/resources/:resourceId/link`
 * (a signed link for whoever may open the lesson) and `GET /api/resources/:id/download` (the file, by a signed link).
 */
export function resourceRoutes(
  { auth, config }: AppDeps,
  { resources, quota, assertEducator }: ResourceServices,
): Router {
  const router = new Router();
  const maxBytes = config.resourceMaxMb * MiB;
  const tooLarge = `The file is too large: a resource may be at most ${config.resourceMaxMb} MB`;

  router.post(
    '/educator/resources',
    authenticate(auth.verifier, { required: true }),
    rateLimit({
      windowMs: 60_000,
      max: UPLOADS_PER_MINUTE,
      keys: (ctx) => [`resource-upload:${ctx.state.auth?.userId}`],
      message: (seconds) => `Too many uploads. Please try again in ${seconds} seconds.`,
    }),
    async (ctx) => {
      const ownerId = callerOf(ctx.state).userId;
      await assertEducator(ownerId);
      const limit = userLimits(ctx).uploadBytes;
      // No room at all: refused before a byte of the body is read.
      await quota.assertRoom(ownerId, limit);
      const { fields, files } = await readMultipart(ctx, {
        maxFileBytes: maxBytes,
        maxFiles: 1,
        maxFieldBytes: 1024,
        tooLargeMessage: tooLarge,
      });
      const file = files.find((f) => f.field === 'file');
      if (!file) throw badRequest('Please choose a file to upload (the form field `file`)');
      const { title } = parseInput(uploadFieldsSchema, fields);
      const resource = await resources.upload(ownerId, file, title, limit);
      ctx.status = 201;
      cacheFor(ctx, cache.none);
      ctx.body = { success: true, resource };
    },
  );

  router.get(
    '/courses/:courseId/resources/:resourceId/link',
    authenticate(auth.verifier, { required: false }),
    async (ctx) => {
      const link = await resources.lessonLink(ctx.state.auth, ctx.params.courseId ?? '', ctx.params.resourceId ?? '');
      cacheFor(ctx, cache.privateNone);
      ctx.body = { success: true, link };
    },
  );

  router.get(
    '/resources/:id/download',
    rateLimit({
      windowMs: 60_000,
      max: DOWNLOADS_PER_MINUTE,
      keys: (ctx) => [`resource-download:${ctx.ip}`],
      message: (seconds) => `Too many downloads. Please try again in ${seconds} seconds.`,
    }),
    async (ctx) => {
      const { doc, bytes } = await resources.download(ctx.params.id ?? '', ctx.query.e, ctx.query.s);
      sendFile(ctx, doc, bytes);
    },
  );

  return router;
}
