import { sessionStore } from '@courseport/shared-ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiGet,
  COURSES_PATH,
  currentPath,
  DASHBOARD_PATH,
  link,
  makeDashboard,
  mockGet,
  renderPortal,
  STUDENTS_PATH,
  setSession,
  setupUser,
  signInAsEducator,
} from './helpers';

vi.mock('@courseport/shared-ui', async (orig) => ({
  ...(await orig<typeof import('@courseport/shared-ui')>()),
  api: { get: vi.fn(), post: vi.fn() },
  apiRequest: vi.fn(),
}));

let user: ReturnType<typeof setupUser>;
const DESKTOP_WIDTH = window.innerWidth;

beforeEach(() => {
  user = setupUser();
  apiGet.mockReset();
  mockGet({
    [DASHBOARD_PATH]: () => ({ success: true, dashboardData: makeDashboard() }),
    [COURSES_PATH]: () => ({ success: true, courses: [] }),
    [STUDENTS_PATH]: () => ({ success: true, enrolledStudents: [] }),
  });
  signInAsEducator();
});

afterEach(() => {
  window.innerWidth = DESKTOP_WIDTH;
});

const sidebar = () => document.querySelector<HTMLElement>('aside.ed-sidebar');
const nav = () => screen.getByRole('navigation', { name: 'Educator' });

describe('Educator layout', () => {
  it("greets the provider's full name, with an avatar, and the logo links home", async () => {
    renderPortal('/educator');
    expect(screen.getByText('Hi! Grace Hopper')).toBeInTheDocument();
    const header = document.querySelector('header.ed-topbar') as HTMLElement;
    const avatar = within(header).getByRole('img', { name: "Grace Hopper's avatar" });
    expect(avatar).toHaveAttribute('src', 'https://img.example.com/grace.png');
    expect(within(header).getByRole('link', { name: 'Courseport' })).toHaveAttribute('href', '/');
    await screen.findByText('Welcome back, Grace Hopper!');
  });

  it("falls back to the profile's name, then to 'Hi! Developers' when there is no user", async () => {
    setSession({
      identity: null,
      user: {
        _id: 'u2',
        email: 'p@example.com',
        name: 'Profile Name',
        imageUrl: '',
        roles: ['educator'],
        enrolledCourses: [],
      },
    });
    const { unmount } = renderPortal('/educator');
    expect(screen.getByText('Hi! Profile Name')).toBeInTheDocument();
    await screen.findByText('Welcome back, Profile Name!');
    unmount();

    setSession({ status: 'signed-out', identity: null, user: null, roles: [] });
    renderPortal('/educator');
    expect(screen.getByText('Hi! Developers')).toBeInTheDocument();
    // An avatar is still shown (a person icon).
    expect(document.querySelector('header.ed-topbar .ant-avatar')).not.toBeNull();
    await screen.findByText('Welcome back, Educator!');
  });

  it('shows the sidebar links with icons, and marks Dashboard active only on /educator itself', async () => {
    renderPortal('/educator');
    const links = within(nav()).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Dashboard', '/educator'],
      ['Add Course', '/educator/add-course'],
      ['My Courses', '/educator/my-courses'],
      ['Student Enrolled', '/educator/student-enrolled'],
    ]);
    for (const a of links) expect(a.querySelector('svg')).not.toBeNull();
    expect(link('Dashboard', nav())).toHaveClass('is-active');
    expect(link('Dashboard', nav())).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Educator Portal v1.0.0')).toBeInTheDocument();
    await screen.findByText('Welcome back, Grace Hopper!');

    await user.click(link('My Courses', nav()));
    expect(currentPath()).toBe('/educator/my-courses');
    await screen.findByText('No courses added yet');
    // Exact match: /educator/my-courses does not make Dashboard active.
    expect(link('Dashboard', nav())).not.toHaveClass('is-active');
    expect(link('My Courses', nav())).toHaveClass('is-active');

    await user.click(link('Student Enrolled', nav()));
    expect(currentPath()).toBe('/educator/student-enrolled');
    await screen.findByText('No students enrolled yet');
    expect(link('Student Enrolled', nav())).toHaveAttribute('aria-current', 'page');

    await user.click(link('Dashboard', nav()));
    expect(currentPath()).toBe('/educator');
    expect(link('Dashboard', nav())).toHaveClass('is-active');
  });

  it('collapses to 80px icons with tooltips and expands to 288px on desktop', async () => {
    renderPortal('/educator');
    expect(sidebar()).toHaveStyle({ width: '288px' });
    expect(sidebar()).toHaveAttribute('data-collapsed', 'false');
    expect(screen.getByText('Add Course')).toHaveClass('ed-sidebar-label');

    await user.click(screen.getByLabelText('Collapse sidebar'));
    expect(sidebar()).toHaveStyle({ width: '80px' });
    expect(sidebar()).toHaveAttribute('data-collapsed', 'true');
    expect(screen.getByLabelText('Expand sidebar')).toHaveAttribute('aria-expanded', 'false');
    // Only the icons show; the labels stay for screen readers, and a tooltip names each icon.
    expect(screen.getByText('Add Course')).toHaveClass('ed-visually-hidden');
    expect(screen.getByText('Educator Portal v1.0.0')).toHaveClass('ed-visually-hidden');
    await user.hover(link('Add Course', nav()));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Add Course');

    await user.click(screen.getByLabelText('Expand sidebar'));
    expect(sidebar()).toHaveStyle({ width: '288px' });
    expect(screen.getByLabelText('Collapse sidebar')).toHaveAttribute('aria-expanded', 'true');
    await screen.findByText('Welcome back, Grace Hopper!');
  });

  it('starts collapsed on phones', async () => {
    window.innerWidth = 375;
    renderPortal('/educator');
    expect(sidebar()).toHaveStyle({ width: '80px' });
    expect(screen.getByLabelText('Expand sidebar')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Expand sidebar'));
    expect(sidebar()).toHaveAttribute('data-collapsed', 'false');
    // Choosing a page on a phone closes the sidebar again.
    await user.click(link('My Courses', nav()));
    expect(sidebar()).toHaveAttribute('data-collapsed', 'true');
    await screen.findByText('No courses added yet');
  });

  it('hides the sidebar from non-educators', async () => {
    sessionStore.setState({ roles: ['student'] });
    renderPortal('/educator');
    expect(sidebar()).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Educator' })).not.toBeInTheDocument();
    expect(screen.queryByText('Educator Portal v1.0.0')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Collapse sidebar')).not.toBeInTheDocument();
    await screen.findByText('Welcome back, Grace Hopper!');

    // The sidebar appears as soon as the educator role arrives.
    act(() => sessionStore.setState({ roles: ['student', 'educator'] }));
    await waitFor(() => expect(sidebar()).not.toBeNull());
  });

  it('shows the footer with the fixed year 2025', async () => {
    renderPortal('/educator');
    expect(screen.getByText('© 2025 Courseport. All rights reserved.')).toBeInTheDocument();
    await screen.findByText('Welcome back, Grace Hopper!');
  });

  it('owns the sub-routes: /educator/add-course renders the Add course page', async () => {
    renderPortal('/educator/add-course');
    expect(screen.getByRole('heading', { level: 1, name: 'Add Course' })).toBeInTheDocument();
    expect(apiGet).not.toHaveBeenCalled();
  });

  it('redirects unknown /educator paths to the dashboard', async () => {
    renderPortal('/educator/no-such-page');
    expect(currentPath()).toBe('/educator');
    expect(await screen.findByText('Welcome back, Grace Hopper!')).toBeInTheDocument();
  });
});
