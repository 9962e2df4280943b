import Router from '@koa/router';
import type { Context } from 'koa';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { rateLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { announcementEditSchema, announcementSchema, listQuery } from './schemas.js';
import type { AnnouncementsService } from './service.js';

export interface AnnouncementServices {
  announcements: AnnouncementsService;
}

/** Course announcements (#35): read by the course's students, educator and admins; written by its educator (or an admin). */
export function announcementRoutes({ auth, config }: AppDeps, { announcements }: AnnouncementServices): Router {
  const router = new Router({ prefix: '/courses/:courseId/announcements' });
  const signedIn = authenticate(auth.verifier, { required: true });
  const courseIdOf = (ctx: Context) => (ctx.params as { courseId?: string }).courseId ?? '';
  const idOf = (ctx: Context) => (ctx.params as { id?: string }).id ?? '';
  // A course's students hear from it at most this often (shared by every replica); refused posts give their place back.
  const perCourse = rateLimit({
    windowMs: 24 * 3_600_000,
    max: config.notifications.announcementsPerCoursePerDay,
    keys: (ctx) => [`announcements:${courseIdOf(ctx)}`],
    countSuccessesOnly: true,
    message: (seconds) =>
      `This course has had its ${config.notifications.announcementsPerCoursePerDay} announcements for today. Please try again in ${Math.ceil(seconds / 3600)} hours.`,
  });

  router.get('/', signedIn, async (ctx) => {
    const { cursor, limit } = parseInput(listQuery, ctx.query);
    cacheFor(ctx, cache.private);
    ctx.body = { success: true, ...(await announcements.list(callerOf(ctx.state), courseIdOf(ctx), cursor, limit)) };
  });

  router.post('/', signedIn, perCourse, async (ctx) => {
    const input = parseInput(announcementSchema, ctx.request.body);
    const announcement = await announcements.post(callerOf(ctx.state), courseIdOf(ctx), input);
    ctx.status = 201;
    ctx.body = { success: true, message: 'Announcement posted', announcement };
  });

  router.patch('/:id', signedIn, async (ctx) => {
    const input = parseInput(announcementEditSchema, ctx.request.body);
    const announcement = await announcements.edit(callerOf(ctx.state), courseIdOf(ctx), idOf(ctx), input);
    ctx.body = { success: true, message: 'Announcement updated', announcement };
  });

  router.delete('/:id', signedIn, async (ctx) => {
    await announcements.remove(callerOf(ctx.state), courseIdOf(ctx), idOf(ctx));
    ctx.body = { success: true, message: 'Announcement deleted' };
  });

  return router;
}
