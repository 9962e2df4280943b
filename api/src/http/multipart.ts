import { Writable } from 'node:stream';
import formidable, { errors as formidableErrors } from 'formidable';
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
  tooLargeMessage: string;
}

/** Field bytes must be UTF-8; `fatal` refuses invalid bytes where a lenient decoder would put U+FFFD. */
const utf8 = new TextDecoder('utf-8', { fatal: true });
/** formidable hands text over decoded as `binary` (one char per byte): back to the exact bytes. */
const bytesOf = (text: string) => Buffer.from(text, 'latin1');

/**
 * Reads a multipart body with every part held in memory and bounded (no temporary files to leak):
 * files over the limit are a 413, extra files or a broken body a 400, another media type a 415.
 */
export async function readMultipart(
  ctx: Context,
  limits: MultipartLimits,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  if (!ctx.is('multipart/form-data')) throw new HttpError(415, 'Expected a multipart/form-data body');
  const chunks = new WeakMap<object, Buffer[]>();
  const form = formidable({
    maxFiles: limits.maxFiles,
    maxFileSize: limits.maxFileBytes,
    maxTotalFileSize: limits.maxFileBytes * limits.maxFiles,
    maxFields: 20,
    maxFieldsSize: limits.maxFieldBytes,
    allowEmptyFiles: false,
    minFileSize: 1,
    // Decode nothing: field values are checked as UTF-8 below instead of getting U+FFFD for bad bytes.
    encoding: 'binary',
    fileWriteStreamHandler: (file) => {
      const parts: Buffer[] = [];
      if (file) chunks.set(file, parts);
      return new Writable({
        write(chunk: Buffer, _encoding, done) {
          parts.push(chunk);
          done();
        },
      });
    },
  });

  // RFC 7578 §4.7: form-data parts have no Content-Transfer-Encoding, and formidable would decode a
  // field with it (`7bit` even threw, unawaited: a hung request and an unhandled rejection). Refuse
  // it, and turn anything else thrown while handling a part into a failed parse too.
  form.onPart = (part) => {
    if ((part as { headers?: Record<string, string> }).headers?.['content-transfer-encoding'] !== undefined) {
      form.emit('error', new HttpError(400, 'Content-Transfer-Encoding is not allowed in form data'));
      return;
    }
    return Promise.resolve(form._handlePart(part)).catch((error: unknown) => {
      form.emit('error', error);
    });
  };

  let fields: formidable.Fields;
  let files: formidable.Files;
  try {
    [fields, files] = await form.parse(ctx.req);
  } catch (error) {
    const code = (error as { code?: number }).code;
    if (code === formidableErrors.biggerThanMaxFileSize || code === formidableErrors.biggerThanTotalMaxFileSize) {
      throw new HttpError(413, limits.tooLargeMessage);
    }
    if (code === formidableErrors.maxFilesExceeded) throw new HttpError(400, 'Upload exactly one image');
    if (code === formidableErrors.maxFieldsSizeExceeded) throw new HttpError(413, 'Request body is too large');
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'Malformed multipart body');
  }
  try {
    return {
      fields: Object.fromEntries(
        Object.entries(fields).map(([name, values]) => [
          utf8.decode(bytesOf(name)),
          utf8.decode(bytesOf(values?.[0] ?? '')),
        ]),
      ),
      files: Object.entries(files).flatMap(([field, list]) =>
        (list ?? []).map((file) => ({
          field: utf8.decode(bytesOf(field)),
          originalName: file.originalFilename === null ? null : bytesOf(file.originalFilename).toString('utf8'),
          data: Buffer.concat(chunks.get(file) ?? []),
        })),
      ),
    };
  } catch {
    throw new HttpError(400, 'Form fields must be UTF-8 text');
  }
}
