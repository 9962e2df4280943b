import type { Middleware } from 'koa';
import type { Config } from '../config.js';
import { HttpError, unauthorized } from '../http/errors.js';
import { perUserLimit } from '../http/rate-limit.js';
import type { AuthContext, TokenVerifier } from './verify.js';

declare module 'koa' {
  interface DefaultState {
    auth?: AuthContext;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Every signed-in write counts, once per request, against the user's allowance for its route and their total. */
const writesToRoute = perUserLimit('writes');
const allWrites = perUserLimit('totalWrites');
const counted = new WeakSet<object>();

/**
 * Reads `Authorization: Bearer <token>` and puts the verified identity on `ctx.state.auth`.
 * Required: no token is a 401. Optional: no token is anonymous, but a bad token is still a 401.
 *
 * A verified caller's writes (any method but GET, HEAD and OPTIONS) count against their allowance
 * for the route and their total (`USER_LIMITS.writes`, `.totalWrites`; 429 with Retry-After past
 * either), before the route reads the body. A write the route's allowance refuses does not count
 * in the total. `readOnly` is for a POST that only reads (its input is in the body): it does not count.
 */
export function authenticate(
  verifier: TokenVerifier,
  { required, readOnly = false }: { required: boolean; readOnly?: boolean },
): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('Authorization');
    if (!header) {
      if (required) throw unauthorized('Please sign in to continue');
      return next();
    }
    const match = BEARER.exec(header);
    if (!match?.[1]) throw unauthorized('Malformed Authorization header: expected "Bearer <token>"');
    ctx.state.auth = await verifier.verify(match[1]);
    if (readOnly || READ_METHODS.has(ctx.method) || counted.has(ctx)) return next();
    counted.add(ctx);
    return writesToRoute(ctx, () => allWrites(ctx, next));
  };
}

export const CONFIRM_EMAIL_FIRST = 'Please confirm your email address first: open the link we mailed you.';

/**
 * Buying (free enrollment included), reviewing or rating, and asking to teach need an address the
 * caller has shown they own (#30): with local accounts, a confirmed e-mail (the token's
 * `email_verified`), else 403. Clerk confirms addresses itself, so Clerk mode asks nothing more.
 */
export function confirmedEmail(config: Pick<Config, 'auth'>): Middleware {
  return async (ctx, next) => {
    if (config.auth.mode === 'local' && !callerOf(ctx.state).emailVerified) {
      throw new HttpError(403, CONFIRM_EMAIL_FIRST);
    }
    return next();
  };
}

/** The verified caller; only for routes behind `authenticate(..., { required: true })`. */
export function callerOf(state: { auth?: AuthContext }): AuthContext {
  if (!state.auth) throw unauthorized('Please sign in to continue');
  return state.auth;
}
