import type { Middleware } from 'koa';
import { unauthorized } from '../http/errors.js';
import type { AuthContext, TokenVerifier } from './verify.js';

declare module 'koa' {
  interface DefaultState {
    auth?: AuthContext;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/;

/**
 * Reads `Authorization: Bearer <token>` and puts the verified identity on `ctx.state.auth`.
 * Required: no token is a 401. Optional: no token is anonymous, but a bad token is still a 401.
 */
export function authenticate(verifier: TokenVerifier, { required }: { required: boolean }): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('Authorization');
    if (!header) {
      if (required) throw unauthorized('Please sign in to continue');
      return next();
    }
    const match = BEARER.exec(header);
    if (!match?.[1]) throw unauthorized('Malformed Authorization header: expected "Bearer <token>"');
    ctx.state.auth = await verifier.verify(match[1]);
    return next();
  };
}

/** The verified caller; only for routes behind `authenticate(..., { required: true })`. */
export function callerOf(state: { auth?: AuthContext }): AuthContext {
  if (!state.auth) throw unauthorized('Please sign in to continue');
  return state.auth;
}
