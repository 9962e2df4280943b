import { QueryProvider, sessionStore } from '@courseport/shared-ui';
import { MemoryRouter, Route, Routes } from '@courseport/shared-ui/testing';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import AdminDashboardPage from '../src/pages/AdminDashboardPage';
import {
  ADMIN_EMAILS,
  button,
  currentPath,
  EMAILS_PATH,
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
  it("titles the page by its tab ('Educator Requests · Admin · Courseport'), has exactly one h1 and no <main> of its own", async () => {
    signInAsAdmin();
    const { unmount } = renderPage();
    await screen.findByText('alice@example.com');
    expect(document.title).toBe('Educator Requests · Admin · Courseport');
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
    // The region is the table's scroll box: one tab stop, from which the keyboard scrolls it.
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region.querySelectorAll('[tabindex="0"]')).toHaveLength(0);
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

describe('Admin dashboard: the brand header and the tabs as URLs', () => {
  it('has the brand: the Courseport logo linking home, above the Admin Dashboard heading and Refresh', async () => {
    signInAsAdmin();
    renderPage();
    const logo = screen.getByRole('link', { name: 'Courseport' });
    expect(logo).toHaveAttribute('href', '/');
    const heading = screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' });
    expect(logo.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(button('Refresh')).toBeInTheDocument();
    await screen.findByText('alice@example.com');
  });

  it('shows the brand to those who may not see the dashboard too', () => {
    setSession({ roles: ['student'] });
    renderPage();
    expect(screen.getByRole('link', { name: 'Courseport' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
  });

  it('makes each tab a link to its own address, with its own title; /admin is Educator Requests', async () => {
    signInAsAdmin();
    renderPage();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['Educator Requests', '/admin'],
      ['Admin Emails', '/admin/emails'],
      ['Purchases', '/admin/purchases'],
      ['Reviews', '/admin/reviews'],
      ['Categories', '/admin/categories'],
      ['Releases', '/admin/releases'],
      ['Payouts', '/admin/payouts'],
      ['Q&A', '/admin/discussions'],
    ]);
    await screen.findByText('alice@example.com');
    await user.click(screen.getByRole('tab', { name: 'Admin Emails' }));
    expect(currentPath()).toBe('/admin/emails');
    expect(screen.getByRole('tab', { name: 'Admin Emails' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Educator Requests' })).toHaveAttribute('aria-selected', 'false');
    expect(document.title).toBe('Admin Emails · Admin · Courseport');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Admin Emails');
    // The tab keeps the focus (the heading takes it only when another page is reached).
    expect(screen.getByRole('tab', { name: 'Admin Emails' })).toHaveFocus();
  });

  it('opens the tab its address names', async () => {
    signInAsAdmin();
    mockGet({
      [REQUESTS_PATH]: () => ({ success: true, requests: REQUESTS }),
      [EMAILS_PATH]: () => ({ success: true, adminEmails: ADMIN_EMAILS }),
    });
    renderPage('/admin/emails');
    expect(screen.getByRole('tab', { name: 'Admin Emails' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Admin Email Management')).toBeInTheDocument();
    expect(document.title).toBe('Admin Emails · Admin · Courseport');
  });

  it('an address under /admin that names no tab opens /admin', async () => {
    signInAsAdmin();
    renderPage('/admin/nothing-here');
    await waitFor(() => expect(currentPath()).toBe('/admin'));
    expect(screen.getByRole('tab', { name: 'Educator Requests' })).toHaveAttribute('aria-selected', 'true');
  });

  it('moves between tabs with the arrow keys, Home and End, one tab stop, each to its URL', async () => {
    signInAsAdmin();
    renderPage();
    await screen.findByText('alice@example.com');
    const first = screen.getByRole('tab', { name: 'Educator Requests' });
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toEqual([first]);
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(currentPath()).toBe('/admin/emails');
    expect(screen.getByRole('tab', { name: 'Admin Emails' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(currentPath()).toBe('/admin/discussions');
    await user.keyboard('{ArrowRight}');
    expect(currentPath()).toBe('/admin');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(currentPath()).toBe('/admin/discussions');
    await user.keyboard('{Home}');
    expect(currentPath()).toBe('/admin');
  });
});
