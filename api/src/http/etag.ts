import { createHash } from 'node:crypto';
import type { Context } from 'koa';

/**
 * Sends a JSON body with a weak ETag; a matching If-None-Match gets 304 and no body, so clients
 * that poll (the session's user data every 10 s) pay almost nothing when nothing changed.
 */
export function sendWithEtag(ctx: Context, body: object, cacheControl = 'private, no-cache'): void {
  const json = JSON.stringify(body);
  const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', cacheControl);
  const ifNoneMatch = ctx.get('If-None-Match');
  if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(etag)) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json';
  ctx.body = json;
}
