import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import { EXPOSE_HEADERS } from '../../http/middleware/cors.js';
import { rateLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { isVideoId, listQuerySchema } from './schemas.js';
import { VIDEO_NOT_FOUND, type VideosService } from './service.js';
import { setUploadCaller, tusServer } from './tus.js';

export interface VideoServices {
  videos: VideosService;
  assertEducator: (userId: string) => Promise<unknown>;
  /** Where tus writes uploads (DATA_DIR/video-uploads). */
  uploadDir: string;
}

/** Uploads an educator may start a minute (a resumed upload is not a new one). */
export const VIDEO_UPLOADS_PER_MINUTE = 10;
const MiB = 1024 * 1024;
const DECIMAL = /^\d{1,16}$/;

/**
 * `POST|HEAD|PATCH|DELETE /api/educator/videos/uploads[/:id]` (tus 1.0, handed to @tus/server with
 * `ctx.respond = false`: the body parser and compression leave these paths alone), and
 * `GET /api/educator/videos`, `GET|DELETE /api/educator/videos/:id`. Signed-in educators only;
 * an upload or video of someone else is 404.
 */
export function videoRoutes({ auth, config }: AppDeps, { videos, assertEducator, uploadDir }: VideoServices): Router {
  const router = new Router();
  const maxBytes = config.videoMaxMb * MiB;
  const tus = tusServer(videos, {
    uploadDir,
    maxBytes,
    allowedOrigins: config.allowedOrigins,
    exposedHeaders: EXPOSE_HEADERS,
  });

  const educator: Middleware = async (ctx, next) => {
    await assertEducator(callerOf(ctx.state).userId);
    return next();
  };
  const signedIn = [authenticate(auth.verifier, { required: true }), educator];
  const ownUpload: Middleware = async (ctx, next) => {
    const id = ctx.params.id;
    if (!isVideoId(id)) throw notFound(VIDEO_NOT_FOUND);
    await videos.assertOwner(callerOf(ctx.state).userId, id);
    return next();
  };
  const handOver = async (ctx: Context) => {
    setUploadCaller(ctx.req, callerOf(ctx.state).userId);
    ctx.respond = false;
    await tus.handle(ctx.req, ctx.res);
  };

  router.post(
    '/educator/videos/uploads',
    ...signedIn,
    rateLimit({
      windowMs: 60_000,
      max: VIDEO_UPLOADS_PER_MINUTE,
      keys: (ctx) => [`video-upload:${ctx.state.auth?.userId}`],
      message: (seconds) => `Too many uploads. Please try again in ${seconds} seconds.`,
    }),
    async (ctx) => {
      // The size is known before a byte is sent: it is what the quota reserves.
      if (ctx.get('Upload-Defer-Length') || !DECIMAL.test(ctx.get('Upload-Length')))
        throw badRequest('Upload-Length is required: the size of the file in bytes');
      const length = Number(ctx.get('Upload-Length'));
      if (length > maxBytes)
        throw new HttpError(413, `The video is too large: it may be at most ${config.videoMaxMb} MB`);
      if (length === 0) throw badRequest('The file is empty');
      await handOver(ctx);
    },
  );
  router.head('/educator/videos/uploads/:id', ...signedIn, ownUpload, handOver);
  router.patch('/educator/videos/uploads/:id', ...signedIn, ownUpload, handOver);
  // tus termination: the video goes with it (file, record, quota).
  router.delete('/educator/videos/uploads/:id', ...signedIn, async (ctx) => {
    const id = ctx.params.id;
    if (!isVideoId(id)) throw notFound(VIDEO_NOT_FOUND);
    await videos.remove(callerOf(ctx.state).userId, id);
    ctx.set('Tus-Resumable', '1.0.0');
    ctx.status = 204;
  });

  router.get('/educator/videos', ...signedIn, async (ctx) => {
    const { offset, limit } = parseInput(listQuerySchema, ctx.query);
    const page = await videos.list(callerOf(ctx.state).userId, offset, limit);
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, ...page, offset, limit };
  });
  router.get('/educator/videos/:id', ...signedIn, async (ctx) => {
    const id = ctx.params.id;
    if (!isVideoId(id)) throw notFound(VIDEO_NOT_FOUND);
    const video = await videos.detail(callerOf(ctx.state).userId, id);
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, video };
  });
  router.delete('/educator/videos/:id', ...signedIn, async (ctx) => {
    const id = ctx.params.id;
    if (!isVideoId(id)) throw notFound(VIDEO_NOT_FOUND);
    await videos.remove(callerOf(ctx.state).userId, id);
    ctx.body = { success: true };
  });

  return router;
}
