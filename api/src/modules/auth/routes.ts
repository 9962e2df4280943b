import Router from '@koa/router';
import type { Context } from 'koa';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { rateLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { signInSchema, signUpSchema, verifyEmailSchema } from './schemas.js';
import { type IssuedSession, SESSION_DAYS } from './service.js';

export const SESSION_COOKIE = 'cp_session';
const FIFTEEN_MINUTES = 15 * 60_000;

const emailKey = (ctx: Context) => {
  const email = (ctx.request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? [`email:${email.trim().toLowerCase()}`] : [];
};

/** Local accounts (`/api/auth/*`): mounted only when Clerk is not configured. */
export function authRoutes({ config, auth }: AppDeps): Router {
  const router = new Router({ prefix: '/auth' });
  const local = auth.local;
  if (!local) return router;

  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicApiUrl.startsWith('https://'),
    path: '/api/auth',
    overwrite: true,
  };
  const respond = (ctx: Context, session: IssuedSession, status: number, message: string) => {
    ctx.cookies.set(SESSION_COOKIE, session.cookie, { ...cookieOptions, maxAge: SESSION_DAYS * 86_400_000 });
    ctx.status = status;
    ctx.body = { success: true, message, token: session.token, expiresAt: session.expiresAt, user: session.user };
  };

  router.post(
    '/sign-up',
    rateLimit({ windowMs: 60 * 60_000, max: 30, keys: (ctx) => [`ip:${ctx.ip}`] }),
    async (ctx) => {
      const input = parseInput(signUpSchema, ctx.request.body);
      respond(ctx, await local.signUp(input), 201, 'Account created. Check your inbox to confirm your email address.');
    },
  );

  router.post(
    '/sign-in',
    rateLimit({ windowMs: FIFTEEN_MINUTES, max: 100, keys: (ctx) => [`ip:${ctx.ip}`] }),
    rateLimit({ windowMs: FIFTEEN_MINUTES, max: 10, keys: emailKey }),
    async (ctx) => {
      const input = parseInput(signInSchema, ctx.request.body);
      respond(ctx, await local.signIn(input), 200, 'Signed in');
    },
  );

  router.post('/refresh', async (ctx) => {
    const refreshed = await local.refresh(ctx.cookies.get(SESSION_COOKIE));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, ...refreshed };
  });

  router.post('/sign-out', async (ctx) => {
    await local.signOut(ctx.cookies.get(SESSION_COOKIE));
    ctx.cookies.set(SESSION_COOKIE, null, cookieOptions);
    ctx.body = { success: true, message: 'Signed out' };
  });

  router.get('/verify-email', async (ctx) => {
    const { token } = parseInput(verifyEmailSchema, ctx.query);
    await local.verifyEmail(token);
    ctx.redirect(`${config.publicAppUrl}/?email-verified=1`);
  });

  router.post('/resend-verification', authenticate(auth.verifier, { required: true }), async (ctx) => {
    await local.resendVerification(callerOf(ctx.state).userId);
    ctx.body = { success: true, message: 'We sent you a new confirmation link.' };
  });

  // Development outbox: where "sent" e-mails can be read when no mail server is configured.
  router.get('/dev-outbox', async (ctx) => {
    if (config.env === 'production') throw notFound();
    const messages = await local.outbox();
    ctx.body = {
      success: true,
      messages: messages.map(({ to, subject, text, link, createdAt }) => ({ to, subject, text, link, createdAt })),
    };
  });

  return router;
}
