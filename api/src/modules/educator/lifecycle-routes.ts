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
import { userLimits } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import type { CategoriesService } from '../categories/index.js';
import { priceAfterDiscount } from '../courses/index.js';
import { detectImageType, processImage, type UploadQuota } from '../media/index.js';
import type { WishlistService } from '../wishlist/index.js';
import { editCourseSchema } from './lifecycle-schemas.js';
import type { CourseLifecycle } from './lifecycle-service.js';

export interface CourseLifecycleServices {
  lifecycle: CourseLifecycle;
  quota: UploadQuota;
  categories: Pick<CategoriesService, 'exists'>;
  /** A price drop mails the students who saved the course. */
  wishlist: Pick<WishlistService, 'notifyPriceDrop'>;
}

/**
 * `/api/educator/courses/:id` (read, edit, delete) and its publish / unpublish / archive. The owner
 * (an educator) may do everything; an admin may read. Each route authenticates on its own, with no
 * router-wide middleware: this router is mounted before the educator router, whose educator-only
 * middleware covers every `/educator/*` path once one of its routes matches, and an admin reading a
 * course is no educator (see `createApiRouter`).
 */
export function courseLifecycleRoutes(
  { auth }: AppDeps,
  { lifecycle, quota, categories, wishlist }: CourseLifecycleServices,
): Router {
  const router = new Router({ prefix: '/educator/courses/:id' });
  const signedIn = authenticate(auth.verifier, { required: true });

  router.get('/', signedIn, async (ctx) => {
    const course = await lifecycle.readable(callerOf(ctx.state), ctx.params.id ?? '');
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, course: await lifecycle.toEditable(course) };
  });

  router.patch('/', signedIn, async (ctx) => {
    const course = await lifecycle.owned(callerOf(ctx.state), ctx.params.id ?? '');
    const input = parseInput(editCourseSchema, ctx.request.body);
    if (input.category && !(await categories.exists(input.category))) throw badRequest('This category does not exist');
    const saved = await lifecycle.edit(course, input);
    // Students who saved it are told once when it gets cheaper (#21).
    if (priceAfterDiscount(saved.coursePrice, saved.discount) < priceAfterDiscount(course.coursePrice, course.discount))
      await wishlist.notifyPriceDrop(saved);
    ctx.body = { success: true, message: 'Course updated', course: await lifecycle.toEditable(saved) };
  });

  // A new thumbnail (multipart `image`), checked and counted against the upload quota as in add-course.
  router.put('/thumbnail', signedIn, async (ctx) => {
    const course = await lifecycle.owned(callerOf(ctx.state), ctx.params.id ?? '');
    const limit = userLimits(ctx).uploadBytes;
    await quota.assertRoom(course.educator._id, limit);
    const { files } = await readMultipart(ctx, {
      maxFileBytes: MAX_THUMBNAIL_BYTES,
      maxFiles: 1,
      maxFieldBytes: 1024,
      tooLargeMessage: THUMBNAIL_SIZE_MESSAGE,
    });
    const image = files.find((f) => f.field === 'image');
    if (!image) throw badRequest('Please upload course thumbnail');
    if (!detectImageType(image.data)) throw new HttpError(415, THUMBNAIL_TYPE_MESSAGE);
    await quota.reserve(course.educator._id, image.data.length, limit);
    let saved: Awaited<ReturnType<typeof lifecycle.replaceThumbnail>>;
    try {
      saved = await lifecycle.replaceThumbnail(
        course,
        await processImage(image.data, { owner: course.educator._id }),
        image.data.length,
      );
    } catch (error) {
      await quota.release(course.educator._id, image.data.length).catch(() => {});
      throw error;
    }
    ctx.body = { success: true, message: 'Thumbnail updated', course: await lifecycle.toEditable(saved) };
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
      ctx.body = { success: true, message, course: await lifecycle.toEditable(saved) };
    });
  }

  router.delete('/', signedIn, async (ctx) => {
    const course = await lifecycle.owned(callerOf(ctx.state), ctx.params.id ?? '');
    await lifecycle.remove(course);
    ctx.body = { success: true, message: 'Course deleted' };
  });

  return router;
}
