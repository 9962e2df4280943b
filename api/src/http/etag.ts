import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'koa';
import Negotiator from 'negotiator';

/** Bodies under this size are sent as they are (koa-compress's threshold in `app.ts`). */
export const COMPRESS_THRESHOLD = 1024;

const etagOf = (json: string) => `W/"${createHash('sha1').update(json).digest('base64url')}"`;

/** Sets the validators; answers 304 (and returns true) when the client already has this version. */
function answeredNotModified(ctx: Context, etag: string, cacheControl: string): boolean {
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', cacheControl);
  const ifNoneMatch = ctx.get('If-None-Match');
  if (!ifNoneMatch || !ifNoneMatch.split(/\s*,\s*/).includes(etag)) return false;
  ctx.status = 304;
  return true;
}

/**
 * Sends a JSON body with a weak ETag; a matching If-None-Match gets 304 and no body, so clients
 * that poll (the session's user data every 10 s) pay almost nothing when nothing changed.
 */
export function sendWithEtag(ctx: Context, body: object, cacheControl = 'private, no-cache'): void {
  const json = JSON.stringify(body);
  if (answeredNotModified(ctx, etagOf(json), cacheControl)) return;
  ctx.type = 'application/json';
  ctx.body = json;
}

/** The encodings kept ready; any other one a client asks for is left to koa-compress. */
type Precompressed = 'br' | 'gzip';
const COMPRESSORS: Record<Precompressed, (json: string) => Promise<Buffer>> = {
  // The same settings as koa-compress's defaults, so the bytes are what it would have sent.
  br: (json) =>
    promisify(zlib.brotliCompress)(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }) as Promise<Buffer>,
  gzip: (json) => promisify(zlib.gzip)(json) as Promise<Buffer>,
};
/** koa-compress's list and preference order (zstd only where this Node has it). */
const PREFERENCE = ['zstd', 'br', 'gzip', 'deflate', 'identity'];
const AVAILABLE = PREFERENCE.filter((e) => e !== 'zstd' || 'createZstdCompress' in zlib);

const chosenEncodings = new Map<string, string>();

/**
 * Which encoding koa-compress would choose for this request. Clients send a handful of distinct
 * Accept-Encoding values, so each one is negotiated once.
 */
function negotiatedEncoding(ctx: Context): string {
  const header = ctx.request.headers['accept-encoding'] ?? '';
  let chosen = chosenEncodings.get(header);
  if (chosen === undefined) {
    chosen = negotiate(header);
    if (chosenEncodings.size >= 256) chosenEncodings.clear();
    chosenEncodings.set(header, chosen);
  }
  return chosen;
}

function negotiate(header: string): string {
  const accept = header === '*' ? 'gzip' : header || 'identity';
  // negotiator 1.x takes the preference order that koa-compress passes; its typings predate it.
  const negotiator = new Negotiator({ headers: { 'accept-encoding': accept } }) as unknown as {
    encoding(available: string[], options: { preferred: string[] }): string | undefined;
  };
  return negotiator.encoding(AVAILABLE, { preferred: PREFERENCE }) ?? 'identity';
}

/** A JSON body serialized once, with its ETag, and compressed at most once per encoding. */
export interface PreparedJson {
  readonly json: string;
  readonly etag: string;
  readonly bytes: number;
  encoded(encoding: Precompressed): Promise<Buffer>;
}

export function prepareJson(body: object): PreparedJson {
  const json = JSON.stringify(body);
  const encoded = new Map<Precompressed, Promise<Buffer>>();
  return {
    json,
    etag: etagOf(json),
    bytes: Buffer.byteLength(json),
    encoded(encoding) {
      let buffer = encoded.get(encoding);
      if (!buffer) {
        buffer = COMPRESSORS[encoding](json);
        encoded.set(encoding, buffer);
        buffer.catch(() => encoded.delete(encoding));
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
  ctx.type = 'application/json';
  const encoding = ctx.method === 'HEAD' || prepared.bytes < COMPRESS_THRESHOLD ? 'identity' : negotiatedEncoding(ctx);
  if (encoding === 'br' || encoding === 'gzip') {
    const body = await prepared.encoded(encoding);
    ctx.vary('Accept-Encoding');
    ctx.set('Content-Encoding', encoding);
    ctx.body = body;
    return;
  }
  // Identity, or an encoding not kept ready: koa-compress handles it as for any other body.
  ctx.body = prepared.json;
}
