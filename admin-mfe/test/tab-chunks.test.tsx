// Not through ./helpers: its set-up loads every tab's chunk first; here the tabs load when opened.
import { api, QueryProvider, sessionStore } from '@courseport/shared-ui';
import {
  apiMocks,
  currentPath,
  LocationProbe,
  MemoryRouter,
  testQueryClient,
  user,
} from '@courseport/shared-ui/testing';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AdminDashboardPage from '../src/pages/AdminDashboardPage';

const { mockGet, getCalls } = apiMocks(api);

describe('Admin dashboard: each tab after the first is its own chunk (#34)', () => {
  it('opens a tab at once with its loading state while its chunk loads, then the tab', {
    timeout: 60_000,
  }, async () => {
    sessionStore.setState({ status: 'signed-in', userLoaded: true, roles: ['student', 'admin'] });
    mockGet({
      '/api/user/educator-requests': () => ({ success: true, requests: [] }),
      '/api/user/admin-emails': () => ({ success: true, adminEmails: [] }),
    });
    render(
      <QueryProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={['/admin']}>
          <AdminDashboardPage />
          <LocationProbe />
        </MemoryRouter>
      </QueryProvider>,
    );
    await screen.findByText('No educator requests found');

    await user.click(screen.getByRole('tab', { name: 'Admin Emails' }));
    // The address and the selected tab change at once; the panel says it is loading.
    expect(currentPath()).toBe('/admin/emails');
    expect(screen.getByRole('tab', { name: 'Admin Emails' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toContainElement(screen.getByRole('status'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(getCalls('/api/user/admin-emails')).toBe(1);

    expect(await screen.findByText('Admin Email Management', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });
});
