import { SHELL } from '@courseport/contracts/platform';
import { describe, expect, it } from 'vitest';
import { isAppPage, isSignedInPage, matchRoute, ROUTES, showsNavBar, signedInShellPage } from '../routes.mjs';
import { SIGNED_IN_SHELL_PAGES } from '../src/pages/shell-pages';

describe('shell routes', () => {
  it('covers the route table of the spec', () => {
    expect(ROUTES.map((r) => r.path)).toEqual([
      '/',
      '/course-list',
      '/course-list/:input',
      '/course/:id',
      '/instructor/:id',
      '/certificate/:id',
      '/my-enrollments',
      '/player/:courseId',
      '/loading/:path',
      '/purchase-history',
      '/wishlist',
      '/educator/*',
      '/admin/*',
    ]);
  });

  it('hides the navigation bar in the educator and admin areas only', () => {
    for (const path of [
      '/',
      '/course-list/java',
      '/course/1',
      '/instructor/1',
      '/certificate/1',
      '/my-enrollments',
      '/player/1',
      '/loading/x',
      '/purchase-history',
      '/wishlist',
      '/educators-guide',
    ]) {
      expect(showsNavBar(path), path).toBe(true);
    }
    for (const path of ['/educator', '/educator/', '/educator/add-course', '/admin', '/admin/', '/admin/emails']) {
      expect(showsNavBar(path), path).toBe(false);
    }
  });

  it("prefetches nothing for a course list filtered or sorted by its query string (the page's first call differs)", () => {
    expect(matchRoute('/course-list', '?category=web-development')?.prefetch).toBeNull();
    expect(matchRoute('/course-list/koa', '?sort=rating')?.prefetch).toBeNull();
    expect(matchRoute('/course-list/koa', '?utm_source=mail')?.prefetch).toBe('/api/course/all?search=koa');
    expect(matchRoute('/', '?sort=rating')?.prefetch).toBe('/api/course/all?sort=rating&limit=8');
  });

  it("prefetches the storefront's first catalog page, path for path", () => {
    const prefetchOf = (pathname: string) => {
      const match = matchRoute(pathname);
      return match?.route.prefetch?.(match.params);
    };
    // The storefront asks for these exact strings (storefront-mfe/test/course-list.test.tsx).
    expect(prefetchOf('/')).toBe('/api/course/all?sort=rating&limit=8');
    expect(prefetchOf('/course-list')).toBe('/api/course/all');
    expect(prefetchOf('/course-list/JAVA')).toBe('/api/course/all?search=JAVA');
    expect(prefetchOf('/course-list/c%2B%2B%20in')).toBe('/api/course/all?search=c%2B%2B%20in');
    expect(prefetchOf('/course-list/%20%20data%20science%20')).toBe('/api/course/all?search=data%20science');
    // The API searches on at most 100 characters; the storefront asks for the same cut.
    expect(prefetchOf(`/course-list/${'a'.repeat(150)}`)).toBe(`/api/course/all?search=${'a'.repeat(100)}`);
    expect(prefetchOf('/course-list/React%20%26%20Node')).toBe('/api/course/all?search=React%20%26%20Node');
    expect(prefetchOf('/course-list/a%2Fb%3F%23')).toBe('/api/course/all?search=a%2Fb%3F%23');
    expect(prefetchOf('/course-list/%20')).toBe('/api/course/all');
    expect(prefetchOf('/course/abc')).toBe('/api/course/abc');
    // As the verification page asks (storefront-mfe/test/certificate.test.tsx).
    expect(prefetchOf('/certificate/Qm9v-dGNh_bXA')).toBe('/api/certificates/Qm9v-dGNh_bXA');
    // As the instructor page asks (storefront-mfe/src/features/instructor/api/instructor.ts).
    expect(prefetchOf('/instructor/user_1 2')).toBe('/api/instructors/user_1%202');
    expect(prefetchOf('/my-enrollments')).toBeUndefined();
    // The purchase history is the signed-in user's own: nothing public to start with.
    expect(prefetchOf('/purchase-history')).toBeUndefined();
    expect(prefetchOf('/wishlist')).toBeUndefined();
  });

  it("serves the admin dashboard's tabs at their own addresses", () => {
    for (const path of ['/admin', '/admin/', '/admin/emails', '/admin/purchases', '/admin/releases']) {
      expect(isAppPage(path), path).toBe(true);
      expect(matchRoute(path)?.route.module, path).toBe('AdminDashboardPage');
    }
    expect(isAppPage('/administrator')).toBe(false);
  });

  it("names the signed-in users' pages (#34): the portals' signedIn routes and the shell's mail settings", () => {
    for (const path of [
      '/my-enrollments',
      '/player/1',
      '/purchase-history',
      '/wishlist',
      '/educator/videos',
      '/admin',
      '/settings/notifications',
      '/settings/notifications/',
    ]) {
      expect(isSignedInPage(path), path).toBe(true);
    }
    for (const path of ['/', '/course/1', '/loading/my-enrollments', '/unsubscribe', '/reset-password', '/nope']) {
      expect(isSignedInPage(path), path).toBe(false);
    }
    expect(signedInShellPage('/settings/notifications')?.path).toBe('/settings/notifications');
    expect(signedInShellPage('/unsubscribe')).toBeNull();
    // Every signed-in shell page has its module (rendered on the server, loaded with the session).
    expect(Object.keys(SIGNED_IN_SHELL_PAGES)).toEqual(
      SHELL.pages.filter((page) => page.signedIn).map((page) => page.path),
    );
  });
});
