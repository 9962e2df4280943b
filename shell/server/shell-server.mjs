// The shell's server, the app's edge: the shell's built page for every app route (404 for any other
// path), with the runtime config inlined and hints naming what the route will fetch; its
// Content-Security-Policy; `/runtime-config.json`; and the API's paths forwarded to the API, so the
// browser sees one origin.
import { isAppPage, matchRoute } from '../routes.mjs';
import { runtimeConfigHtml } from '../runtime-config.mjs';
import { createApiForwarder, isApiPath } from './api-proxy.mjs';
import { shellContentSecurityPolicy } from './content-security-policy.mjs';
import { firstLoadHints, largestImageHint } from './first-load-hints.mjs';
import { createPortalManifests } from './portal-manifests.mjs';
import { createStaticServer } from './static-server.mjs';

/**
 * @param {object} options
 * @param {string} options.root the shell's built files
 * @param {() => { apiBaseUrl: string, remotes: Record<string, string> }} options.runtimeConfig where
 *   the browser finds the API ('' for this origin) and each portal's entry
 * @param {() => string} options.apiTarget where this server reaches the API (read per request)
 * @param {() => string[]} [options.mediaOrigins] where the API's images are, as the browser sees them
 * @param {boolean} [options.clerk] the deployment signs in with Clerk (its hosts join the CSP)
 * @param {ReturnType<typeof createPortalManifests>} [options.manifests]
 * @returns {import('node:http').Server}
 */
export function createShellServer({
  root,
  runtimeConfig,
  apiTarget,
  mediaOrigins = () => [],
  clerk = false,
  manifests = createPortalManifests(),
}) {
  const forwardToApi = createApiForwarder({ target: apiTarget });
  const remoteOrigins = (config) => Object.values(config.remotes).map((entry) => new URL(entry).origin);

  const server = createStaticServer({
    root,
    spa: true,
    spaStatus: (pathname) => (isAppPage(pathname) ? 200 : 404),
    htmlHeaders: () => {
      const config = runtimeConfig();
      return {
        'Content-Security-Policy': shellContentSecurityPolicy({
          api: config.apiBaseUrl,
          media: mediaOrigins(),
          remotes: remoteOrigins(config),
          clerk,
        }),
        'X-Frame-Options': 'DENY',
      };
    },
    jsonRoutes: { '/runtime-config.json': runtimeConfig },
    // `/api/*` and `/checkout/*` are the API's, whatever the method.
    forward: { matches: isApiPath, handle: forwardToApi },
    // The runtime config is inlined into the page too, with hints naming what the route will
    // fetch: the browser gets it all in one wave, while the shell's own scripts download.
    htmlHead: async (pathname) => {
      const config = runtimeConfig();
      const match = matchRoute(pathname);
      const remoteEntry = match ? config.remotes[match.route.remote] : undefined;
      const [manifest, image] = await Promise.all([
        remoteEntry ? manifests.get(remoteEntry) : null,
        largestImageHint({ match, apiBaseUrl: apiTarget() }),
      ]);
      return (
        runtimeConfigHtml(config) +
        firstLoadHints({ match, apiBaseUrl: config.apiBaseUrl, remoteEntry, manifest }) +
        image
      );
    },
  });
  server.on('close', () => forwardToApi.close());
  return server;
}
