import Router from '@koa/router';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { adminMutationLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { usersRepository } from '../users/repository.js';
import { adminEmailsRepository } from './repository.js';
import { addAdminEmailSchema, removeAdminEmailSchema } from './schemas.js';
import { adminEmailsService } from './service.js';

export function adminEmailRoutes({ store, clock, auth }: AppDeps): Router {
  const router = new Router({ prefix: '/user' });
  const service = adminEmailsService(adminEmailsRepository(store), clock);
  const users = usersRepository(store);
  router.use(
    ['/admin-emails', '/add-admin-email', '/remove-admin-email'],
    authenticate(auth.verifier, { required: true }),
    async (ctx, next) => {
      await service.assertAdmin(callerOf(ctx.state));
      return next();
    },
  );

  router.get('/admin-emails', async (ctx) => {
    ctx.body = { success: true, adminEmails: await service.list() };
  });

  const limit = adminMutationLimit();
  router.post('/add-admin-email', limit, async (ctx) => {
    const { email } = parseInput(addAdminEmailSchema, ctx.request.body);
    const caller = callerOf(ctx.state);
    const profile = await users.findOne({ _id: caller.userId }, { projection: { name: 1 } });
    const adminEmail = await service.add(email, profile?.name ?? caller.name ?? null);
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
