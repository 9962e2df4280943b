import { SEARCH_MAX_LENGTH } from '@courseport/contracts';
import Router from '@koa/router';
import { z } from 'zod';
import { authenticate } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { sendPrepared, sendWithEtag } from '../../http/etag.js';
import { parseInput } from '../../http/validate.js';
import { adminEmailsRepository } from '../admin-emails/repository.js';
import { adminEmailsService } from '../admin-emails/service.js';
import { coursesRepository } from './repository.js';
import { CATALOG_MAX_PAGE_SIZE, CATALOG_PAGE_SIZE, cachedCatalog } from './service.js';

/** A whole number written in digits only (no sign, decimals or exponent), within `min`–`max`. */
const wholeNumber = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d{1,16}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
};

const listQuery = z.object({
  search: z.string().trim().max(SEARCH_MAX_LENGTH, `must be at most ${SEARCH_MAX_LENGTH} characters`).optional(),
  offset: wholeNumber(0, 1_000_000_000).default(0),
  limit: wholeNumber(1, CATALOG_MAX_PAGE_SIZE).default(CATALOG_PAGE_SIZE),
});

/** The first page of the whole catalog: what a request without a query string asks for. */
const FIRST_PAGE = listQuery.parse({});

export function courseRoutes({ store, auth, clock }: AppDeps): Router {
  const router = new Router({ prefix: '/course' });
  const catalog = cachedCatalog(coursesRepository(store), store);
  const adminEmails = adminEmailsService(adminEmailsRepository(store), clock);

  router.get('/all', async (ctx) => {
    // One page of the catalog; every page of every search is prepared once per catalog change.
    const query = ctx.querystring ? parseInput(listQuery, ctx.query) : FIRST_PAGE;
    await sendPrepared(ctx, await catalog.page(query), 'public, no-cache');
  });

  // Optional sign-in: enrolled students and the owner also get the paid lectures' URLs.
  router.get('/:id', authenticate(auth.verifier, { required: false }), async (ctx) => {
    const id = ctx.params.id ?? '';
    if (!ctx.state.auth) {
      const page = await catalog.anonymousPage(id);
      ctx.vary('Authorization');
      await sendPrepared(ctx, page, 'public, no-cache');
      return;
    }
    const caller = ctx.state.auth;
    // Owners and admins also see a course that is not published (a draft, unpublished, archived).
    const courseData = await catalog.details(id, caller.userId, () => adminEmails.isAdmin(caller));
    ctx.vary('Authorization');
    sendWithEtag(ctx, { success: true, courseData }, 'private, no-cache');
  });

  return router;
}
