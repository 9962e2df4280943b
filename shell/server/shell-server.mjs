// The shell's server, the app's edge: the shell's built page for every app route (404 for any other
// path, and for a course the API does not have), with the runtime config inlined, hints naming
// what the route will fetch and the page's metadata for search engines and link previews; its
// Content-Security-Policy; `/runtime-config.json`, `/release-status.json`, `/robots.txt` and
// `/sitemap.xml`; and the API's paths forwarded to the API, so the browser sees one origin. With the
// release registry (releases.mjs), each visitor's runtime config names the portal versions they get.

import { RELEASE_STATUS_PATH } from '@courseport/contracts';
import { isAppPage, isSignedInPage, matchRoute } from '../routes.mjs';
import { runtimeConfigHtml, serverStateHtml } from '../runtime-config.mjs';
import { createApiConfig, fetchApiAnswer } from './api-answers.mjs';
import { createApiForwarder, isApiPath } from './api-proxy.mjs';
import { shellContentSecurityPolicy } from './content-security-policy.mjs';
import { firstLoadHints, largestImageHint } from './first-load-hints.mjs';
import { describedByAnswer, isoCurrency, metadataHtml, pageFacts } from './page-metadata.mjs';
import { renewPageSession } from './page-session.mjs';
import { createPortalManifests } from './portal-manifests.mjs';
import { visitorOf } from './releases.mjs';
import { createServerRender } from './server-render.mjs';
import { createSitemap, robotsTxt } from './sitemap.mjs';
import { createStaticServer } from './static-server.mjs';

/**
 * @param {object} options
 * @param {string} options.root the shell's built files
 * @param {() => import('../runtime-config.mjs').ShellRuntimeConfig} options.runtimeConfig where
 *   the browser finds the API ('' for this origin) and each portal's entry
 * @param {() => string} options.apiTarget where this server reaches the API (read per request)
 * @param {() => string} options.publicOrigin the app's public origin (`https://courseport.example`),
 *   for the canonical URLs, link previews, robots.txt and the sitemap: configured, never read from
 *   a request's Host
 * @param {() => string[]} [options.mediaOrigins] where the API's images are, as the browser sees them
 * @param {boolean} [options.clerk] the deployment signs in with Clerk (its hosts join the CSP)
 * @param {ReturnType<typeof createPortalManifests>} [options.manifests]
 * @param {ReturnType<typeof import('./releases.mjs').createReleases> | null} [options.releases] the release
 *   registry's plan (#22): which version of each portal a visitor gets (null: the URLs of the runtime config)
 * @param {string | null} [options.renderModule] the shell's server render module (dist/server/render.js):
 *   the storefront's pages are server-rendered (null: every page is rendered in the browser)
 * @param {number} [options.renderDeadlineMs] how long a page waits for its server render
 * @returns {import('node:http').Server}
 */
export function createShellServer({
  root,
  runtimeConfig,
  apiTarget,
  publicOrigin,
  mediaOrigins = () => [],
  clerk = false,
  manifests = createPortalManifests(),
  releases = null,
  renderModule = null,
  renderDeadlineMs,
}) {
  const serverRender = createServerRender({ renderModule, deadlineMs: renderDeadlineMs });
  const forwardToApi = createApiForwarder({ target: apiTarget });
  const remoteOrigins = (/** @type {import('../runtime-config.mjs').ShellRuntimeConfig} */ config) =>
    Object.values(config.remotes).map((entry) => new URL(entry).origin);
  const apiConfig = createApiConfig(apiTarget);
  const sitemap = createSitemap({ apiTarget, origin: publicOrigin });

  // A request's visitor (from its cookie, or new) and the runtime config it gets, worked out once.
  /** @type {WeakMap<import('node:http').IncomingMessage, { setCookie: string | null, config: ReturnType<typeof runtimeConfig> }>} */
  const visitors = new WeakMap();
  /** @param {import('node:http').IncomingMessage} req */
  async function visitorConfig(req) {
    let known = visitors.get(req);
    if (!known) {
      if (!releases) return { setCookie: null, config: runtimeConfig() };
      await releases.ready();
      const visitor = visitorOf(req, publicOrigin().startsWith('https:'));
      // The cookie matters only while a canary runs: otherwise every visitor gets the same page.
      const setCookie = releases.hasCanary() ? visitor.setCookie : null;
      known = { setCookie, config: releases.configFor(runtimeConfig(), visitor.id) };
      visitors.set(req, known);
    }
    return known;
  }
  // A returning user's session on a signed-in page (#34), renewed once per request: its cookie goes
  // out with the page's headers, its user renders the page.
  /** @type {WeakMap<import('node:http').IncomingMessage, Promise<import('./page-session.mjs').PageSession | null>>} */
  const sessions = new WeakMap();
  /** @param {import('node:http').IncomingMessage} req */
  function pageSession(req) {
    let session = sessions.get(req);
    if (!session) {
      const pathname = new URL(req.url ?? '/', 'http://x').pathname;
      session = isSignedInPage(pathname)
        ? apiConfig
            .get()
            .then((config) =>
              renderModule !== null && config?.authMode === 'local'
                ? renewPageSession({ req, apiTarget: apiTarget() })
                : null,
            )
        : Promise.resolve(null);
      sessions.set(req, session);
    }
    return session;
  }

  const configNow = (/** @type {import('node:http').IncomingMessage} */ req) =>
    releases ? releases.configFor(runtimeConfig(), visitorOf(req, false).id) : runtimeConfig();

  const server = createStaticServer({
    root,
    // dist/server holds the server render bundle (the whole app for Node, ~5 MB): never served (#30).
    hidden: ['server'],
    spa: true,
    spaStatus: (pathname) => (isAppPage(pathname) ? 200 : 404),
    htmlHeaders: async (req) => {
      const [{ config, setCookie }, session] = await Promise.all([visitorConfig(req), pageSession(req)]);
      const cookies = [...(setCookie ? [setCookie] : []), ...(session?.setCookies ?? [])];
      return {
        ...(cookies.length > 0 ? { 'Set-Cookie': cookies } : {}),
        // The page names the visitor's portal versions (a canary's side is the cookie's).
        ...(setCookie || session || releases?.hasCanary() ? { Vary: 'Accept-Encoding, Cookie' } : {}),
        // A page rendered for one user (or renewing their cookie) is theirs alone, and not kept.
        ...(session ? { 'Cache-Control': 'private, no-store' } : {}),
        'Content-Security-Policy': shellContentSecurityPolicy({
          api: config.apiBaseUrl,
          media: mediaOrigins(),
          remotes: remoteOrigins(config),
          clerk,
        }),
        'X-Frame-Options': 'DENY',
      };
    },
    jsonRoutes: {
      '/runtime-config.json': configNow,
      ...(releases ? { [RELEASE_STATUS_PATH]: () => releases.status() } : {}),
    },
    textRoutes: {
      '/robots.txt': async () => ({ type: '.txt', body: robotsTxt(publicOrigin()) }),
      '/sitemap.xml': async () => {
        const xml = await sitemap.get();
        return xml === null ? null : { type: '.xml', body: xml };
      },
    },
    // `/api/*` and `/checkout/*` are the API's, whatever the method.
    forward: { matches: isApiPath, handle: forwardToApi },
    // The runtime config is inlined into the page too, with hints naming what the route will
    // fetch: the browser gets it all in one wave, while the shell's own scripts download. The
    // route's first API answer, asked for once here, names the largest image, the page's metadata
    // and whether the page exists.
    // A storefront page is also rendered here (server-render.mjs), at the same time, with the
    // data it needs embedded once for the browser's hydration.
    htmlHead: async (pathname, url, req) => {
      const { config } = await visitorConfig(req);
      const match = matchRoute(pathname, new URL(url, 'http://x').search);
      const remoteEntry = match ? config.remotes[match.route.remote] : undefined;
      const wantsAnswer = match?.prefetch && (match.route.largestImage || describedByAnswer(match));
      const wantsConfig = describedByAnswer(match) || renderModule !== null;
      const publicConfig = wantsConfig ? apiConfig.get() : Promise.resolve(undefined);
      const session = pageSession(req);
      const [manifest, answer, apiPublicConfig, rendered] = await Promise.all([
        remoteEntry ? manifests.get(remoteEntry) : null,
        wantsAnswer ? fetchApiAnswer(apiTarget() + match.prefetch) : null,
        publicConfig,
        // A visitor on a canary gets the page rendered in the browser: the server renders live versions only.
        Promise.all([publicConfig, session]).then(([value, signedIn]) =>
          match && config.fallbacks?.[match.route.remote]
            ? null
            : serverRender.render({
                url,
                match,
                publicConfig: value,
                runtimeConfig: config,
                apiTarget: apiTarget(),
                user: signedIn?.user ?? null,
              }),
        ),
      ]);
      const origin = publicOrigin();
      const currency = isoCurrency(apiPublicConfig?.currency);
      const facts = pageFacts({ pathname, match, answer, origin, currency });
      // A page that does not exist (an unknown course) keeps the client's friendly 404.
      const served = rendered && (facts.status ?? 200) === 200 ? rendered : null;
      if (rendered && !served) rendered.stream.destroy();
      return {
        head:
          runtimeConfigHtml(config) +
          firstLoadHints({ match, apiBaseUrl: config.apiBaseUrl, remoteEntry, manifest, serverRendered: !!served }) +
          largestImageHint({ match, answer }) +
          metadataHtml(facts, origin) +
          (served?.styles ?? ''),
        // A signed-in page rendered here names itself ('Videos · Educator · Courseport', a course's title in the player).
        title: served?.session && served.title ? served.title : facts.title,
        status: facts.status,
        ...(served
          ? {
              root: {
                stream: served.stream,
                after: serverStateHtml({
                  publicConfig: apiPublicConfig,
                  queries: served.state,
                  ...(served.session ? { session: served.session } : {}),
                }),
              },
            }
          : {}),
      };
    },
  });
  server.on('close', () => {
    forwardToApi.close();
    releases?.close();
    void serverRender.close();
  });
  return server;
}
