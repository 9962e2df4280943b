import Router from '@koa/router';
import type { Context } from 'koa';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { perUserLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { statsQuery, submissionSchema } from './schemas.js';
import type { QuizzesService } from './service.js';

export interface QuizServices {
  quizzes: QuizzesService;
  /** 404 for no such user, 403 for one who is not an educator (the users module's check). */
  assertEducator: (userId: string) => Promise<unknown>;
}

/**
 * A student's quizzes (take one, submit an attempt: graded here, never in the browser) and the
 * educator's statistics of their own quizzes. Mounted before the educator router: the statistics
 * check the educator role themselves.
 */
export function quizRoutes({ auth }: AppDeps, { quizzes, assertEducator }: QuizServices): Router {
  const router = new Router();
  const signedIn = authenticate(auth.verifier, { required: true });
  const params = (ctx: Context) => {
    const { courseId = '', lectureId = '' } = ctx.params as { courseId?: string; lectureId?: string };
    return { courseId, lectureId };
  };

  router.get('/user/courses/:courseId/quizzes/:lectureId', signedIn, async (ctx) => {
    const { courseId, lectureId } = params(ctx);
    const quiz = await quizzes.studentQuiz(callerOf(ctx.state).userId, courseId, lectureId);
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, quiz };
  });

  router.post(
    '/user/courses/:courseId/quizzes/:lectureId/attempts',
    signedIn,
    perUserLimit('quizAttempts'),
    async (ctx) => {
      const { answers } = parseInput(submissionSchema, ctx.request.body);
      const { courseId, lectureId } = params(ctx);
      const answer = await quizzes.submit(callerOf(ctx.state).userId, courseId, lectureId, answers);
      ctx.status = 201;
      ctx.body = { success: true, ...answer };
    },
  );

  router.get(
    '/educator/quiz-stats',
    signedIn,
    async (ctx, next) => {
      await assertEducator(callerOf(ctx.state).userId);
      return next();
    },
    async (ctx) => {
      const { courseId } = parseInput(statsQuery, ctx.query);
      cacheFor(ctx, cache.private);
      ctx.body = { success: true, quizzes: await quizzes.stats(callerOf(ctx.state).userId, courseId) };
    },
  );

  return router;
}
