import Router from '@koa/router';
import { PLACEHOLDER_AVATAR_PATH } from '../../auth/index.js';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { sendPrepared } from '../../http/etag.js';
import { parseInput } from '../../http/validate.js';
import { adminEmailsRepository } from '../admin-emails/repository.js';
import { adminEmailsService } from '../admin-emails/service.js';
import { usersRepository } from './repository.js';
import { createUserSchema, updateRolesSchema } from './schemas.js';
import { cachedUserData, usersService } from './service.js';

export function userRoutes({ store, clock, auth, config }: AppDeps): Router {
  const router = new Router({ prefix: '/user' });
  const adminEmails = adminEmailsService(adminEmailsRepository(store), clock);
  const users = usersService(usersRepository(store), adminEmails, clock, config.publicApiUrl + PLACEHOLDER_AVATAR_PATH);
  const signedIn = authenticate(auth.verifier, { required: true });
  const userData = cachedUserData(users, store);

  router.get('/data', signedIn, async (ctx) => {
    await sendPrepared(ctx, await userData(callerOf(ctx.state)), 'private, no-cache');
  });

  router.post('/create', signedIn, async (ctx) => {
    const input = parseInput(createUserSchema, ctx.request.body);
    const user = await users.create(callerOf(ctx.state), input);
    ctx.status = 201;
    ctx.body = { success: true, message: 'User profile created successfully!', user };
  });

  router.post('/update-roles', signedIn, async (ctx) => {
    const { action, role } = parseInput(updateRolesSchema, ctx.request.body);
    const user = await users.updateRoles(callerOf(ctx.state), action, role);
    ctx.body = {
      success: true,
      message: action === 'add' ? 'Role added successfully!' : 'Role removed successfully!',
      user,
    };
  });

  return router;
}
