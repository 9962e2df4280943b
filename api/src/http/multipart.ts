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

  try {
    const [fields, files] = await form.parse(ctx.req);
    return {
      fields: Object.fromEntries(Object.entries(fields).map(([name, values]) => [name, values?.[0] ?? ''])),
      files: Object.entries(files).flatMap(([field, list]) =>
        (list ?? []).map((file) => ({
          field,
          originalName: file.originalFilename,
          data: Buffer.concat(chunks.get(file) ?? []),
        })),
      ),
    };
  } catch (error) {
    const code = (error as { code?: number }).code;
    if (code === formidableErrors.biggerThanMaxFileSize || code === formidableErrors.biggerThanTotalMaxFileSize) {
      throw new HttpError(413, limits.tooLargeMessage);
    }
    if (code === formidableErrors.maxFilesExceeded) throw new HttpError(400, 'Upload exactly one image');
    if (code === formidableErrors.maxFieldsSizeExceeded) throw new HttpError(413, 'Request body is too large');
    throw new HttpError(400, 'Malformed multipart body');
  }
}
