import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { ID_PATTERN } from '../../store/index.js';
import { detectImageType } from './image-type.js';

export const mediaPath = (id: string) => `/api/media/${id}`;

/** Serves stored images by id, with the type detected from their bytes; ids never change content. */
export function mediaRoutes({ store }: AppDeps): Router {
  const router = new Router();
  router.get('/media/:id', async (ctx) => {
    const id = ctx.params.id ?? '';
    const bytes = ID_PATTERN.test(id) ? await store.blobs.get(id) : null;
    const type = bytes && detectImageType(bytes);
    if (!bytes || !type) throw notFound('Media not found');
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('ETag', `"${id}"`);
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    if (ctx.get('If-None-Match') === `"${id}"`) {
      ctx.status = 304;
      return;
    }
    ctx.type = type;
    ctx.body = bytes;
  });
  return router;
}
