import { Transform, type TransformCallback } from 'node:stream';
import busboy from 'busboy';
import type { Context } from 'koa';
import { HttpError } from './errors.js';

export interface UploadedFile {
  field: string;
  originalName: string | null;
  data: Buffer;
}

export interface MultipartLimits {
  maxFileBytes: number;
  maxFiles: number;
  maxFieldBytes: number;
  /** Text fields (default 20). */
  maxFields?: number;
  /**
   * Every byte of the body, boundaries and part headers included (default: the files and one
   * field at their limits, plus 64 KB). Checked against Content-Length before a byte is read, and
   * counted while the body streams in (chunked bodies have no Content-Length).
   */
  maxTotalBytes?: number;
  tooLargeMessage: string;
}

/** Field bytes must be UTF-8; `fatal` refuses invalid bytes where a lenient decoder would put U+FFFD. */
const utf8 = new TextDecoder('utf-8', { fatal: true });
/** busboy hands field names and values over decoded as latin1 (one char per byte): back to the exact bytes. */
const bytesOf = (text: string) => Buffer.from(text, 'latin1');
/** Only a latin1 string is a byte-for-byte copy; a part that named another charset was decoded with it. */
const NOT_LATIN1 = /[\u0100-\uffff]/;

/** After a refusal, what the client still sends is read and dropped up to this much, or for this long. */
const LINGER_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 10_000;

/**
 * A refused body is not read on: the request stays paused until the answer has gone out. Closing
 * the connection then would reset it under a client still sending, which often loses the answer,
 * so what the client still sends is read and dropped for a while (a "lingering close"), and the
 * connection is closed once that passes LINGER_BYTES or LINGER_MS. A client that hangs up on
 * reading the answer is let go at once.
 */
function refuseRestOfBody(ctx: Context) {
  const { req, res } = ctx;
  if (req.complete) return;
  req.pause();
  res.once('finish', () => {
    if (req.complete) return;
    let dropped = 0;
    const close = () => req.socket.destroy();
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    req.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) close();
    });
    req.once('close', () => clearTimeout(timer));
    req.resume();
  });
}

/** A pass-through that refuses the body once more than `max` bytes have gone through it. */
class ByteCounter extends Transform {
  private seen = 0;
  constructor(
    private readonly max: number,
    private readonly onTooLarge: () => void,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.seen += chunk.length;
    if (this.seen > this.max) {
      this.onTooLarge();
      return done();
    }
    done(null, chunk);
  }
}

/**
 * Reads a multipart body with busboy, every part held in memory and bounded (no temporary files to
 * leak): the whole body, each file, each field, the number of files, fields and parts, and each
 * part's header block (busboy's own cap: 16 KB and 2,000 lines, `MAX_HEADER_SIZE` and
 * `MAX_HEADER_PAIRS` in `busboy/lib/types/multipart.js`, checked byte by byte as they arrive, so a
 * huge or endless part header costs 16 KB and is a 400). Too large is a 413, a broken body or too
 * many parts a 400, another media type a 415.
 *
 * A refusal stops reading the body at once (see `refuseRestOfBody` for what happens after the answer).
 */
export async function readMultipart(
  ctx: Context,
  limits: MultipartLimits,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!ctx.is('multipart/form-data')) throw new HttpError(415, 'Expected a multipart/form-data body');
  const maxFields = limits.maxFields ?? 20;
  const maxTotalBytes = limits.maxTotalBytes ?? limits.maxFileBytes * limits.maxFiles + limits.maxFieldBytes + 65_536;
  const declared = ctx.request.length;
  if (declared !== undefined && declared > maxTotalBytes) {
    refuseRestOfBody(ctx);
    throw new HttpError(413, limits.tooLargeMessage);
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: ctx.req.headers,
      // Decode nothing: field values are checked as UTF-8 below instead of getting U+FFFD for bad bytes.
      defCharset: 'latin1',
      limits: {
        // busboy reports a file that reaches `fileSize` as cut short, so the limit is one byte past it.
        fileSize: limits.maxFileBytes + 1,
        files: limits.maxFiles,
        fieldSize: limits.maxFieldBytes + 1,
        fields: maxFields,
        parts: limits.maxFiles + maxFields,
      },
    });
  } catch {
    throw new HttpError(400, 'Malformed multipart body');
  }

  const req = ctx.req;
  const fields: Array<[string, string]> = [];
  const files: Array<{ field: string; originalName: string | null; chunks: Buffer[] }> = [];

  return new Promise((resolve, reject) => {
    let settled = false;
    const counter = new ByteCounter(maxTotalBytes, () => fail(413, limits.tooLargeMessage));

    function stop() {
      req.unpipe(counter);
      counter.unpipe(parser);
      req.off('close', interrupted);
      parser.removeAllListeners();
      // Errors after the outcome is known change nothing.
      parser.on('error', () => {});
      // Not at once: a refusal may come from inside busboy's own write (a file's 'limit'), which
      // goes on with the part it was reading after the event and fails on a destroyed parser.
      setImmediate(() => parser.destroy());
      refuseRestOfBody(ctx);
    }
    function fail(status: number, message: string) {
      if (settled) return;
      settled = true;
      stop();
      reject(new HttpError(status, message));
    }
    function interrupted() {
      if (!req.complete) fail(400, 'The upload was interrupted');
    }

    parser.on('field', (name, value, info) => {
      // RFC 7578 §4.7: form-data parts have no Content-Transfer-Encoding. busboy never decodes one,
      // so a part that declares anything but the identity (7bit, also the default) is refused.
      if (info.encoding !== '7bit') return fail(400, 'Content-Transfer-Encoding is not allowed in form data');
      if (info.valueTruncated) return fail(413, 'Request body is too large');
      fields.push([name, value]);
    });
    parser.on('file', (name, stream, info) => {
      if (info.encoding !== '7bit') {
        stream.resume();
        return fail(400, 'Content-Transfer-Encoding is not allowed in form data');
      }
      const file = { field: name, originalName: info.filename ?? null, chunks: [] as Buffer[] };
      files.push(file);
      stream.on('data', (chunk: Buffer) => file.chunks.push(chunk));
      stream.on('limit', () => fail(413, limits.tooLargeMessage));
      stream.on('error', () => fail(400, 'Malformed multipart body'));
    });
    parser.on('filesLimit', () => fail(400, 'Upload exactly one image'));
    parser.on('fieldsLimit', () => fail(400, 'Too many form fields'));
    parser.on('partsLimit', () => fail(400, 'Too many parts in the form'));
    parser.on('error', () => fail(400, 'Malformed multipart body'));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      req.off('close', interrupted);
      try {
        resolve(decode(fields, files));
      } catch (error) {
        reject(error);
      }
    });
    req.on('close', interrupted);
    req.pipe(counter).pipe(parser);
  });
}

function decode(
  fields: Array<[string, string]>,
  files: Array<{ field: string; originalName: string | null; chunks: Buffer[] }>,
): { fields: Record<string, string>; files: UploadedFile[] } {
  const text = (value: string) => {
    if (NOT_LATIN1.test(value)) throw new Error('not bytes');
    return utf8.decode(bytesOf(value));
  };
  let decoded: { fields: Record<string, string>; files: UploadedFile[] };
  try {
    const named: Record<string, string> = Object.create(null);
    // A repeated field keeps its first value.
    for (const [name, value] of fields) {
      const key = text(name);
      if (!Object.hasOwn(named, key)) named[key] = text(value);
    }
    decoded = {
      fields: named,
      files: files.map((file) => ({
        field: text(file.field),
        originalName: file.originalName === null ? null : bytesOf(file.originalName).toString('utf8'),
        data: Buffer.concat(file.chunks),
      })),
    };
  } catch {
    throw new HttpError(400, 'Form fields must be UTF-8 text');
  }
  if (decoded.files.some((file) => file.data.length === 0)) throw new HttpError(400, 'The uploaded file is empty');
  return decoded;
}
