import { ENROLL_INTENT_TTL_MS, pendingEnrollCourse, rememberEnrollIntent, sessionStore } from '@courseport/shared-ui';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiPost,
  button,
  currentPath,
  makeDetails,
  mockGet,
  mockPost,
  PURCHASE_PATH,
  renderAt,
  signIn,
  signOut,
  user,
} from './helpers';

const COURSE_PATH = '/api/course/c1';
const PAY_URL = 'https://pay.example.com/session/7';

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  signOut();
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  mockGet({ [COURSE_PATH]: () => ({ success: true, courseData: makeDetails() }) });
  mockPost({ [PURCHASE_PATH]: () => ({ success: true, session_url: PAY_URL }) });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStore.setState({ openSignIn: () => {} });
  localStorage.clear();
});

async function openCourse() {
  renderAt('/course/c1');
  await screen.findByRole('heading', { level: 1, name: 'Complete React Bootcamp' });
}

describe('Enroll Now signed out: the purchase carries on after signing in', () => {
  it('goes to the checkout once the visitor has signed in from the dialog, without a second click', async () => {
    sessionStore.setState({ openSignIn: vi.fn() });
    await openCourse();
    await user.click(button('Enroll Now'));
    expect(await screen.findByText('Please login to continue')).toBeInTheDocument();
    expect(pendingEnrollCourse()).toBe('c1');
    expect(apiPost).not.toHaveBeenCalled();

    act(() => signIn({}, ['other-course']));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAY_URL));
    expect(apiPost).toHaveBeenCalledExactlyOnceWith(PURCHASE_PATH, { courseId: 'c1' });
    // Taken once: it does not run again.
    expect(pendingEnrollCourse()).toBeNull();
  });

  it('waits for the new account’s profile (the role dialog) before buying', async () => {
    rememberEnrollIntent('c1');
    sessionStore.setState({ status: 'signed-in', user: null, userLoaded: true, roles: [] });
    await openCourse();
    expect(button('Enroll Now')).toBeDisabled();
    expect(apiPost).not.toHaveBeenCalled();
    act(() => signIn());
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAY_URL));
    expect(apiPost).toHaveBeenCalledOnce();
  });

  it("an enrolled user is told 'You are already enrolled in this course' and sent to the player", async () => {
    rememberEnrollIntent('c1');
    signIn({}, ['c1']);
    await openCourse();
    expect(await screen.findByText('You are already enrolled in this course')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/player/c1'));
    expect(apiPost).not.toHaveBeenCalled();
    expect(pendingEnrollCourse()).toBeNull();
  });

  it("does nothing on another course's page, and keeps that course's purchase pending", async () => {
    rememberEnrollIntent('c2');
    signIn();
    await openCourse();
    expect(button('Enroll Now')).toBeEnabled();
    expect(apiPost).not.toHaveBeenCalled();
    expect(pendingEnrollCourse()).toBe('c2');
  });

  it('forgets a purchase asked for too long ago', async () => {
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now - ENROLL_INTENT_TTL_MS - 1);
    rememberEnrollIntent('c1');
    vi.spyOn(Date, 'now').mockReturnValue(now);
    signIn();
    await openCourse();
    expect(button('Enroll Now')).toBeEnabled();
    expect(apiPost).not.toHaveBeenCalled();
    expect(pendingEnrollCourse()).toBeNull();
    vi.restoreAllMocks();
  });
});
