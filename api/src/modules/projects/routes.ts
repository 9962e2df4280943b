import Router from '@koa/router';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { badRequest } from '../../http/errors.js';
import { readMultipart } from '../../http/multipart.js';
import { parseInput } from '../../http/validate.js';
import { fileSubmissionFieldsSchema, linkSubmissionSchema, queueQuerySchema, reviewSchema } from './schemas.js';
import type { ProjectsService } from './service.js';

export interface ProjectServices {
  projects: ProjectsService;
  assertEducator: (userId: string) => Promise<unknown>;
}

/** The largest file a student may hand in for a project. */
export const MAX_SUBMISSION_MB = 20;

/**
 * Students: `POST|GET /api/user/courses/:courseId/projects/:lectureId/submission`. Educators:
 * `GET /api/educator/project-submissions` (their queue), `…/count` (waiting for review: the
 * dashboard's number), `POST …/:id/review`. Both: `GET /api/project-submissions/:id/file-link`.
 */
export function projectRoutes({ auth }: AppDeps, { projects, assertEducator }: ProjectServices): Router {
  const router = new Router();
  const signedIn = authenticate(auth.verifier, { required: true });
  const educator = async (ctx: Parameters<Parameters<Router['use']>[0]>[0], next: () => Promise<unknown>) => {
    await assertEducator(callerOf(ctx.state).userId);
    return next();
  };
  const submissionPath = '/user/courses/:courseId/projects/:lectureId/submission';

  router.post(submissionPath, signedIn, async (ctx) => {
    const userId = callerOf(ctx.state).userId;
    const courseId = ctx.params.courseId ?? '';
    const lectureId = ctx.params.lectureId ?? '';
    let submission: Awaited<ReturnType<ProjectsService['submit']>>;
    if (ctx.is('multipart/form-data')) {
      // Enrolled and a project lesson, before a byte of the file is read.
      await projects.assertCanSubmit(userId, courseId, lectureId);
      const { fields, files } = await readMultipart(ctx, {
        maxFileBytes: MAX_SUBMISSION_MB * 1024 * 1024,
        maxFiles: 1,
        maxFieldBytes: 20_000,
        tooLargeMessage: `The file is too large: a project file may be at most ${MAX_SUBMISSION_MB} MB`,
      });
      const file = files.find((f) => f.field === 'file');
      if (!file) throw badRequest('Please choose a file to submit (the form field `file`)');
      const { note } = parseInput(fileSubmissionFieldsSchema, fields);
      submission = await projects.submit(userId, courseId, lectureId, { kind: 'file', file, note });
    } else {
      const { url, note } = parseInput(linkSubmissionSchema, ctx.request.body);
      submission = await projects.submit(userId, courseId, lectureId, { kind: 'link', url, note });
    }
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, submission };
  });

  router.get(submissionPath, signedIn, async (ctx) => {
    const submission = await projects.mine(
      callerOf(ctx.state).userId,
      ctx.params.courseId ?? '',
      ctx.params.lectureId ?? '',
    );
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, submission };
  });

  router.get('/educator/project-submissions', signedIn, educator, async (ctx) => {
    const query = parseInput(queueQuerySchema, ctx.query);
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, ...(await projects.queue(callerOf(ctx.state).userId, query)) };
  });

  router.get('/educator/project-submissions/count', signedIn, educator, async (ctx) => {
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, pending: await projects.pendingCount(callerOf(ctx.state).userId) };
  });

  router.post('/educator/project-submissions/:id/review', signedIn, educator, async (ctx) => {
    const review = parseInput(reviewSchema, ctx.request.body);
    const submission = await projects.review(callerOf(ctx.state).userId, ctx.params.id ?? '', review);
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, submission };
  });

  router.get('/project-submissions/:id/file-link', signedIn, async (ctx) => {
    const link = await projects.fileLink(callerOf(ctx.state), ctx.params.id ?? '');
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, link };
  });

  return router;
}
