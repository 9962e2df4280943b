import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import getRawBody from 'raw-body';
import { HttpError } from '../errors.js';

const PARSED_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const DECOMPRESSORS = new Map<string, () => Transform>([
  ['gzip', createGunzip],
  ['x-gzip', createGunzip],
  ['deflate', createInflate],
  ['br', createBrotliDecompress],
]);
/** JSON is UTF-8 (RFC 8259); `fatal` refuses invalid bytes where a lenient decoder would put U+FFFD. */
const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Only objects and arrays, like koa-body's `jsonStrict`. */
const STRICT_JSON = /^[ \t\n\r]*[[{]/;

const refuseProtoKeys = (key: string, value: unknown) => {
  if (key === '__proto__') throw new SyntaxError('__proto__ is not an acceptable key');
  return value;
};

/** Whatever goes wrong while reading or decoding a body is the client's doing: 400, or the limit's 413/415. */
function bodyError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 413) return new HttpError(413, 'Request body is too large');
  if (status === 415) return new HttpError(415, 'Unsupported Content-Encoding');
  return new HttpError(400, 'Malformed request body');
}

/** Reads a JSON body as bytes, so invalid UTF-8 is refused rather than silently replaced. */
async function readJson(ctx: Context, limit: string): Promise<unknown> {
  const encoding = (ctx.get('Content-Encoding') || 'identity').trim().toLowerCase();
  const decompress = DECOMPRESSORS.get(encoding);
  if (!decompress && encoding !== 'identity') throw new HttpError(415, 'Unsupported Content-Encoding');
  // Piped, not pipeline(): a decoding error must not destroy the request, or there is no one to answer.
  const source: Readable = decompress ? ctx.req.pipe(decompress()) : ctx.req;
  const length = decompress ? undefined : ctx.get('Content-Length') || undefined;
  const bytes = await getRawBody(source, { limit, length });
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new HttpError(400, 'The request body must be UTF-8 text');
  }
  if (!text) return {};
  if (!STRICT_JSON.test(text)) throw new HttpError(400, 'The request body must be a JSON object');
  return JSON.parse(text, refuseProtoKeys);
}

/**
 * API request bodies are JSON, read strictly (above). Multipart is left for the one route that
 * reads it, and `rawPaths` (the Stripe webhook) read their own bytes. Any other body on the API is
 * refused with 415, so no JSON endpoint can be driven by an HTML form on another site (login CSRF).
 */
export function bodyParser({
  limit,
  rawPaths,
  rawPrefixes = [],
}: {
  limit: string;
  rawPaths: ReadonlySet<string>;
  /** Paths whose handler streams its own body (tus uploads, #33): this path and everything under it. */
  rawPrefixes?: readonly string[];
}): Middleware {
  // Pages outside the API (the local checkout) post ordinary HTML forms.
  const forms = koaBody({
    json: false,
    text: false,
    multipart: false,
    formLimit: limit,
    onError: (error) => {
      throw bodyError(error);
    },
  });
  const parse: Middleware = async (ctx, next) => {
    if (ctx.is('json', '+json')) {
      try {
        ctx.request.body = (await readJson(ctx, limit)) as typeof ctx.request.body;
      } catch (error) {
        throw bodyError(error);
      }
      return next();
    }
    const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || ctx.get('Transfer-Encoding') !== '';
    if (!ctx.path.startsWith('/api/')) return forms(ctx, next);
    if (hasBody && !ctx.is('multipart'))
      throw new HttpError(415, 'Expected a JSON body (Content-Type: application/json)');
    return next();
  };
  const raw = (path: string) =>
    rawPaths.has(path) || rawPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  return (ctx, next) => (!PARSED_METHODS.has(ctx.method) || raw(ctx.path) ? next() : parse(ctx, next));
}
