import Router from '@koa/router';
import { authenticate, callerOf, confirmedEmail } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { perUserLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { reviewsService } from '../reviews/service.js';
import { continueLearningService } from './continue-learning.js';
import { completeLectureSchema, courseRefSchema, ratingSchema, savePositionSchema } from './schemas.js';
import { learningService } from './service.js';

export function learningRoutes({ store, clock, auth, config }: AppDeps): Router {
  const router = new Router({ prefix: '/user' });
  const learning = learningService(store, clock);
  const reviews = reviewsService(store, clock, learning.checkAccess);
  const signedIn = authenticate(auth.verifier, { required: true });

  router.get('/enrolled-courses', signedIn, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = { success: true, enrolledCourses: await learning.enrolledCourses(callerOf(ctx.state).userId) };
  });

  const continueLearning = continueLearningService(store);
  router.get('/continue-learning', signedIn, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-cache');
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

  router.post('/add-rating', signedIn, confirmedEmail(config), perUserLimit('ratings'), async (ctx) => {
    const { courseId, rating } = parseInput(ratingSchema, ctx.request.body);
    await reviews.rate(callerOf(ctx.state).userId, courseId, rating);
    ctx.body = { success: true, message: 'Rating added successfully' };
  });

  return router;
}
