import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { z } from 'zod';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { Config } from '../../config.js';
import { cache, cacheFor } from '../../http/cache.js';
import { HttpError, notFound } from '../../http/errors.js';
import { rateLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import type { Mailer } from '../mail/index.js';
import type { Auth } from './build.js';
import { confirmEmailLink } from './links.js';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
} from './schemas.js';
import { DEVICE_COOKIE_DAYS, type IssuedSession } from './service.js';

type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const SESSION_COOKIE = 'cp_session';
/** Where the browser sends the session cookie: every path of the app's origin (the pages and `/api/auth`). */
export const SESSION_COOKIE_PATH = '/';
/** Marks a browser that signed in to an account before (#30): it is not held by strangers' failures. */
export const DEVICE_COOKIE = 'cp_device';
const HOUR = 60 * 60_000;
const FIFTEEN_MINUTES = 15 * 60_000;

export const CHECK_INBOX = 'Check your inbox: we sent a link to confirm your email address.';
export const EMAIL_CONFIRMED = 'Your email address is confirmed.';
export const INVALID_CONFIRMATION_LINK = 'This confirmation link is invalid or has expired.';
export const RESET_MAIL_SENT = 'If an account exists for that email, we sent a link to reset its password.';

/**
 * Every POST here must say it is JSON, even with nothing to send: a form on another site cannot
 * (that would need a CORS preflight, which the allow-list refuses), so it cannot sign anyone out or in.
 */
const requireJson: Middleware = async (ctx, next) => {
  if (ctx.method === 'POST' && !ctx.is('application/json')) {
    throw new HttpError(415, 'Expected a JSON body (Content-Type: application/json)');
  }
  return next();
};

const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/** Local accounts (`/api/auth/*`): mounted only when Clerk is not configured. */
/** What the auth routes are built from (not `AppDeps`, which names this module's `Auth`). */
export interface AuthRouteDeps {
  config: Config;
  auth: Auth;
  mailer: Mailer;
}

export function authRoutes({ config, auth, mailer }: AuthRouteDeps): Router {
  const router = new Router({ prefix: '/auth' });
  const local = auth.local;
  if (!local) return router;

  const secure = [config.publicApiUrl, config.publicAppUrl].some((url) => url.startsWith('https://'));
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/api/auth', overwrite: true };
  // The session cookie goes with the app's pages too (#34): the shell's server renders a returning
  // user's signed-in page with it. Still httpOnly and SameSite=Lax; only these JSON-only POSTs read it.
  const sessionCookieOptions = { ...cookieOptions, path: SESSION_COOKIE_PATH };
  const setCookie = (ctx: Context, session: IssuedSession) => {
    if (!session.cookie) return;
    // The public URL is https, so the browser's connection is, whatever the last hop says.
    if (secure) ctx.cookies.secure = true;
    const maxAge = Math.max(0, session.sessionExpiresAt.getTime() - Date.now());
    ctx.cookies.set(SESSION_COOKIE, session.cookie, { ...sessionCookieOptions, maxAge });
    // A cookie of the earlier path would be sent first, and its rotated secret would read as a replay.
    if (ctx.cookies.get(SESSION_COOKIE)) ctx.cookies.set(SESSION_COOKIE, null, { ...cookieOptions, overwrite: false });
  };
  const clearCookie = (ctx: Context) => {
    if (secure) ctx.cookies.secure = true;
    ctx.cookies.set(SESSION_COOKIE, null, sessionCookieOptions);
    ctx.cookies.set(SESSION_COOKIE, null, { ...cookieOptions, overwrite: false });
  };
  const respond = (ctx: Context, session: IssuedSession, message: string) => {
    setCookie(ctx, session);
    cacheFor(ctx, cache.none);
    ctx.body = { success: true, message, token: session.token, expiresAt: session.expiresAt, user: session.user };
  };
  const signedIn = authenticate(auth.verifier, { required: true });
  const perUser = (max: number, windowMs: number) =>
    rateLimit({ windowMs, max, keys: (ctx) => [`${ctx.path}:user:${ctx.state.auth?.userId}`] });
  const perAddress = (max: number, windowMs: number) =>
    rateLimit({ windowMs, max, keys: (ctx) => [`${ctx.path}:ip:${ctx.ip}`] });

  // Past three reset mails an hour to one address the answer stays the same, but no more mail goes out.
  const resetMailsPerEmail = new RateLimiterMemory({ keyPrefix: 'reset-mail', points: 3, duration: HOUR / 1000 });

  router.use(requireJson);

  router.post('/sign-up', perAddress(30, HOUR), async (ctx) => {
    const input = parseInput(signUpSchema, ctx.request.body);
    await local.signUp(input);
    ctx.status = 202;
    ctx.body = { success: true, message: CHECK_INBOX };
  });

  router.post('/sign-in', async (ctx) => {
    const input = parseInput(signInSchema, ctx.request.body);
    const session = await local.signIn(input, ctx.ip, ctx.cookies.get(DEVICE_COOKIE));
    respond(ctx, session, 'Signed in');
    // After the session cookie, so that one stays the first Set-Cookie (what older clients read).
    if (session.deviceCookie) {
      ctx.cookies.set(DEVICE_COOKIE, session.deviceCookie, {
        ...cookieOptions,
        maxAge: DEVICE_COOKIE_DAYS * 86_400_000,
      });
    }
  });

  router.post('/refresh', async (ctx) => {
    try {
      respond(ctx, await local.refresh(ctx.cookies.get(SESSION_COOKIE)), 'Session renewed');
    } catch (error) {
      clearCookie(ctx);
      throw error;
    }
  });

  router.post('/sign-out', async (ctx) => {
    await local.signOut(ctx.cookies.get(SESSION_COOKIE));
    clearCookie(ctx);
    ctx.body = { success: true, message: 'Signed out' };
  });

  router.post('/sign-out-everywhere', signedIn, perUser(10, FIFTEEN_MINUTES), async (ctx) => {
    await local.signOutEverywhere(callerOf(ctx.state).userId);
    clearCookie(ctx);
    ctx.body = { success: true, message: 'Signed out on every device.' };
  });

  // Input first, so only well-formed tries count against the limit (wrong current passwords do).
  router.post(
    '/change-password',
    signedIn,
    async (ctx, next) => {
      ctx.state.input = parseInput(changePasswordSchema, ctx.request.body);
      return next();
    },
    perUser(10, FIFTEEN_MINUTES),
    async (ctx) => {
      const caller = callerOf(ctx.state);
      await local.changePassword(caller.userId, caller.sessionId, ctx.state.input as ChangePasswordInput);
      ctx.body = { success: true, message: 'Your password has been changed. Your other sessions were signed out.' };
    },
  );

  router.post('/forgot-password', perAddress(20, HOUR), async (ctx) => {
    const { email } = parseInput(forgotPasswordSchema, ctx.request.body);
    const allowed = await resetMailsPerEmail.consume(email).then(
      () => true,
      () => false,
    );
    if (allowed) await local.forgotPassword(email);
    ctx.status = 202;
    ctx.body = { success: true, message: RESET_MAIL_SENT };
  });

  router.post('/reset-password', perAddress(30, HOUR), async (ctx) => {
    const input = parseInput(resetPasswordSchema, ctx.request.body);
    respond(ctx, await local.resetPassword(input), 'Your password has been reset.');
  });

  // Opening the confirmation link confirms nothing (a mail scanner opens links too): it shows the
  // app's confirm page, whose button POSTs the token. This GET keeps links mailed before that working.
  router.get('/verify-email', async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    cacheFor(ctx, cache.none);
    ctx.redirect(confirmEmailLink(config.publicAppUrl, token));
  });

  // The confirm page's button: confirms the address and signs its owner in.
  router.post('/verify-email', perAddress(30, HOUR), async (ctx) => {
    const { token } = parseInput(verifyEmailSchema, ctx.request.body);
    const session = await local.verifyEmail(token);
    if (!session) throw new HttpError(400, INVALID_CONFIRMATION_LINK);
    respond(ctx, session, EMAIL_CONFIRMED);
  });

  router.post('/resend-verification', signedIn, perUser(3, HOUR), async (ctx) => {
    await local.resendVerification(callerOf(ctx.state).userId);
    ctx.body = { success: true, message: 'We sent you a new confirmation link.' };
  });

  // Demo mode without SMTP: where "sent" mails can be read, from this machine only.
  router.get('/dev-outbox', async (ctx) => {
    // Through a proxy the socket is the proxy's: the client behind it must be on this machine too.
    const onThisMachine = isLoopback(ctx.socket.remoteAddress) && isLoopback(ctx.ip);
    const proxiedUntrusted = config.trustProxy === 0 && ctx.get('X-Forwarded-For') !== '';
    if (config.mode !== 'demo' || mailer.transport !== 'outbox' || !onThisMachine || proxiedUntrusted) {
      throw notFound();
    }
    const messages = await mailer.outbox();
    cacheFor(ctx, cache.none);
    ctx.body = {
      success: true,
      messages: messages.map(({ to, subject, text, link, createdAt }) => ({ to, subject, text, link, createdAt })),
    };
  });

  return router;
}
