import type { RemoteName } from '@courseport/contracts';

export type RouteParams = Record<string, string>;

export interface PortalRoute {
  path: string;
  remote: RemoteName;
  module: string;
  guard?: 'educator';
  /** The public API call the page starts with, fetched together with the page itself. */
  prefetch?: (params: RouteParams) => string;
  /** The page's largest image, read from the prefetched response, fetched before the page renders. */
  largestImage?: (body: unknown) => unknown;
}

export const ROUTES: ReadonlyArray<PortalRoute>;

/** The route a URL path renders, its parameters and the API path it starts with. */
export function matchRoute(
  pathname: string,
): { route: PortalRoute; params: RouteParams; prefetch: string | null } | null;

export function showsNavBar(pathname: string): boolean;

/** Pages the shell renders itself, outside the portals' routes. */
export const SHELL_PAGES: ReadonlyArray<string>;

/** Whether a URL path is one of the app's pages (any other is answered 404). */
export function isAppPage(pathname: string): boolean;
