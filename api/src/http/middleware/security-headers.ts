import type { Context, Middleware, Next } from 'koa';
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
 * nothing may be framed or executed from it, but its images may be loaded cross-origin. Headers
 * that only concern HTML documents (opener isolation, referrer policy, DNS prefetching, IE's
 * download and XSS-auditor switches, Flash policies, origin-keyed agent clusters) are left out:
 * the API serves no documents but the local checkout's pages, and every header is paid for on
 * every response of the hot paths.
 */
export function securityHeaders(): Middleware {
  const recorded = recordHeaders(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: false,
      referrerPolicy: false,
      xFrameOptions: { action: 'deny' },
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    }) as Middleware,
  );
  let headers: HeaderChange[] | undefined;
  const ready = recorded.then((changes) => {
    headers = changes;
  });
  return (ctx, next) => {
    if (!headers) return ready.then(() => apply(ctx, next));
    return apply(ctx, next);
  };

  function apply(ctx: Context, next: Next) {
    for (const [name, value] of headers as HeaderChange[]) {
      if (value === undefined) ctx.res.removeHeader(name);
      else ctx.res.setHeader(name, value);
    }
    return next();
  }
}
