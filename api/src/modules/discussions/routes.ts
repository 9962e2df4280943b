import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { authenticate, callerOf, confirmedEmail } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { adminMutationLimit, perUserLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import {
  acceptInput,
  adminDiscussionsQuery,
  answerInput,
  cursorQuery,
  hideSchema,
  inboxQuery,
  questionEdit,
  questionInput,
  questionsQuery,
} from './schemas.js';
import type { DiscussionsService } from './service.js';

export interface DiscussionServices {
  discussions: DiscussionsService;
  /** 404 for no such user, 403 for one who is not an educator (the users module's check). */
  assertEducator: (userId: string) => Promise<unknown>;
  requireAdmin: Middleware;
}

/**
 * Questions and answers on lessons (#35): the course's enrolled students, its educator and admins
 * read and write them (the service checks who the caller is to the course); the educator's inbox;
 * the admins' hiding, as for reviews.
 */
export function discussionRoutes(
  { auth, config }: AppDeps,
  { discussions, assertEducator, requireAdmin: adminOnly }: DiscussionServices,
): Router {
  const router = new Router();
  const signedIn = authenticate(auth.verifier, { required: true });
  const confirmed = confirmedEmail(config);
  // A post counts against the per-minute allowance, and (when it lands) the daily quota.
  const posting = [confirmed, perUserLimit('discussionPosts'), perUserLimit('discussionDaily')];
  const editing = [perUserLimit('discussionPosts')];
  const voting = [perUserLimit('discussionVotes')];
  const educatorOnly = async (ctx: Context, next: () => Promise<unknown>) => {
    await assertEducator(callerOf(ctx.state).userId);
    return next();
  };
  const param = (ctx: Context, name: string) => (ctx.params as Record<string, string | undefined>)[name] ?? '';
  const me = (ctx: Context) => callerOf(ctx.state);

  router.get('/courses/:courseId/questions', signedIn, async (ctx) => {
    const query = parseInput(questionsQuery, ctx.query);
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, ...(await discussions.list(me(ctx), param(ctx, 'courseId'), query)) };
  });

  router.post('/courses/:courseId/questions', signedIn, ...posting, async (ctx) => {
    const input = parseInput(questionInput, ctx.request.body);
    const question = await discussions.ask(me(ctx), param(ctx, 'courseId'), input);
    ctx.status = 201;
    ctx.body = { success: true, message: 'Question posted', question };
  });

  router.get('/questions/:id', signedIn, async (ctx) => {
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, question: await discussions.question(me(ctx), param(ctx, 'id')) };
  });

  router.patch('/questions/:id', signedIn, ...editing, async (ctx) => {
    const edit = parseInput(questionEdit, ctx.request.body);
    const question = await discussions.editQuestion(me(ctx), param(ctx, 'id'), edit);
    ctx.body = { success: true, message: 'Question updated', question };
  });

  router.delete('/questions/:id', signedIn, ...editing, async (ctx) => {
    await discussions.deleteQuestion(me(ctx), param(ctx, 'id'));
    ctx.body = { success: true, message: 'Question deleted' };
  });

  router.get('/questions/:id/answers', signedIn, async (ctx) => {
    const { cursor } = parseInput(cursorQuery, ctx.query);
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, ...(await discussions.answers(me(ctx), param(ctx, 'id'), cursor)) };
  });

  router.post('/questions/:id/answers', signedIn, ...posting, async (ctx) => {
    const input = parseInput(answerInput, ctx.request.body);
    const answer = await discussions.answer(me(ctx), param(ctx, 'id'), input);
    ctx.status = 201;
    ctx.body = { success: true, message: 'Answer posted', answer };
  });

  router.patch('/answers/:id', signedIn, ...editing, async (ctx) => {
    const input = parseInput(answerInput, ctx.request.body);
    const answer = await discussions.editAnswer(me(ctx), param(ctx, 'id'), input);
    ctx.body = { success: true, message: 'Answer updated', answer };
  });

  router.delete('/answers/:id', signedIn, ...editing, async (ctx) => {
    await discussions.deleteAnswer(me(ctx), param(ctx, 'id'));
    ctx.body = { success: true, message: 'Answer deleted' };
  });

  router.put('/questions/:id/vote', signedIn, ...voting, async (ctx) => {
    ctx.body = { success: true, ...(await discussions.voteQuestion(me(ctx), param(ctx, 'id'), true)) };
  });
  router.delete('/questions/:id/vote', signedIn, ...voting, async (ctx) => {
    ctx.body = { success: true, ...(await discussions.voteQuestion(me(ctx), param(ctx, 'id'), false)) };
  });
  router.put('/answers/:id/vote', signedIn, ...voting, async (ctx) => {
    ctx.body = { success: true, ...(await discussions.voteAnswer(me(ctx), param(ctx, 'id'), true)) };
  });
  router.delete('/answers/:id/vote', signedIn, ...voting, async (ctx) => {
    ctx.body = { success: true, ...(await discussions.voteAnswer(me(ctx), param(ctx, 'id'), false)) };
  });

  router.post('/questions/:id/accept', signedIn, ...editing, async (ctx) => {
    const { answerId } = parseInput(acceptInput, ctx.request.body);
    const question = await discussions.accept(me(ctx), param(ctx, 'id'), answerId);
    ctx.body = { success: true, message: 'Answer accepted', question };
  });
  router.delete('/questions/:id/accept', signedIn, ...editing, async (ctx) => {
    const question = await discussions.accept(me(ctx), param(ctx, 'id'), null);
    ctx.body = { success: true, message: 'Answer no longer accepted', question };
  });

  router.get('/educator/questions', signedIn, educatorOnly, async (ctx) => {
    const { cursor, q } = parseInput(inboxQuery, ctx.query);
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, ...(await discussions.inbox(me(ctx), cursor, q)) };
  });

  // The sidebar's badge: the educator's open questions, from each course's kept count.
  router.get('/educator/questions/unanswered-count', signedIn, educatorOnly, async (ctx) => {
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, unanswered: await discussions.unansweredCount(me(ctx)) };
  });

  router.get('/admin/discussions', signedIn, adminOnly, async (ctx) => {
    const query = parseInput(adminDiscussionsQuery, ctx.query);
    cacheFor(ctx, cache.none);
    ctx.body = { success: true, ...(await discussions.adminList(query)) };
  });

  const limit = adminMutationLimit();
  router.post('/admin/questions/:id/hide', signedIn, adminOnly, limit, async (ctx) => {
    const { reason } = parseInput(hideSchema, ctx.request.body);
    const question = await discussions.hideQuestion(me(ctx), param(ctx, 'id'), reason);
    ctx.body = { success: true, message: 'Question hidden', question };
  });
  router.post('/admin/questions/:id/restore', signedIn, adminOnly, limit, async (ctx) => {
    const question = await discussions.hideQuestion(me(ctx), param(ctx, 'id'), null);
    ctx.body = { success: true, message: 'Question restored', question };
  });
  router.post('/admin/answers/:id/hide', signedIn, adminOnly, limit, async (ctx) => {
    const { reason } = parseInput(hideSchema, ctx.request.body);
    const answer = await discussions.hideAnswer(me(ctx), param(ctx, 'id'), reason);
    ctx.body = { success: true, message: 'Answer hidden', answer };
  });
  router.post('/admin/answers/:id/restore', signedIn, adminOnly, limit, async (ctx) => {
    const answer = await discussions.hideAnswer(me(ctx), param(ctx, 'id'), null);
    ctx.body = { success: true, message: 'Answer restored', answer };
  });

  return router;
}
