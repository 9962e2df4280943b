// The shell page's Content-Security-Policy: scripts only from the shell and the portals it federates,
// calls only to the API and the portals' manifests, YouTube's privacy embed for lectures, and, when
// the deployment uses Clerk, Clerk's hosts. antd injects its styles at run time, hence inline styles.

const CLERK = [
  'https://*.clerk.accounts.dev',
  'https://*.clerk.com',
  'https://img.clerk.com',
  'https://challenges.cloudflare.com',
];

/**
 * @param {{ api: string, remotes: string[], clerk?: boolean }} origins
 * @returns {string}
 */
export function shellContentSecurityPolicy({ api, remotes, clerk = false }) {
  const extra = clerk ? CLERK : [];
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...extra],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', api, 'https://i.ytimg.com', ...extra],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", api, ...remotes, ...extra],
    'frame-src': ['https://www.youtube-nocookie.com', ...extra],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", api],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${[...new Set(values)].join(' ')}`)
    .join('; ');
}
