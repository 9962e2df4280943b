import { type Role, sessionStore, type UserProfile } from '@courseport/shared-ui';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@courseport/shared-ui', async (original) => ({ ...(await original<object>()), api }));

import {
  EducatorRequestNotice,
  REQUEST_AGAIN_TEXT,
  REQUEST_DECLINED_TEXT,
} from '../src/features/roles/components/EducatorRequestNotice';
import { resetSession } from './local-auth';
import { renderAt } from './render';

const profile = (roles: Role[]): UserProfile => ({
  _id: 'user_1',
  email: 'u@example.com',
  name: 'Uma',
  imageUrl: '',
  roles,
  enrolledCourses: [],
});

function signIn(roles: Role[]) {
  sessionStore.setState({
    status: 'signed-in',
    identity: { id: 'user_1', email: 'u@example.com', fullName: 'Uma User', imageUrl: '' },
    user: profile(roles),
    userLoaded: true,
    roles,
  });
}

const rejected = {
  status: 'rejected',
  requestedAt: '2026-11-01T10:00:00.000Z',
  decidedAt: '2026-11-02T10:00:00.000Z',
  reason: 'Please add a course outline to your profile',
};

beforeEach(() => {
  api.get.mockReset();
  localStorage.clear();
});
afterEach(resetSession);

describe('the educator request notice', () => {
  it("shows a rejected applicant the admin's reason, until dismissed (remembered)", async () => {
    signIn(['student']);
    api.get.mockResolvedValue({ success: true, request: rejected });
    const { unmount } = renderAt(<EducatorRequestNotice />);
    const notice = await screen.findByRole('region', { name: 'Educator request' });
    expect(api.get).toHaveBeenCalledWith('/api/user/educator-request');
    expect(notice).toHaveTextContent(REQUEST_DECLINED_TEXT);
    expect(notice).toHaveTextContent('Reason: Please add a course outline to your profile.');
    expect(notice).toHaveTextContent(REQUEST_AGAIN_TEXT);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the educator request notice' }));
    expect(screen.queryByRole('region', { name: 'Educator request' })).toBeNull();
    unmount();

    renderAt(<EducatorRequestNotice />);
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
    expect(screen.queryByText(REQUEST_DECLINED_TEXT)).toBeNull();
  });

  it('says nothing about a pending request or to an applicant with no request', async () => {
    signIn(['student']);
    api.get.mockResolvedValueOnce({ success: true, request: { status: 'pending', requestedAt: rejected.requestedAt } });
    const { unmount } = renderAt(<EducatorRequestNotice />);
    await waitFor(() => expect(api.get).toHaveBeenCalled());
    expect(screen.queryByText(REQUEST_DECLINED_TEXT)).toBeNull();
    unmount();
    api.get.mockResolvedValueOnce({ success: true, request: null });
    renderAt(<EducatorRequestNotice />);
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2));
    expect(screen.queryByText(REQUEST_DECLINED_TEXT)).toBeNull();
  });

  it('does not ask for an educator', () => {
    signIn(['student', 'educator']);
    renderAt(<EducatorRequestNotice />);
    expect(api.get).not.toHaveBeenCalled();
  });
});
