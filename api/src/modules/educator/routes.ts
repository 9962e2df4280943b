import {
  MAX_THUMBNAIL_BYTES,
  THUMBNAIL_SIZE_MESSAGE,
  THUMBNAIL_TYPE_MESSAGE,
} from '@courseport/contracts/course-schema';
import Router from '@koa/router';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { readMultipart } from '../../http/multipart.js';
import { perUserLimit, userLimits } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import type { CategoriesService } from '../categories/index.js';
import { detectImageType, processImage, type UploadQuota } from '../media/index.js';
import { bioSchema, type InstructorProfiles } from '../users/index.js';
import { courseListQuery } from './lifecycle-schemas.js';
import { newCourseSchema } from './schemas.js';
import type { EducatorService } from './service.js';

export interface EducatorServices {
  educator: EducatorService;
  quota: UploadQuota;
  categories: Pick<CategoriesService, 'exists'>;
  profiles: InstructorProfiles;
}

export { MAX_THUMBNAIL_BYTES };

export function educatorRoutes(
  { auth }: AppDeps,
  { educator: service, quota, categories, profiles }: EducatorServices,
): Router {
  const router = new Router({ prefix: '/educator' });

  // Who may call is settled before a byte of any upload is read.
  router.use(authenticate(auth.verifier, { required: true }), async (ctx, next) => {
    ctx.state.educator = await service.assertEducator(callerOf(ctx.state).userId);
    return next();
  });

  // Courses an hour (refused uploads do not count) and room left in the upload quota are checked
  // before the body is read; the quota again, atomically, once the image's size is known.
  router.post(
    '/add-course',
    perUserLimit('courses'),
    async (ctx, next) => {
      await quota.assertRoom(ctx.state.educator._id, userLimits(ctx).uploadBytes);
      return next();
    },
    async (ctx) => {
      const { fields, files } = await readMultipart(ctx, {
        maxFileBytes: MAX_THUMBNAIL_BYTES,
        maxFiles: 1,
        maxFieldBytes: 256 * 1024,
        tooLargeMessage: THUMBNAIL_SIZE_MESSAGE,
      });
      let json: unknown;
      try {
        json = JSON.parse(fields.courseData ?? '');
      } catch {
        throw badRequest('courseData must be valid JSON');
      }
      const input = parseInput(newCourseSchema, json);
      if (input.category && !(await categories.exists(input.category)))
        throw badRequest('This category does not exist');
      const image = files.find((f) => f.field === 'image');
      if (!image) throw badRequest('Please upload course thumbnail');
      if (!detectImageType(image.data)) throw new HttpError(415, THUMBNAIL_TYPE_MESSAGE);

      const educator = ctx.state.educator;
      await quota.reserve(educator._id, image.data.length, userLimits(ctx).uploadBytes);
      let course: Awaited<ReturnType<typeof service.addCourse>>;
      try {
        // Refused (413 for too many pixels, 415 when it does not decode) before anything is stored.
        course = await service.addCourse(
          educator,
          input,
          await processImage(image.data, { owner: educator._id }),
          image.data.length,
        );
      } catch (error) {
        await quota.release(educator._id, image.data.length).catch(() => {});
        throw error;
      }
      ctx.status = 201;
      ctx.body = {
        success: true,
        message: 'Course added successfully!',
        course: { _id: course._id, courseTitle: course.courseTitle },
      };
    },
  );

  router.get('/courses', async (ctx) => {
    cacheFor(ctx, cache.private);
    const { include } = parseInput(courseListQuery, ctx.query);
    ctx.body = { success: true, courses: await service.courses(ctx.state.educator._id, include === 'archived') };
  });

  // What the educator's instructor page says about them (`/instructor/<their id>`).
  router.get('/profile', async (ctx) => {
    cacheFor(ctx, cache.private);
    ctx.body = { success: true, profile: await profiles.own(ctx.state.educator._id) };
  });

  router.patch('/profile', async (ctx) => {
    const { bio } = parseInput(bioSchema, ctx.request.body);
    ctx.body = { success: true, message: 'Profile saved', profile: await profiles.setBio(ctx.state.educator._id, bio) };
  });

  router.get('/dashboard', async (ctx) => {
    cacheFor(ctx, cache.private);
    ctx.body = { success: true, dashboardData: await service.dashboard(ctx.state.educator._id) };
  });

  router.get('/enrolled-students', async (ctx) => {
    cacheFor(ctx, cache.private);
    ctx.body = { success: true, enrolledStudents: await service.enrolledStudents(ctx.state.educator._id) };
  });

  return router;
}
