import type { InstructorProfile } from '@courseport/contracts';
import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { cache } from '../../http/cache.js';
import { sendWithEtag } from '../../http/etag.js';
import type { CategoriesService } from '../categories/index.js';
import type { Catalog } from '../courses/index.js';
import type { InstructorProfiles } from '../users/index.js';

export interface InstructorServices {
  profiles: Pick<InstructorProfiles, 'publicProfile'>;
  catalog: Pick<Catalog, 'byEducator'>;
  categories: Pick<CategoriesService, 'names'>;
}

/** The mean of `ratings`, one decimal; 0 when there are none. */
const mean = (ratings: number[]) =>
  ratings.length === 0 ? 0 : Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 10) / 10;

/** `GET /api/instructors/:id`: an educator's public page (their profile and published courses). */
export function instructorRoutes(_deps: AppDeps, { profiles, catalog, categories }: InstructorServices): Router {
  const router = new Router({ prefix: '/instructors' });

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
    sendWithEtag(ctx, { success: true, instructor }, cache.catalog);
  });

  return router;
}
