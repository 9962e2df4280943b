import type { Middleware, ParameterizedContext } from 'koa';

/** Throws (403) unless the request's caller, as authenticated before it, is an admin. */
export type AdminCheck = (ctx: ParameterizedContext) => Promise<void>;

/**
 * The one admin-only middleware: built once by the composition root from the admin-emails module's
 * check and put after `authenticate` on every admin route. One store read, as before.
 */
export function requireAdmin(check: AdminCheck): Middleware {
  return async (ctx, next) => {
    await check(ctx);
    return next();
  };
}
