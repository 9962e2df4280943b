import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiGet, apiPost, mockGet, REQUESTS, REQUESTS_PATH, renderPage, setSession, signInAsAdmin } from './helpers';

describe('Admin dashboard access', () => {
  it('shows Access Denied to a signed-in non-admin and calls no admin API', () => {
    setSession({ roles: ['student', 'educator'] });
    renderPage();
    expect(screen.getByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to site' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Admin Dashboard')).not.toBeInTheDocument();
    expect(apiGet).not.toHaveBeenCalled();
    expect(apiPost).not.toHaveBeenCalled();
  });

  it('shows Access Denied to signed-out users, even with stale roles', () => {
    setSession({ status: 'signed-out', roles: ['admin'] });
    renderPage();
    expect(screen.getByText('Access Denied')).toBeInTheDocument();
    expect(apiGet).not.toHaveBeenCalled();
  });

  it('shows the loading state while the session or the profile is loading', () => {
    setSession({ status: 'loading', userLoaded: false, roles: [] });
    const { unmount } = renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
    unmount();

    setSession({ status: 'signed-in', userLoaded: false, roles: [] });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
    expect(apiGet).not.toHaveBeenCalled();
  });

  it('shows the dashboard header, tabs and a way back to the site to admins', async () => {
    mockGet({ [REQUESTS_PATH]: () => ({ success: true, requests: REQUESTS }) });
    signInAsAdmin();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to site' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('tab', { name: 'Educator Requests' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Admin Emails' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Purchases' })).toBeInTheDocument();
    expect(await screen.findByText('alice@example.com')).toBeInTheDocument();
    expect(apiGet).toHaveBeenCalledWith(REQUESTS_PATH);
  });
});
