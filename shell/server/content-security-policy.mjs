// The shell page's Content-Security-Policy: scripts only from the shell and the portals it federates,
// calls only to its own origin (where the API is; or the API's own origin when it is
// configured on another one) and the portals' manifests, YouTube's privacy embed for lectures and
// YouTube's IFrame API script (the player's resume and auto-complete: www.youtube.com/iframe_api and
// the widget script it loads from the same host), hosted video from the API (blob: for hls.js), and, when the deployment uses Clerk, Clerk's hosts.
// antd injects its styles at run time, hence inline styles.

/**
 * YouTube's IFrame API scripts, by path, not the whole host (#30: anything served on
 * www.youtube.com could otherwise run as the page): `iframe_api` exactly (the player loads it), and
 * what it loads, `/s/player/<build>/www-widgetapi.vflset/www-widgetapi.js` (a source ending in `/`
 * matches the paths under it).
 */
const YOUTUBE_SCRIPTS = ['https://www.youtube.com/iframe_api', 'https://www.youtube.com/s/player/'];

const CLERK = [
  'https://*.clerk.accounts.dev',
  'https://*.clerk.com',
  'https://img.clerk.com',
  'https://challenges.cloudflare.com',
];

/**
 * @param {object} origins
 * @param {string} origins.api the API's base URL as the browser calls it: '' on the page's own origin
 * @param {string[]} [origins.media] where the API's images are (the API's public URL: course
 *   thumbnails and avatars are absolute URLs on it, which differs from the page's origin when the app
 *   is opened under another host name)
 * @param {string[]} origins.remotes
 * @param {boolean} [origins.clerk]
 * @returns {string}
 */
export function shellContentSecurityPolicy({ api, media = [], remotes, clerk = false }) {
  const extra = clerk ? CLERK : [];
  const apiOrigin = api ? [api] : [];
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...YOUTUBE_SCRIPTS, ...extra],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...apiOrigin, ...media, 'https://i.ytimg.com', ...extra],
    'font-src': ["'self'", 'data:'],
    // Hosted video (#33): hls.js plays through a MediaSource (a blob: URL); native HLS and caption
    // tracks load from the API's stream URLs.
    'media-src': ["'self'", 'blob:', ...apiOrigin, ...media],
    'connect-src': ["'self'", ...apiOrigin, ...remotes, ...extra],
    'frame-src': ['https://www.youtube-nocookie.com', ...extra],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...apiOrigin],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');
}
