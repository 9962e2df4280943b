import { pipeline, Readable } from 'node:stream';
import compressible from 'compressible';
import type { Context, Middleware } from 'koa';
import { COMPRESS_THRESHOLD, compressBytes, compressStream, negotiatedCoding } from '../encoding.js';

const BODILESS_STATUSES = new Set([204, 205, 304]);
const compressibleTypes = new Map<string, boolean>();

function isCompressible(type: unknown): boolean {
  if (typeof type !== 'string') return false;
  let known = compressibleTypes.get(type);
  if (known === undefined) {
    known = compressible(type) === true;
    if (compressibleTypes.size < 256) compressibleTypes.set(type, known);
  }
  return known;
}

/** `Cache-Control: no-transform` (RFC 9111): the bytes go as they are, like the `compression` package does. */
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * Compresses text-like responses for clients that accept it. Bodies that already carry a
 * Content-Encoding (the hot paths send bytes compressed once, see `sendPrepared`) pass through
 * untouched, so they cost this middleware one header lookup. A byte range (206) and an answer
 * marked `no-transform` (hosted video's stream files, #33) are never compressed.
 */
export function compressResponses(): Middleware {
  return async (ctx, next) => {
    await next();
    const { body } = ctx;
    if (body == null || ctx.method === 'HEAD' || BODILESS_STATUSES.has(ctx.status)) return;
    if (ctx.res.headersSent || !ctx.writable || ctx.res.hasHeader('Content-Encoding') || ctx.status === 206) return;
    if (NO_TRANSFORM.test(String(ctx.res.getHeader('Cache-Control') ?? ''))) return;
    if (!isCompressible(ctx.res.getHeader('Content-Type'))) return;
    if (body instanceof Readable) return compressStreamed(ctx, body);

    let bytes: string | Buffer = body;
    if (typeof body !== 'string' && !Buffer.isBuffer(body)) {
      bytes = JSON.stringify(body);
      ctx.body = bytes; // serialized once: Koa sends a string as it is
    }
    // A body this small is sent as it is to every client: its answer does not vary.
    if (Buffer.byteLength(bytes) < COMPRESS_THRESHOLD) return;
    ctx.vary('Accept-Encoding');
    const coding = negotiatedCoding(ctx);
    if (coding === 'identity') return;
    ctx.body = await compressBytes(coding, bytes);
    ctx.set('Content-Encoding', coding);
  };
}

/** A stream's length is unknown until it ends: it is compressed as it flows, for any client that accepts it. */
function compressStreamed(ctx: Context, body: Readable): void {
  ctx.vary('Accept-Encoding');
  const coding = negotiatedCoding(ctx);
  if (coding === 'identity') return;
  const compressed = compressStream(coding);
  pipeline(body, compressed, () => {});
  ctx.set('Content-Encoding', coding);
  ctx.remove('Content-Length');
  ctx.body = compressed;
}
