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
import { describe, expect, it, vi } from 'vitest';
import AdminDashboardPage from '../src/pages/AdminDashboardPage';

const { mockGet, getCalls } = apiMocks(api);

// The Admin Emails tab's chunk arrives when the test lets it (a plain tab's chunk is small: it
// would otherwise be there before the loading state could be seen).
const emailsChunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock('../src/features/admin-emails/components/AdminEmailsTab', async (importOriginal) => {
  await emailsChunk.arrived;
  return importOriginal();
});

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

    emailsChunk.arrive();
    expect(await screen.findByText('Admin Email Management', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });
});
