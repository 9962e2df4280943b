import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { cache, cacheFor } from './cache.js';
import { COMPRESS_THRESHOLD, type ContentCoding, compressBytes, negotiatedCoding } from './encoding.js';

const JSON_TYPE = 'application/json; charset=utf-8';

const etagOf = (json: string) => `W/"${createHash('sha1').update(json).digest('base64url')}"`;

/** Sets the validators; answers 304 (and returns true) when the client already has this version. */
function answeredNotModified(ctx: Context, etag: string, cacheControl: string): boolean {
  ctx.set('ETag', etag);
  cacheFor(ctx, cacheControl);
  const ifNoneMatch = ctx.get('If-None-Match');
  if (!ifNoneMatch || !ifNoneMatch.split(/\s*,\s*/).includes(etag)) return false;
  ctx.status = 304;
  return true;
}

/**
 * Sends a JSON body with a weak ETag; a matching If-None-Match gets 304 and no body, so clients
 * that poll (the session's user data every 10 s) pay almost nothing when nothing changed.
 */
export function sendWithEtag(ctx: Context, body: object, cacheControl: string = cache.private): void {
  const json = JSON.stringify(body);
  if (answeredNotModified(ctx, etagOf(json), cacheControl)) return;
  ctx.set('Content-Type', JSON_TYPE);
  ctx.body = json;
}

/** A JSON body serialized once, with its ETag, and compressed at most once per coding. */
export interface PreparedJson {
  readonly json: string;
  readonly etag: string;
  readonly bytes: number;
  encoded(coding: ContentCoding): Promise<Buffer>;
}

export function prepareJson(body: object): PreparedJson {
  const json = JSON.stringify(body);
  const encoded = new Map<ContentCoding, Promise<Buffer>>();
  return {
    json,
    etag: etagOf(json),
    bytes: Buffer.byteLength(json),
    encoded(coding) {
      let buffer = encoded.get(coding);
      if (!buffer) {
        buffer = compressBytes(coding, json);
        encoded.set(coding, buffer);
        buffer.catch(() => encoded.delete(coding));
      }
      return buffer;
    },
  };
}

/**
 * `sendWithEtag` for a body prepared once and sent many times (the catalog): the same headers,
 * statuses and bytes, without serializing, hashing or compressing it again for every request.
 */
export async function sendPrepared(ctx: Context, prepared: PreparedJson, cacheControl: string): Promise<void> {
  if (answeredNotModified(ctx, prepared.etag, cacheControl)) return;
  ctx.set('Content-Type', JSON_TYPE);
  if (ctx.method === 'HEAD' || prepared.bytes < COMPRESS_THRESHOLD) {
    ctx.body = prepared.json;
    return;
  }
  ctx.vary('Accept-Encoding');
  const coding = negotiatedCoding(ctx);
  if (coding === 'identity') {
    ctx.body = prepared.json;
    return;
  }
  const body = await prepared.encoded(coding);
  ctx.set('Content-Encoding', coding);
  ctx.body = body;
}
