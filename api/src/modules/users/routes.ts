import Router from '@koa/router';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AuthContext } from '../../auth/verify.js';
import type { AppDeps } from '../../deps.js';
import { cache } from '../../http/cache.js';
import { type PreparedJson, sendPrepared } from '../../http/etag.js';
import { parseInput } from '../../http/validate.js';
import { createUserSchema, updateRolesSchema } from './schemas.js';
import type { UsersService } from './service.js';

export interface UserServices {
  users: UsersService;
  /** `GET /api/user/data`'s body per caller (`cachedUserData`). */
  userData: (auth: AuthContext) => Promise<PreparedJson>;
}

export function userRoutes({ auth }: AppDeps, { users, userData }: UserServices): Router {
  const router = new Router({ prefix: '/user' });
  const signedIn = authenticate(auth.verifier, { required: true });

  router.get('/data', signedIn, async (ctx) => {
    await sendPrepared(ctx, await userData(callerOf(ctx.state)), cache.private);
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
