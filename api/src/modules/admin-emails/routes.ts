import Router from '@koa/router';
import type { Middleware } from 'koa';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { adminMutationLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { addAdminEmailSchema, removeAdminEmailSchema } from './schemas.js';
import type { AdminEmailsService } from './service.js';

export interface AdminEmailServices {
  adminEmails: AdminEmailsService;
  /** The caller's name as their profile has it (a port: the users module is above this one). */
  profileName: (userId: string) => Promise<string | null>;
  requireAdmin: Middleware;
}

export function adminEmailRoutes(
  { auth }: AppDeps,
  { adminEmails: service, profileName, requireAdmin }: AdminEmailServices,
): Router {
  const router = new Router({ prefix: '/user' });
  router.use(
    ['/admin-emails', '/add-admin-email', '/remove-admin-email'],
    authenticate(auth.verifier, { required: true }),
    requireAdmin,
  );

  router.get('/admin-emails', async (ctx) => {
    ctx.body = { success: true, adminEmails: await service.list() };
  });

  const limit = adminMutationLimit();
  router.post('/add-admin-email', limit, async (ctx) => {
    const { email } = parseInput(addAdminEmailSchema, ctx.request.body);
    const caller = callerOf(ctx.state);
    const adminEmail = await service.add(email, (await profileName(caller.userId)) ?? caller.name ?? null);
    ctx.status = 201;
    ctx.body = { success: true, message: 'Admin email added successfully', adminEmail };
  });

  router.post('/remove-admin-email', limit, async (ctx) => {
    const { emailId } = parseInput(removeAdminEmailSchema, ctx.request.body);
    await service.remove(emailId, callerOf(ctx.state));
    ctx.body = { success: true, message: 'Admin email removed successfully' };
  });

  return router;
}
