import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import { EXPOSE_HEADERS } from '../../http/middleware/cors.js';
import { rateLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { BAD_CAPTION_LANGUAGE, captionBodySchema, isCaptionLanguage } from './captions.js';
import { isVideoId, listQuerySchema } from './schemas.js';
import { STREAM_FILE_NOT_FOUND, VIDEO_NOT_FOUND, type VideosService } from './service.js';
import { sendStreamFile } from './stream.js';
import { setUploadCaller, tusServer } from './tus.js';

export interface VideoServices {
  videos: VideosService;
  assertEducator: (userId: string) => Promise<unknown>;
  /** Where tus writes uploads (DATA_DIR/video-uploads). */
  uploadDir: string;
}

/** Uploads an educator may start a minute (a resumed upload is not a new one). */
export const VIDEO_UPLOADS_PER_MINUTE = 10;
/**
 * Playback answers a client (a signed-in user, else an address) may get a minute: a player asks
 * once per lesson opened and again every half VIDEO_URL_TTL_S, so this is many lessons' worth.
 */
export const PLAYBACKS_PER_MINUTE = 60;
/** A stream file's path after the token: `master.m3u8`, `<rendition>/<file>`, `captions/<lang>.vtt`. */
const STREAM_PART = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}$/;
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

  // Captions (#33): one WebVTT track per language, sent as WebVTT or SRT text in JSON (limited
  // like every authenticated write, per user and route, by `authenticate`).
  const captionTarget = (ctx: Context) => {
    const { id, lang } = ctx.params;
    if (!isVideoId(id)) throw notFound(VIDEO_NOT_FOUND);
    if (!isCaptionLanguage(lang)) throw badRequest(BAD_CAPTION_LANGUAGE);
    return { id, lang };
  };
  router.put('/educator/videos/:id/captions/:lang', ...signedIn, async (ctx) => {
    const { id, lang } = captionTarget(ctx);
    const { label, text } = parseInput(captionBodySchema, ctx.request.body);
    const video = await videos.putCaptions(callerOf(ctx.state).userId, id, lang, label, text);
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, video };
  });
  router.delete('/educator/videos/:id/captions/:lang', ...signedIn, async (ctx) => {
    const { id, lang } = captionTarget(ctx);
    const video = await videos.removeCaptions(callerOf(ctx.state).userId, id, lang);
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, video };
  });

  // The owner's own player (the Videos page's preview).
  router.get('/educator/videos/:id/playback', ...signedIn, async (ctx) => {
    const id = ctx.params.id;
    if (!isVideoId(id)) throw notFound(VIDEO_NOT_FOUND);
    const playback = await videos.ownPlayback(callerOf(ctx.state).userId, id);
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, playback };
  });

  // A lesson's player: signed-out callers too (a free preview); access is the lesson's.
  router.get(
    '/videos/:videoId/playback',
    authenticate(auth.verifier, { required: false }),
    rateLimit({
      windowMs: 60_000,
      max: PLAYBACKS_PER_MINUTE,
      keys: (ctx) => [ctx.state.auth ? `video-playback:user:${ctx.state.auth.userId}` : `video-playback:ip:${ctx.ip}`],
      message: (seconds) => `Too many requests. Please try again in ${seconds} seconds.`,
    }),
    async (ctx) => {
      const playback = await videos.lessonPlayback(
        ctx.state.auth,
        ctx.params.videoId ?? '',
        ctx.query.courseId,
        ctx.query.lectureId,
      );
      cacheFor(ctx, cache.privateNone);
      ctx.body = { success: true, playback };
    },
  );

  // Posters: public and immutable, like course thumbnails (an id's poster never changes).
  router.get('/videos/:videoId/:file', async (ctx) => {
    const format = ({ 'poster.webp': 'webp', 'poster.jpg': 'jpg' } as const)[ctx.params.file ?? ''];
    const poster = format ? await videos.poster(ctx.params.videoId ?? '', format) : null;
    if (!format || !poster) throw notFound('Poster not found');
    cacheFor(ctx, cache.immutable);
    ctx.set('ETag', `"${poster.etag}"`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (ctx.get('If-None-Match') === `"${poster.etag}"`) {
      ctx.status = 304;
      return;
    }
    ctx.type = format === 'webp' ? 'image/webp' : 'image/jpeg';
    ctx.body = poster.bytes;
  });

  // Stream files, by a signed token in the path (no Authorization: players fetch these themselves).
  const stream = async (ctx: Context, parts: Array<string | undefined>) => {
    const token = ctx.params.token ?? '';
    if (!parts.every((part) => part !== undefined && STREAM_PART.test(part) && part !== '..' && part !== '.')) {
      videos.verifyStreamToken(token);
      throw notFound(STREAM_FILE_NOT_FOUND);
    }
    const file = await videos.streamFile(token, parts.join('/'));
    sendStreamFile(ctx, file, file.maxAgeS);
  };
  router.get('/stream/:token/:file', (ctx) => stream(ctx, [ctx.params.file]));
  router.get('/stream/:token/:dir/:file', (ctx) => stream(ctx, [ctx.params.dir, ctx.params.file]));

  return router;
}
