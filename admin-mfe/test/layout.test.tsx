import { QueryProvider, sessionStore } from '@courseport/shared-ui';
import { MemoryRouter, Route, Routes } from '@courseport/shared-ui/testing';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import AdminDashboardPage from '../src/pages/AdminDashboardPage';
import {
  button,
  mockGet,
  REQUESTS,
  REQUESTS_PATH,
  renderPage,
  setSession,
  signInAsAdmin,
  testQueryClient,
  user,
} from './helpers';

beforeEach(() => {
  document.title = 'Courseport';
  mockGet({ [REQUESTS_PATH]: () => ({ success: true, requests: REQUESTS }) });
});

describe('Admin dashboard: page structure and accessibility', () => {
  it("titles the page 'Admin · Courseport', has exactly one h1 and no <main> of its own", async () => {
    signInAsAdmin();
    const { unmount } = renderPage();
    await screen.findByText('alice@example.com');
    expect(document.title).toBe('Admin · Courseport');
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent('Admin Dashboard');
    // The shell's frame is the main landmark.
    expect(document.querySelector('main')).toBeNull();
    unmount();
    expect(document.title).toBe('Courseport');
  });

  it('gives Access Denied the same title and its own h1', () => {
    setSession({ roles: ['student'] });
    renderPage();
    expect(document.title).toBe('Admin · Courseport');
    expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.querySelector('main')).toBeNull();
  });

  it('moves the focus to the heading when the page is reached by a navigation, not on a first load', async () => {
    signInAsAdmin();
    const { unmount } = renderPage();
    await screen.findByText('alice@example.com');
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus();
    unmount();

    render(
      <QueryProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={['/', { pathname: '/admin', key: 'navigated' }]} initialIndex={1}>
          <Routes>
            <Route path="/admin" element={<AdminDashboardPage />} />
          </Routes>
        </MemoryRouter>
      </QueryProvider>,
    );
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toHaveFocus());
  });

  it('puts each table in a labelled region (the table itself scrolls sideways on narrow screens)', async () => {
    signInAsAdmin();
    renderPage();
    await screen.findByText('alice@example.com');
    const region = screen.getByRole('region', { name: 'Educator requests' });
    expect(region).toContainElement(screen.getByText('alice@example.com'));
    // One tab stop at most: the table's own scroll box, when it scrolls (shared-ui's Table).
    expect(region).not.toHaveAttribute('tabindex');
  });

  it('offers Sign out in the header (the shell hides its menu here), which signs out through the session store', async () => {
    const signOut = vi.fn(async () => {
      sessionStore.setState({ status: 'signed-out', roles: [], user: null });
    });
    signInAsAdmin();
    sessionStore.setState({ signOut });
    renderPage();
    await screen.findByText('alice@example.com');
    await user.click(button('Sign out'));
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
