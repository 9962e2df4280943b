import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'koa';
import Negotiator from 'negotiator';

/** Bodies under this size are sent as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024;

/** The content codings the API sends, in the server's order of preference. */
export type ContentCoding = 'br' | 'gzip' | 'deflate';
const PREFERENCE: readonly string[] = ['br', 'gzip', 'deflate', 'identity'];

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);
/** Brotli at quality 4: most of its gain over gzip at a fraction of the default quality's CPU. */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

export function compressBytes(coding: ContentCoding, data: string | Buffer): Promise<Buffer> {
  if (coding === 'br') return brotliCompress(data, BROTLI_OPTIONS);
  return coding === 'gzip' ? gzip(data) : deflate(data);
}

export function compressStream(coding: ContentCoding): zlib.BrotliCompress | zlib.Gzip | zlib.Deflate {
  if (coding === 'br') return zlib.createBrotliCompress(BROTLI_OPTIONS);
  return coding === 'gzip' ? zlib.createGzip() : zlib.createDeflate();
}

const chosen = new Map<string, ContentCoding | 'identity'>();

/**
 * The coding this request's Accept-Encoding asks for (`identity` when none fits). Clients send a
 * handful of distinct values, so each one is negotiated once.
 */
export function negotiatedCoding(ctx: Context): ContentCoding | 'identity' {
  const header = ctx.request.headers['accept-encoding'] ?? '';
  let coding = chosen.get(header);
  if (coding === undefined) {
    coding = negotiate(header);
    if (chosen.size >= 256) chosen.clear();
    chosen.set(header, coding);
  }
  return coding;
}

function negotiate(header: string): ContentCoding | 'identity' {
  // No header means any coding is acceptable to the client (RFC 9110 §12.5.3), but a client that
  // sends none usually cannot decode one: answer it plainly, as servers commonly do.
  const accept = header === '*' ? 'gzip' : header || 'identity';
  // negotiator 1.x takes a preference order; its typings predate it.
  const negotiator = new Negotiator({ headers: { 'accept-encoding': accept } }) as unknown as {
    encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
  };
  return (negotiator.encoding(PREFERENCE, { preferred: PREFERENCE }) ?? 'identity') as ContentCoding | 'identity';
}
