// A small production static server for the built front ends: the right content types, cache
// headers (entry files and manifests revalidate, hashed chunks are immutable), gzip, CORS for the
// shell origin, an optional SPA fallback, extra dynamic routes (the shell's runtime config,
// robots.txt, the sitemap) and paths forwarded to another server (the API, see api-proxy.mjs).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzipSync } from 'node:zlib';
import { isReleaseVersion } from '@courseport/contracts';

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

const escapeText = (/** @type {string} */ text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * @typedef {object} HtmlHead what the server adds to an HTML document, for the requested path
 * @property {string} head markup added at the start of the head (hints first, so connections open
 *   before anything else is read)
 * @property {string} [title] the document's title, instead of the built page's `<title>`
 * @property {number} [status] the document's status, instead of the one the file has
 * @property {{ stream: import('node:stream').Readable, after?: string }} [root] the app's markup
 *   for the root element (`<div id="root">`), streamed after the document's start, and markup that
 *   follows that element
 */
const ROOT_ELEMENT = '<div id="root"></div>';
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.xml']);
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

/**
 * The page with `head` added after its `<meta name="viewport">` (and so after its charset), or at
 * the start of its head without one. Not before it: the browser's preload scanner evaluates an image
 * hint's `imagesizes` media queries with the viewport known so far, which on a phone is 980px wide
 * until that tag, so a hint above it names another rendition than the `<img>` draws (two downloads).
 * @param {string} html
 * @param {string} head
 */
export function withHead(html, head) {
  const viewport = /<meta name="viewport"[^>]*>/.exec(html);
  if (!viewport) return html.replace(/<head>/, () => `<head>${head}`);
  const end = viewport.index + viewport[0].length;
  return html.slice(0, end) + head + html.slice(end);
}

/**
 * @param {object} options
 * @param {string} options.root folder of built files
 * @param {string} [options.versions] a folder of published versions, one folder each (`2.1.0/`), served at
 *   `/<version>/…`: a published version never changes, so all its files are cached as immutable
 * @param {string[]} [options.hidden] folders under `root` that are never served (404 as for a missing file):
 *   files the server itself reads, such as the shell's server render bundle
 * @param {boolean} [options.spa] serve index.html for unknown paths without an extension
 * @param {(pathname: string) => number} [options.spaStatus] the status of that index.html, by path (200)
 * @param {string[]} [options.corsOrigins] origins allowed to fetch these files (e.g. the shell)
 * @param {Record<string, (req: import('node:http').IncomingMessage) => unknown>} [options.jsonRoutes] dynamic JSON
 *   documents by path
 * @param {Record<string, () => Promise<{ type: '.txt' | '.xml', body: string } | null>>} [options.textRoutes]
 *   dynamic text documents by path (null: not available now, 503)
 * @param {(req: import('node:http').IncomingMessage) => Record<string, string | string[]> | Promise<Record<string, string | string[]>>} [options.htmlHeaders] extra headers
 *   for HTML documents (CSP, the visitor's cookie)
 * @param {(pathname: string, url: string, req: import('node:http').IncomingMessage) => string | HtmlHead | Promise<string | HtmlHead>} [options.htmlHead]
 *   what is added to each HTML document, for the requested path (and URL, with its query): markup for the start of its
 *   head, or that and more
 * @param {{ matches: (url: string | undefined) => boolean, handle: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void }} [options.forward]
 *   requests handed to another server whole (any method, no headers of this one added)
 */
export function createStaticServer({
  root,
  versions,
  hidden = [],
  spa = false,
  spaStatus = () => 200,
  corsOrigins = [],
  jsonRoutes = {},
  textRoutes = {},
  htmlHeaders,
  htmlHead,
  forward,
}) {
  const gzipCache = new Map();
  const base = path.resolve(root);
  const hiddenFolders = hidden.map((folder) => path.join(base, folder).toLowerCase());
  /** Whether a file (resolved) is in a hidden folder; case-blind, as some file systems are. */
  const isHidden = (/** @type {string} */ file) =>
    hiddenFolders.some((folder) => {
      const lower = file.toLowerCase();
      return lower === folder || lower.startsWith(folder + path.sep);
    });

  return createServer(async (req, res) => {
    if (forward?.matches(req.url)) {
      forward.handle(req, res);
      return;
    }
    const origin = req.headers.origin;
    if (origin && corsOrigins.includes(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin, Accept-Encoding');
    } else {
      res.setHeader('Vary', 'Accept-Encoding');
    }
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');

    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '600' }).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }

    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end('Bad request');
      return;
    }

    const dynamic = jsonRoutes[pathname];
    if (dynamic) {
      const body = JSON.stringify(dynamic(req));
      res.writeHead(200, { 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const text = textRoutes[pathname];
    if (text) {
      const document = await text();
      if (!document) {
        res.writeHead(503, { 'Content-Type': TYPES['.txt'], 'Retry-After': '60' }).end('Not available now');
        return;
      }
      const body = Buffer.from(document.body);
      const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      const payload = gzip ? gzipSync(body) : body;
      res.writeHead(200, {
        'Content-Type': TYPES[document.type],
        'Cache-Control': 'public, max-age=300',
        'Content-Length': payload.length,
        ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      });
      res.end(req.method === 'HEAD' ? undefined : payload);
      return;
    }

    const version = versions ? publishedVersion(pathname) : null;
    const folder = version ? path.resolve(/** @type {string} */ (versions), version) : base;
    let file = version ? path.join(folder, pathname.slice(version.length + 1)) : path.join(base, pathname);
    if (!file.startsWith(folder + path.sep) && file !== folder) {
      res.writeHead(403).end('Forbidden');
      return;
    }
    if (!version && isHidden(file)) {
      res.writeHead(404, { 'Content-Type': TYPES['.txt'], 'Cache-Control': 'no-cache' }).end('Not found');
      return;
    }
    let info = await stat(file).catch(() => null);
    if (info?.isDirectory()) {
      file = path.join(file, 'index.html');
      info = await stat(file).catch(() => null);
    }
    let status = 200;
    if (!info && spa && !path.extname(pathname)) {
      file = path.join(base, 'index.html');
      info = await stat(file).catch(() => null);
      status = spaStatus(pathname);
    }
    if (!info?.isFile()) {
      res.writeHead(404, { 'Content-Type': TYPES['.txt'], 'Cache-Control': 'no-cache' }).end('Not found');
      return;
    }

    const ext = path.extname(file);
    if (ext === '.html' && htmlHeaders) {
      for (const [name, value] of Object.entries(await htmlHeaders(req))) res.setHeader(name, value);
    }
    res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
    if (ext === '.html' && htmlHead) {
      const [page, added] = await Promise.all([readFile(file, 'utf8'), htmlHead(pathname, req.url ?? pathname, req)]);
      const { head, title, status: pageStatus } = typeof added === 'string' ? { head: added } : added;
      let html = page;
      if (title !== undefined) {
        const element = `<title>${escapeText(title)}</title>`;
        html = /<title>/.test(html)
          ? html.replace(/<title>[^<]*<\/title>/, () => element)
          : html.replace('</head>', () => `${element}</head>`);
      }
      html = withHead(html, head);
      status = pageStatus ?? status;
      const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      const rootAt = html.indexOf(ROOT_ELEMENT);
      if (typeof added !== 'string' && added.root && rootAt !== -1) {
        // The document's start goes first (the browser fetches the styles and scripts it names),
        // then the app's markup as it comes, then the rest.
        const { stream, after = '' } = added.root;
        // (Unless the page's headers said otherwise: a page rendered for one user is not kept.)
        if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-cache');
        res.writeHead(status, gzip ? { 'Content-Encoding': 'gzip' } : {});
        if (req.method === 'HEAD') {
          stream.destroy();
          res.end();
          return;
        }
        const split = ROOT_ELEMENT.indexOf('</div>');
        async function* document() {
          yield html.slice(0, rootAt + split);
          yield* stream;
          yield html.slice(rootAt + split, rootAt + ROOT_ELEMENT.length) +
            after +
            html.slice(rootAt + ROOT_ELEMENT.length);
        }
        // Typed loosely: @types/node's pipeline overloads miss a generator source followed by a spread.
        await /** @type {(source: unknown, ...streams: unknown[]) => Promise<void>} */ (pipeline)(
          document,
          ...(gzip ? [createGzip({ flush: 2 })] : []),
          res,
        ).catch(() => res.destroy());
        return;
      }
      const body = Buffer.from(html);
      const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
      if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('ETag', etag);
      if (status === 200 && req.headers['if-none-match'] === etag) {
        res.writeHead(304).end();
        return;
      }
      const payload = gzip ? gzipSync(body) : body;
      res.writeHead(status, { 'Content-Length': payload.length, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
      res.end(req.method === 'HEAD' ? undefined : payload);
      return;
    }
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    res.setHeader('Cache-Control', version || HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304).end();
      return;
    }

    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      let gz = gzipCache.get(file);
      if (!gz || gz.etag !== etag) {
        gz = { etag, body: gzipSync(await readFile(file)) };
        gzipCache.set(file, gz);
      }
      res.writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Length': gz.body.length });
      res.end(req.method === 'HEAD' ? undefined : gz.body);
      return;
    }
    res.writeHead(200, { 'Content-Length': info.size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
}

/**
 * The version a path is under (`/2.1.0/remoteEntry.js` → `2.1.0`), or null.
 * @param {string} pathname
 */
function publishedVersion(pathname) {
  const first = pathname.split('/')[1] ?? '';
  return isReleaseVersion(first) ? first : null;
}

/**
 * Listens, turning "port in use" into a message that names the port.
 * @param {import('node:net').Server} server
 * @param {number} port
 * @param {string} host
 * @param {string} label
 * @returns {Promise<number>} the port listened on
 */
export function listen(server, port, host, label) {
  return new Promise((resolve, reject) => {
    const onError = (/** @type {NodeJS.ErrnoException} */ error) => {
      server.off('listening', onListening);
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} (${label}) is already in use. Stop the process using it, or choose other ports.`)
          : error,
      );
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(/** @type {import('node:net').AddressInfo} */ (server.address()).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}
