import type { InstructorProfile } from '@courseport/contracts';
import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { sendWithEtag } from '../../http/etag.js';
import { categoriesService } from '../categories/service.js';
import { coursesRepository } from '../courses/repository.js';
import { catalogService } from '../courses/service.js';
import { instructorProfiles } from '../users/instructor-profiles.js';
import { usersRepository } from '../users/repository.js';

/** The mean of `ratings`, one decimal; 0 when there are none. */
const mean = (ratings: number[]) =>
  ratings.length === 0 ? 0 : Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 10) / 10;

/** `GET /api/instructors/:id`: an educator's public page (their profile and published courses). */
export function instructorRoutes({ store, clock }: AppDeps): Router {
  const router = new Router({ prefix: '/instructors' });
  const profiles = instructorProfiles(usersRepository(store), clock);
  const catalog = catalogService(coursesRepository(store));
  const categories = categoriesService(store, clock);

  router.get('/:id', async (ctx) => {
    const id = ctx.params.id ?? '';
    const [profile, { cards, ratings }] = await Promise.all([
      profiles.publicProfile(id),
      categories.names().then((names) => catalog.byEducator(id, names)),
    ]);
    const instructor: InstructorProfile = {
      ...profile,
      courses: cards,
      totalStudents: cards.reduce((sum, card) => sum + card.enrolledCount, 0),
      averageRating: mean(ratings),
      ratingCount: ratings.length,
    };
    sendWithEtag(ctx, { success: true, instructor }, 'public, no-cache');
  });

  return router;
}
