import Router from '@koa/router';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { parseInput } from '../../http/validate.js';
import { adminEmailsRepository } from '../admin-emails/repository.js';
import { adminEmailsService } from '../admin-emails/service.js';
import { editCourseSchema } from './lifecycle-schemas.js';
import { type CourseLifecycle, courseLifecycle } from './lifecycle-service.js';

/**
 * `/api/educator/courses/:id` (read, edit, delete) and its publish / unpublish / archive. The owner
 * (an educator) may do everything; an admin may read. Each route authenticates on its own, with no
 * router-wide middleware: this router is mounted before the educator router, whose educator-only
 * middleware covers every `/educator/*` path once one of its routes matches, and an admin reading a
 * course is no educator (see `createApiRouter`).
 */
export function courseLifecycleRoutes({ store, clock, auth }: AppDeps): Router {
  const router = new Router({ prefix: '/educator/courses/:id' });
  const adminEmails = adminEmailsService(adminEmailsRepository(store), clock);
  const lifecycle = courseLifecycle(store, clock, (caller) => adminEmails.isAdmin(caller));
  const signedIn = authenticate(auth.verifier, { required: true });

  router.get('/', signedIn, async (ctx) => {
    const course = await lifecycle.readable(callerOf(ctx.state), ctx.params.id ?? '');
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { success: true, course: lifecycle.toEditable(course) };
  });

  router.patch('/', signedIn, async (ctx) => {
    const course = await lifecycle.owned(callerOf(ctx.state), ctx.params.id ?? '');
    const input = parseInput(editCourseSchema, ctx.request.body);
    const saved = await lifecycle.edit(course, input);
    ctx.body = { success: true, message: 'Course updated', course: lifecycle.toEditable(saved) };
  });

  const transitions: Array<[string, keyof Pick<CourseLifecycle, 'publish' | 'unpublish' | 'archive'>, string]> = [
    ['/publish', 'publish', 'Course published'],
    ['/unpublish', 'unpublish', 'Course unpublished'],
    ['/archive', 'archive', 'Course archived'],
  ];
  for (const [path, action, message] of transitions) {
    router.post(path, signedIn, async (ctx) => {
      const course = await lifecycle.owned(callerOf(ctx.state), ctx.params.id ?? '');
      const saved = await lifecycle[action](course);
      ctx.body = { success: true, message, course: lifecycle.toEditable(saved) };
    });
  }

  router.delete('/', signedIn, async (ctx) => {
    const course = await lifecycle.owned(callerOf(ctx.state), ctx.params.id ?? '');
    await lifecycle.remove(course);
    ctx.body = { success: true, message: 'Course deleted' };
  });

  return router;
}
