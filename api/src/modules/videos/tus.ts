import { chmodSync, mkdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { HttpError } from '../../http/errors.js';
import { newId } from '../../store/index.js';
import type { VideosService } from './service.js';

export const UPLOADS_PATH = '/api/educator/videos/uploads';

/** The verified caller of a tus request, set by the Koa route before the request reaches tus. */
const callers = new WeakMap<IncomingMessage, string>();
export const setUploadCaller = (req: IncomingMessage, ownerId: string) => callers.set(req, ownerId);

/** srvx's request keeps the Node request it wraps. */
function ownerOf(req: unknown): string {
  const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  const ownerId = node ? callers.get(node) : undefined;
  // Never reached through the routes (they authenticate first): refuse rather than guess.
  if (!ownerId) throw { status_code: 401, body: 'Please sign in to continue' };
  return ownerId;
}

/** A refusal in tus' terms: its status and a plain-text body. */
const tusError = (error: unknown) =>
  error instanceof HttpError ? { status_code: error.status, body: error.message } : error;

/**
 * The tus 1.0 server (@tus/server, creation + termination extensions; @tus/file-store) behind
 * `/api/educator/videos/uploads`: upload ids are server-made, the owner is written into the upload's
 * metadata here (never taken from the client's), the quota is reserved at creation, and the
 * content is checked by ffprobe when the last byte arrives (a refusal answers its 4xx and message).
 */
export function tusServer(
  videos: VideosService,
  options: { uploadDir: string; maxBytes: number; allowedOrigins: readonly string[]; exposedHeaders: string[] },
): Server {
  const allowed = new Set(options.allowedOrigins);
  // Private like the rest of DATA_DIR (tus would make it 0777 less the umask): others on the
  // machine cannot reach the files, whatever mode tus gives each.
  mkdirSync(options.uploadDir, { recursive: true, mode: 0o700 });
  chmodSync(options.uploadDir, 0o700);
  return new Server({
    path: UPLOADS_PATH,
    datastore: new FileStore({ directory: options.uploadDir }),
    maxSize: options.maxBytes,
    // The client resolves it against the endpoint it called (the API's own origin, or the portal's proxy).
    relativeLocation: true,
    namingFunction: () => newId(),
    // tus writes its own CORS headers over the API's: the same allow-list (never '*'), credentials and exposed headers.
    allowedOrigins: (origin: string) => allowed.has(origin),
    allowedCredentials: true,
    exposedHeaders: options.exposedHeaders,
    async onUploadCreate(req, upload) {
      const ownerId = ownerOf(req);
      const fileName = upload.metadata?.filename ?? upload.metadata?.name ?? null;
      try {
        await videos.created(upload.id, ownerId, fileName ?? '', upload.size ?? 0);
      } catch (error) {
        throw tusError(error);
      }
      // The client's metadata, but its owner is the verified caller's, whatever the client wrote.
      return { metadata: { ...upload.metadata, ownerId } };
    },
    async onUploadFinish(_req, upload) {
      try {
        await videos.finished(upload.id);
      } catch (error) {
        if (error instanceof HttpError) return { status_code: error.status, body: `${error.message}\n` };
        throw error;
      }
      return {};
    },
  });
}
