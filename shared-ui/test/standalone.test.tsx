import { PORTALS } from '@courseport/contracts/platform';
import { describe, expect, it } from 'vitest';
import { standaloneRoutes } from '../src/standalone';

const Page = () => null;

describe('standaloneRoutes', () => {
  it("serves every route the registry gives a portal, each with its module's page", () => {
    const pages = Object.fromEntries(PORTALS.storefront.routes.map((route) => [route.module, Page]));
    const routes = standaloneRoutes(PORTALS.storefront.routes, pages);
    expect(routes.map((r) => r.path)).toEqual(PORTALS.storefront.routes.map((r) => r.path));
    // The instructor and certificate pages too (the hand-written list had lost them), and the admin's tabs.
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(['/instructor/:id', '/certificate/:id']));
    expect(standaloneRoutes(PORTALS.admin.routes, { AdminDashboardPage: Page }).map((r) => r.path)).toEqual([
      '/admin/*',
    ]);
  });

  it('names a route whose page is missing', () => {
    expect(() => standaloneRoutes(PORTALS.learner.routes, { MyEnrollmentsPage: Page })).toThrow(
      'No page for the module PlayerPage of the route /player/:courseId',
    );
  });
});
