import { sessionStore } from '@courseport/shared-ui';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import {
  apiGet,
  button,
  CATEGORIES_PATH,
  catalogPage,
  deferred,
  FEATURED_PATH,
  holdSpecTexts,
  makeCourse,
  makeDetails,
  mockGet,
  renderAt,
  signIn,
  signOut,
  user,
} from './helpers';

// The storefront's texts of the spec, each in its state (#30; the list: shared-ui/test/spec-texts.ts).

beforeEach(() => {
  signOut();
  sessionStore.setState({ openSignIn: vi.fn() });
});
afterEach(() => {
  sessionStore.setState({ openSignIn: () => {} });
});

async function openHome() {
  mockGet({
    [FEATURED_PATH]: () => catalogPage([makeCourse({ _id: 'c1' }), makeCourse({ _id: 'c2' })]),
    [CATEGORIES_PATH]: () => ({ success: true, categories: [] }),
  });
  renderAt('/');
  await screen.findByText('Course c2');
}

async function openCourse(overrides: Parameters<typeof makeDetails>[0] = {}) {
  mockGet({ '/api/course/c1': () => ({ success: true, courseData: makeDetails(overrides) }) });
  renderAt('/course/c1');
  await screen.findByRole('heading', { level: 1, name: 'Complete React Bootcamp' });
}

holdSpecTexts('storefront', {
  'home-signed-out': openHome,
  'home-educator': async () => {
    signIn({ roles: ['student', 'educator'] });
    await openHome();
  },
  'home-student': async () => {
    signIn();
    await openHome();
  },
  'course-list': async () => {
    apiGet.mockReturnValue(deferred<never>().promise);
    renderAt('/course-list');
  },
  'course-signed-out': () => openCourse({ educator: null }),
  'course-enrolled': async () => {
    signIn({}, ['c1']);
    await openCourse();
  },
  'enroll-signed-out': async () => {
    await openCourse();
    await user.click(button('Enroll Now'));
  },
  'enroll-already-enrolled': async () => {
    signIn({}, ['c1']);
    await openCourse();
    await user.click(button('Already Enrolled'));
  },
});
