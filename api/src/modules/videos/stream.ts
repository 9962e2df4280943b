import type { Context } from 'koa';
import { parse as parseRange } from 'range-parser';
import { HttpError } from '../../http/errors.js';

/** The longest `Range` header read (a few ranges); a longer one is ignored and the whole file sent. */
const MAX_RANGE_HEADER = 200;

/**
 * Sends a stored stream file (#33): its bytes under a strong ETag (the blob's id: a blob never
 * changes), `Accept-Ranges: bytes`, one byte range when asked (206 with Content-Range; 416 when
 * it is not satisfiable; a malformed header or several ranges get the whole file, as RFC 9110
 * allows), 304 for a matching If-None-Match. `Cache-Control` is public and immutable for as long as
 * the token still lives (never longer, so a cache keyed by URL keeps nothing past it), with
 * `no-transform`: the bytes are sent as stored, never compressed (segments are compressed video
 * already, and a range is of the stored bytes), by this API or a proxy.
 */
export function sendStreamFile(
  ctx: Context,
  file: { bytes: Buffer; contentType: string; etag: string },
  maxAgeS: number,
): void {
  const { bytes } = file;
  const etag = `"${file.etag}"`;
  ctx.set('Cache-Control', `public, max-age=${Math.max(0, maxAgeS)}, immutable, no-transform`);
  ctx.set('ETag', etag);
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('X-Content-Type-Options', 'nosniff');
  const ifNoneMatch = ctx.get('If-None-Match');
  if (ifNoneMatch && (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim() === etag))) {
    ctx.status = 304;
    return;
  }
  ctx.type = file.contentType;
  const header = ctx.get('Range');
  const ifRange = ctx.get('If-Range');
  // A range of another version (If-Range naming another ETag, or a date: blobs have none) gets the whole file.
  const rangeApplies = header !== '' && header.length <= MAX_RANGE_HEADER && (ifRange === '' || ifRange === etag);
  const parsed = rangeApplies ? parseRange(bytes.length, header) : null;
  if (parsed && parsed.type === 'bytes' && (parsed.code & 1) === 0) {
    if (parsed.ranges.length === 0)
      throw new HttpError(416, 'The requested range is not satisfiable', {
        'Content-Range': `bytes */${bytes.length}`,
      });
    if (parsed.ranges.length === 1) {
      const { start, end } = parsed.ranges[0] as { start: number; end: number };
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${start}-${end}/${bytes.length}`);
      ctx.body = bytes.subarray(start, end + 1);
      return;
    }
  }
  ctx.body = bytes;
}
