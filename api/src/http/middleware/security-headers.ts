import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

type HeaderChange = [name: string, value: string | number | readonly string[] | undefined];

/**
 * The headers helmet sets are the same for every response (nothing in this configuration depends on
 * the request), so helmet runs once against a recording response and each request gets the
 * recorded headers: the same headers, without a dozen middleware calls per request.
 */
async function recordHeaders(middleware: Middleware): Promise<HeaderChange[]> {
  const changes: HeaderChange[] = [];
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => changes.push([name, value]),
    removeHeader: (name: string) => changes.push([name, undefined]),
    getHeader: () => undefined,
    locals: {},
  };
  await middleware({ req: { headers: {} }, res } as never, async () => {});
  return changes;
}

/**
 * Headers for a JSON API whose media is embedded by other origins (the shell and portals):
 * nothing may be framed or executed from it, but its images may be loaded cross-origin. Helmet's
 * headers that only concern HTML documents in old browsers (DNS prefetching, IE's download and
 * XSS-auditor switches, Flash policies, origin-keyed agent clusters) are left out: every response
 * carries its headers, and on hot paths they are most of the bytes.
 */
export function securityHeaders(): Middleware {
  const recorded = recordHeaders(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginEmbedderPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    }) as Middleware,
  );
  let headers: HeaderChange[] | undefined;
  return async (ctx, next) => {
    headers ??= await recorded;
    for (const [name, value] of headers) {
      if (value === undefined) ctx.res.removeHeader(name);
      else ctx.res.setHeader(name, value);
    }
    return next();
  };
}
