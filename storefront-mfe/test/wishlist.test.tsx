import { apiRequest, sessionStore, type WishlistItem } from '@courseport/shared-ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_COURSES_PATH,
  catalogPage,
  deferred,
  getCalls,
  makeCourse,
  makeDetails,
  mockGet,
  renderAt,
  serverError,
  signIn,
  signOut,
  toastOf,
  user,
} from './helpers';

const WISHLIST_PATH = '/api/user/wishlist';
const apiSend = vi.mocked(apiRequest);

const JAVA = makeCourse({ _id: 'java', courseTitle: 'Java basics' });
const JS = makeCourse({ _id: 'js', courseTitle: 'Modern JavaScript' });
const COURSES = [JAVA, JS];
const saved = (course: ReturnType<typeof makeCourse>): WishlistItem => ({
  course,
  savedAt: '2026-11-20T10:00:00.000Z',
  savedPrice: 449.1,
  priceDrop: null,
});

const heart = (title: string) =>
  screen.getByRole('button', { name: new RegExp(`^(Save|Remove) ${title} (to|from) your wishlist$`) });
/** The heart's pressed state, once the page has settled on it (the machines running these may be busy). */
const expectPressed = (title: string, pressed: boolean) =>
  waitFor(() => expect(heart(title)).toHaveAttribute('aria-pressed', String(pressed)), { timeout: 5_000 });
const sends = () => apiSend.mock.calls.map(([path, options]) => `${options?.method} ${path}`);

function serve(wishlist: () => unknown = () => ({ success: true, wishlist: [saved(JS)] })) {
  mockGet({
    [ALL_COURSES_PATH]: () => catalogPage(COURSES),
    [WISHLIST_PATH]: wishlist,
    '/api/course/c1': () => ({ success: true, courseData: makeDetails() }),
  });
}

beforeEach(() => {
  apiSend.mockReset();
});
afterEach(() => {
  sessionStore.setState({ openSignIn: () => {} });
});

describe('Wishlist hearts on the course cards', () => {
  it('asks a visitor to sign in, and never fetches a wishlist', async () => {
    signOut();
    const openSignIn = vi.fn();
    sessionStore.setState({ openSignIn });
    serve();
    renderAt('/course-list');
    await screen.findByText('Java basics');
    const java = heart('Java basics');
    expect(java).toHaveAccessibleName('Save Java basics to your wishlist');
    expect(java).toHaveAttribute('aria-pressed', 'false');
    await user.click(java);
    expect(openSignIn).toHaveBeenCalledOnce();
    expect(apiSend).not.toHaveBeenCalled();
    expect(getCalls(WISHLIST_PATH)).toBe(0);
  });

  it('renders un-pressed, disabled hearts while the session is still loading (as the server does), so no click is lost', async () => {
    sessionStore.setState(sessionStore.getInitialState(), true);
    const openSignIn = vi.fn();
    sessionStore.setState({ openSignIn });
    serve();
    renderAt('/course-list');
    await screen.findByText('Modern JavaScript');
    expect(heart('Modern JavaScript')).toHaveAttribute('aria-pressed', 'false');
    expect(heart('Modern JavaScript')).toBeDisabled();
    await user.click(heart('Modern JavaScript'));
    expect(openSignIn).not.toHaveBeenCalled();
    expect(getCalls(WISHLIST_PATH)).toBe(0);
    // Once the session is known, the heart can be pressed.
    act(() => sessionStore.setState({ status: 'signed-out' }));
    expect(heart('Modern JavaScript')).toBeEnabled();
    await user.click(heart('Modern JavaScript'));
    expect(openSignIn).toHaveBeenCalledTimes(1);
  });

  it('shows the saved courses pressed, from the wishlist of the signed-in student', async () => {
    signIn();
    serve();
    renderAt('/course-list');
    await expectPressed('Modern JavaScript', true);
    expect(heart('Modern JavaScript')).toHaveAccessibleName('Remove Modern JavaScript from your wishlist');
    expect(heart('Java basics')).toHaveAttribute('aria-pressed', 'false');
  });

  it('saves a course with PUT, pressed at once, with the server message as a success toast', async () => {
    signIn();
    serve();
    const answer = deferred<unknown>();
    apiSend.mockImplementation(() => answer.promise as never);
    renderAt('/course-list');
    await expectPressed('Modern JavaScript', true);
    await user.click(heart('Java basics'));
    // Optimistic: pressed before the server answers.
    expect(heart('Java basics')).toHaveAttribute('aria-pressed', 'true');
    expect(sends()).toEqual(['PUT /api/user/wishlist/java']);
    serve(() => ({ success: true, wishlist: [saved(JAVA), saved(JS)] }));
    answer.resolve({ success: true, message: 'Saved to your wishlist' });
    await waitFor(() => expect(toastOf('success')).toEqual(['Saved to your wishlist']), { timeout: 5_000 });
    expect(heart('Java basics')).toHaveAttribute('aria-pressed', 'true');
  });

  it('removes a saved course with DELETE', async () => {
    signIn();
    serve();
    apiSend.mockResolvedValue({ success: true, message: 'Removed from your wishlist' } as never);
    renderAt('/course-list');
    await expectPressed('Modern JavaScript', true);
    serve(() => ({ success: true, wishlist: [] }));
    await user.click(heart('Modern JavaScript'));
    expect(sends()).toEqual(['DELETE /api/user/wishlist/js']);
    await waitFor(() => expect(toastOf('success')).toEqual(['Removed from your wishlist']), { timeout: 5_000 });
    expect(heart('Modern JavaScript')).toHaveAttribute('aria-pressed', 'false');
    expect(heart('Modern JavaScript')).toHaveAccessibleName('Save Modern JavaScript to your wishlist');
  });

  it('goes back when the save fails, with the server message as an error toast', async () => {
    signIn();
    serve();
    const answer = deferred<unknown>();
    apiSend.mockImplementation(() => answer.promise as never);
    renderAt('/course-list');
    await expectPressed('Modern JavaScript', true);
    await user.click(heart('Java basics'));
    expect(heart('Java basics')).toHaveAttribute('aria-pressed', 'true');
    answer.reject(serverError('Course not found', 404));
    await expectPressed('Java basics', false);
    await waitFor(() => expect(toastOf('error')).toEqual(['Course not found']), { timeout: 5_000 });
  });

  it('goes back when the removal fails', async () => {
    signIn();
    serve();
    apiSend.mockRejectedValue(serverError('Internal server error', 500));
    renderAt('/course-list');
    await expectPressed('Modern JavaScript', true);
    await user.click(heart('Modern JavaScript'));
    await waitFor(() => expect(toastOf('error')).toEqual(['Internal server error']), { timeout: 5_000 });
    expect(heart('Modern JavaScript')).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('Wishlist heart on the course page', () => {
  it('is beside Enroll Now, pressed for a saved course, and toggles', async () => {
    signIn();
    serve(() => ({
      success: true,
      wishlist: [saved(makeCourse({ _id: 'c1', courseTitle: 'Complete React Bootcamp' }))],
    }));
    apiSend.mockResolvedValue({ success: true, message: 'Removed from your wishlist' } as never);
    renderAt('/course/c1');
    const card = await screen.findByRole('complementary', { name: 'Enroll in this course' });
    const courseHeart = within(card).getByRole('button', { name: /Complete React Bootcamp/ });
    await waitFor(() => expect(courseHeart).toHaveAttribute('aria-pressed', 'true'), { timeout: 5_000 });
    await user.click(courseHeart);
    expect(sends()).toEqual(['DELETE /api/user/wishlist/c1']);
  });

  it('asks a visitor to sign in', async () => {
    signOut();
    const openSignIn = vi.fn();
    sessionStore.setState({ openSignIn });
    serve();
    renderAt('/course/c1');
    const card = await screen.findByRole('complementary', { name: 'Enroll in this course' });
    await user.click(within(card).getByRole('button', { name: 'Save Complete React Bootcamp to your wishlist' }));
    expect(openSignIn).toHaveBeenCalledOnce();
  });
});
