// The route table, read from the platform description (@courseport/contracts/platform): each
// route renders one exposed module of one portal. Plain JavaScript, because two sides read it: the
// shell in the browser, and the shell's server, which names in each page's head what that route
// will fetch (server/first-load-hints.mjs).
import { ROUTES, SHELL } from '@courseport/contracts/platform';

export { ROUTES };

/**
 * The route a URL path renders, with its parameters and the public API call it starts with. The
 * router does the real matching in the app; this small version runs before the router has loaded,
 * and on the server. `search` (the URL's query string): a route whose data its query changes (the
 * course list's filters, `queryParams`) prefetches nothing when the URL has one of them.
 * @param {string} pathname
 * @param {string} [search]
 */
export function matchRoute(pathname, search = '') {
  const parts = pathname.split('/').filter(Boolean);
  for (const route of ROUTES) {
    const pattern = route.path.split('/').filter(Boolean);
    /** @type {Record<string, string>} */
    const params = {};
    const wildcard = pattern.at(-1) === '*';
    const fixed = wildcard ? pattern.slice(0, -1) : pattern;
    if (wildcard ? parts.length < fixed.length : parts.length !== fixed.length) continue;
    const matches = fixed.every((segment, i) => {
      const part = parts[i] ?? '';
      if (!segment.startsWith(':')) return segment === part;
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
      } catch {
        return false;
      }
      return true;
    });
    if (!matches) continue;
    // The rest of a wildcard route's path (`/educator/my-courses` → `my-courses`): the portal's own route.
    if (wildcard) params['*'] = parts.slice(fixed.length).join('/');
    const query = new URLSearchParams(search);
    const changed = route.queryParams?.some((name) => query.has(name)) ?? false;
    return { route, params, prefetch: changed ? null : (route.prefetch?.(params) ?? null) };
  }
  return null;
}

/**
 * The top navigation bar is hidden on the pages that draw their own (the educator and admin areas).
 * @param {string} pathname
 */
export function showsNavBar(pathname) {
  return matchRoute(pathname)?.route.navBar !== false;
}

/** Pages the shell renders itself, outside the portals' routes. */
export const SHELL_PAGES = SHELL.pages.map((page) => page.path);

const withoutTrailingSlash = (/** @type {string} */ pathname) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/**
 * The shell's own page at a URL path when it is a signed-in user's (`signedIn` in the platform
 * description: the mail settings), which the shell's server renders for that user (#34), else null.
 * @param {string} pathname
 */
export function signedInShellPage(pathname) {
  const path = withoutTrailingSlash(pathname);
  return SHELL.pages.find((page) => page.path === path && page.signedIn) ?? null;
}

/**
 * Whether a URL path is a signed-in user's page: a portal's `signedIn` route or such a shell page.
 * @param {string} pathname
 */
export function isSignedInPage(pathname) {
  return matchRoute(pathname)?.route.signedIn === true || signedInShellPage(pathname) !== null;
}

/**
 * Whether a URL path is one of the app's pages: the server answers any other path with the app's
 * own "page not found" and the status 404, so crawlers and link checkers see it for what it is.
 * @param {string} pathname
 */
export function isAppPage(pathname) {
  const path = withoutTrailingSlash(pathname);
  return SHELL_PAGES.includes(path) || matchRoute(path) !== null;
}

/**
 * Whether search engines may list a page of the app: not the signed-in areas nor the shell's
 * one-person pages (`index: false` in the platform description).
 * @param {string} pathname
 */
export function isIndexable(pathname) {
  const path = withoutTrailingSlash(pathname);
  const page = SHELL.pages.find((p) => p.path === path) ?? matchRoute(path)?.route;
  return page?.index !== false;
}

/**
 * The path prefixes of the pages search engines leave out, for robots.txt: `/player/:courseId` →
 * '/player/', `/educator/*` → '/educator', `/admin` → '/admin'.
 * @returns {string[]}
 */
export function unindexedPrefixes() {
  const patterns = [...SHELL.pages, ...ROUTES].filter((page) => page.index === false).map((page) => page.path);
  return patterns.map((pattern) => {
    const segments = pattern.split('/').filter(Boolean);
    const open = segments.findIndex((segment) => segment.startsWith(':') || segment === '*');
    if (open === -1) return `/${segments.join('/')}`;
    const fixed = `/${segments.slice(0, open).join('/')}`;
    return segments[open] === '*' ? fixed : `${fixed.replace(/\/$/, '')}/`;
  });
}
