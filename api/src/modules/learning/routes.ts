import Router from '@koa/router';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { parseInput } from '../../http/validate.js';
import type { ContinueLearningService } from './continue-learning.js';
import { completeLectureSchema, courseRefSchema, savePositionSchema } from './schemas.js';
import type { LearningService } from './service.js';

export interface LearningServices {
  learning: LearningService;
  continueLearning: ContinueLearningService;
}

export function learningRoutes({ auth }: AppDeps, { learning, continueLearning }: LearningServices): Router {
  const router = new Router({ prefix: '/user' });
  const signedIn = authenticate(auth.verifier, { required: true });

  router.get('/enrolled-courses', signedIn, async (ctx) => {
    cacheFor(ctx, cache.private);
    ctx.body = { success: true, enrolledCourses: await learning.enrolledCourses(callerOf(ctx.state).userId) };
  });

  router.get('/continue-learning', signedIn, async (ctx) => {
    cacheFor(ctx, cache.private);
    ctx.body = { success: true, courses: await continueLearning.of(callerOf(ctx.state).userId) };
  });

  // A read whose input is in the body: not one of the caller's writes.
  const signedInToRead = authenticate(auth.verifier, { required: true, readOnly: true });
  router.post('/get-course-progress', signedInToRead, async (ctx) => {
    const { courseId } = parseInput(courseRefSchema, ctx.request.body);
    ctx.body = { success: true, progressData: await learning.progress(callerOf(ctx.state).userId, courseId) };
  });

  router.post('/update-course-progress', signedIn, async (ctx) => {
    const { courseId, lectureId } = parseInput(completeLectureSchema, ctx.request.body);
    const isNew = await learning.completeLecture(callerOf(ctx.state).userId, courseId, lectureId);
    ctx.body = { success: true, message: isNew ? 'Lecture marked as completed' : 'Lecture already completed' };
  });

  // Sent every few seconds while a video plays: counted against the caller's writes like any other.
  router.post('/save-position', signedIn, async (ctx) => {
    const { courseId, lectureId, seconds } = parseInput(savePositionSchema, ctx.request.body);
    await learning.savePosition(callerOf(ctx.state).userId, courseId, lectureId, seconds);
    ctx.body = { success: true, message: 'Position saved' };
  });

  return router;
}
