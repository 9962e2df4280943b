// One origin: the shell's server answers `/api/*` and `/checkout/*` (the local
// gateway's hosted page) by forwarding them to the API, so the browser never calls another origin
// and the session cookie is first-party on whatever host name the app is opened with.
// The proxying itself is http-proxy-3's: bodies stream both ways, every method, status and headers
// (Set-Cookie included) unchanged.
import { Agent } from 'node:http';
import { createProxyServer } from 'http-proxy-3';

/** Path prefixes the API answers on the app's origin. */
export const API_PATHS = ['/api', '/checkout'];

/**
 * Whether a request path (before any query) is one the API answers.
 * @param {string | undefined} url
 */
export function isApiPath(url) {
  const pathname = /** @type {string} */ ((url ?? '/').split('?', 1)[0]);
  return API_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export const API_UNAVAILABLE = 'The API is unavailable';

/** How long a connection to the API stays open unused: under the API's keep-alive timeout (5 s). */
export const API_IDLE_CONNECTION_MS = 4_000;

/**
 * A request handler that forwards to the API. The client's address is appended to
 * X-Forwarded-For (the API, trusting one proxy, takes the right-most entry: the one this server
 * wrote, whatever the client sent before it); X-Forwarded-Proto, -Host and -Port say what this
 * server itself received (this server is the edge: a client's values are replaced, not kept).
 * @param {object} options
 * @param {() => string} options.target the API's base URL, e.g. http://127.0.0.1:4000 (read per
 *   request: the API may be started after the server)
 * @returns {((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) & { close(): void }}
 */
export function createApiForwarder({ target }) {
  // Connections to the API are kept open and reused (without an agent every request would open one).
  // An idle one is closed here after 4 s, before the API's own keep-alive timeout (Node's 5 s) closes
  // it: a request sent on a connection the API is closing at that moment fails (ECONNRESET, a 502).
  // The timeout ends idle connections only (a request in progress is never timed out by it).
  const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: API_IDLE_CONNECTION_MS });
  const proxy = createProxyServer({ xfwd: true, agent });

  proxy.on('error', (_error, _req, res) => {
    // Only an HTTP response here (no WebSocket upgrades are forwarded).
    if (!res || !('writeHead' in res)) return;
    if (res.headersSent) {
      // The API failed mid-answer: cut the response so the client sees it was incomplete.
      res.destroy();
      return;
    }
    const body = JSON.stringify({ success: false, message: API_UNAVAILABLE });
    res.writeHead(502, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
    });
    res.end(body);
  });
  // The API's answer broke off after its headers: end the client's response the same way.
  proxy.on('proxyRes', (proxyRes, _req, res) => {
    proxyRes.on('close', () => {
      if (!proxyRes.complete) res.destroy();
    });
  });

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  const forward = (req, res) => {
    for (const name of ['x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port']) delete req.headers[name];
    proxy.web(req, res, { target: target() });
  };
  forward.close = () => agent.destroy();
  return forward;
}
