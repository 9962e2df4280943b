import { describe, expect, it } from 'vitest';
import { ROUTES, showsNavBar } from '../src/routes';

describe('shell routes', () => {
  it('covers the route table of the spec', () => {
    expect(ROUTES.map((r) => r.path)).toEqual([
      '/',
      '/course-list',
      '/course-list/:input',
      '/course/:id',
      '/my-enrollments',
      '/player/:courseId',
      '/loading/:path',
      '/educator/*',
      '/admin',
    ]);
  });

  it('hides the navigation bar in the educator and admin areas only', () => {
    for (const path of [
      '/',
      '/course-list/java',
      '/course/1',
      '/my-enrollments',
      '/player/1',
      '/loading/x',
      '/educators-guide',
    ]) {
      expect(showsNavBar(path), path).toBe(true);
    }
    for (const path of ['/educator', '/educator/', '/educator/add-course', '/admin', '/admin/']) {
      expect(showsNavBar(path), path).toBe(false);
    }
  });
});
