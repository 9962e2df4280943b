import Router from '@koa/router';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { rateLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { listQuery, preferencesSchema, unsubscribeQuery } from './schemas.js';
import type { NotificationsService } from './service.js';

export interface NotificationServices {
  notifications: NotificationsService;
}

/** The one-click unsubscribe's path: its POST body (`List-Unsubscribe=One-Click`, a form) is not read. */
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/**
 * A user's notifications (#35): the list, the unread count, marking read, mail preferences (all
 * the caller's own), and the unsubscribe link of every notification mail (no sign-in: the signed
 * token is the proof).
 */
export function notificationRoutes({ auth }: AppDeps, { notifications }: NotificationServices): Router {
  const router = new Router({ prefix: '/notifications' });
  const signedIn = authenticate(auth.verifier, { required: true });
  const unsubscribeLimit = rateLimit({ windowMs: 60_000, max: 60, keys: (ctx) => [`unsubscribe:${ctx.ip}`] });

  router.get('/', signedIn, async (ctx) => {
    const { cursor, limit } = parseInput(listQuery, ctx.query);
    cacheFor(ctx, cache.none);
    ctx.body = { success: true, ...(await notifications.list(callerOf(ctx.state).userId, cursor, limit)) };
  });

  router.get('/unread-count', signedIn, async (ctx) => {
    cacheFor(ctx, cache.none);
    ctx.body = { success: true, unread: await notifications.unreadCount(callerOf(ctx.state).userId) };
  });

  router.post('/read-all', signedIn, async (ctx) => {
    const { userId } = callerOf(ctx.state);
    const marked = await notifications.markAllRead(userId);
    ctx.body = { success: true, message: 'All notifications marked read', marked, unread: 0 };
  });

  router.post('/:id/read', signedIn, async (ctx) => {
    const { userId } = callerOf(ctx.state);
    await notifications.markRead(userId, ctx.params.id ?? '');
    ctx.body = { success: true, message: 'Notification marked read', unread: await notifications.unreadCount(userId) };
  });

  router.get('/preferences', signedIn, async (ctx) => {
    cacheFor(ctx, cache.none);
    ctx.body = { success: true, preferences: await notifications.preferences(callerOf(ctx.state).userId) };
  });

  router.put('/preferences', signedIn, async (ctx) => {
    const input = parseInput(preferencesSchema, ctx.request.body);
    const preferences = await notifications.setPreferences(callerOf(ctx.state).userId, input);
    ctx.body = { success: true, message: 'Preferences saved', preferences };
  });

  // What the link stops, without stopping it (mail scanners open links): the app's /unsubscribe page asks.
  router.get('/unsubscribe', unsubscribeLimit, async (ctx) => {
    const { token } = parseInput(unsubscribeQuery, ctx.query);
    cacheFor(ctx, cache.none);
    ctx.body = {
      success: true,
      ...notifications.describeUnsubscribe(token),
      message: 'Send a POST to this address to stop these mails.',
    };
  });

  // RFC 8058 one-click: the mail provider POSTs `List-Unsubscribe=One-Click`; the token says who and what.
  router.post('/unsubscribe', unsubscribeLimit, async (ctx) => {
    const { token } = parseInput(unsubscribeQuery, ctx.query);
    cacheFor(ctx, cache.none);
    ctx.body = {
      success: true,
      message: 'You will no longer get these mails.',
      ...(await notifications.unsubscribe(token)),
    };
  });

  return router;
}
