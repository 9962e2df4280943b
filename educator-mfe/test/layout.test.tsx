import { sessionStore, UserMenuContext } from '@courseport/shared-ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TopBar } from '../src/features/layout/components/TopBar';
import {
  apiGet,
  COURSES_PATH,
  currentPath,
  DASHBOARD_PATH,
  deferred,
  ENROLLMENTS,
  link,
  makeDashboard,
  mockGet,
  renderPortal,
  renderRoutes,
  STUDENTS_PATH,
  serverError,
  setSession,
  signInAsEducator,
  user,
} from './helpers';

const DESKTOP_WIDTH = window.innerWidth;

beforeEach(() => {
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
    expect(document.querySelector('header.ed-topbar .ed-avatar svg')).not.toBeNull();
    await screen.findByText('Welcome back, Educator!');
  });

  it('shows the sidebar links with icons, and marks Dashboard active only on /educator itself', async () => {
    renderPortal('/educator');
    const links = within(nav()).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Dashboard', '/educator'],
      ['Add Course', '/educator/add-course'],
      ['My Courses', '/educator/my-courses'],
      ['Videos', '/educator/videos'],
      ['Student Enrolled', '/educator/student-enrolled'],
      ['Coupons', '/educator/coupons'],
      ['Reviews', '/educator/reviews'],
      ['Q&A', '/educator/questions'],
      ['Project Submissions', '/educator/submissions'],
      ['Quiz Results', '/educator/quiz-results'],
      ['Earnings', '/educator/earnings'],
      ['Analytics', '/educator/analytics'],
      ['Profile', '/educator/profile'],
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

  // (The widths, 80px collapsed and 288px expanded, are layout.css's, by these classes.)
  it('collapses to icons with tooltips and expands again on desktop', async () => {
    renderPortal('/educator');
    expect(sidebar()).not.toHaveClass('is-collapsed');
    expect(sidebar()).not.toHaveClass('is-undecided');
    expect(sidebar()).toHaveAttribute('data-collapsed', 'false');
    expect(screen.getByText('Add Course')).toHaveClass('ed-sidebar-label');

    await user.click(screen.getByLabelText('Collapse sidebar'));
    expect(sidebar()).toHaveClass('is-collapsed');
    expect(sidebar()).toHaveAttribute('data-collapsed', 'true');
    expect(screen.getByLabelText('Expand sidebar')).toHaveAttribute('aria-expanded', 'false');
    // Only the icons show; the labels stay for screen readers, and a tooltip names each icon.
    expect(screen.getByText('Add Course')).toHaveClass('cp-visually-hidden');
    expect(screen.getByText('Educator Portal v1.0.0')).toHaveClass('cp-visually-hidden');
    await user.hover(link('Add Course', nav()));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Add Course');

    await user.click(screen.getByLabelText('Expand sidebar'));
    expect(sidebar()).not.toHaveClass('is-collapsed');
    expect(screen.getByLabelText('Collapse sidebar')).toHaveAttribute('aria-expanded', 'true');
    await screen.findByText('Welcome back, Grace Hopper!');
  });

  it('starts collapsed on phones', async () => {
    window.innerWidth = 375;
    renderPortal('/educator');
    expect(sidebar()).toHaveClass('is-collapsed');
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
    // Only the category choices of the form (#21) are asked for, not the dashboard (and the
    // sidebar's Q&A badge, #35, its count).
    const asked = apiGet.mock.calls.map(([path]) => path);
    expect(
      asked.filter((path) => !['/api/categories', '/api/educator/questions/unanswered-count'].includes(path)),
    ).toEqual([]);
  });

  it('redirects unknown /educator paths to the dashboard', async () => {
    renderPortal('/educator/no-such-page');
    expect(currentPath()).toBe('/educator');
    expect(await screen.findByText('Welcome back, Grace Hopper!')).toBeInTheDocument();
  });
});

/** Stands in for the shell's account menu. */
const ShellMenu = () => <button type="button">Account menu for Grace Hopper</button>;

const h1s = () => Array.from(document.querySelectorAll('h1')).map((h) => h.textContent);

describe('Educator layout: accessibility', () => {
  it('offers Sign out in the top bar (the shell hides its account menu here), only when signed in', async () => {
    const signOut = vi.fn(async () => {});
    sessionStore.setState({ signOut });
    const { unmount } = renderPortal('/educator');
    const header = document.querySelector('header.ed-topbar') as HTMLElement;
    await user.click(within(header).getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
    await screen.findByText('Welcome back, Grace Hopper!');
    unmount();

    setSession({ status: 'signed-out', identity: null, user: null, roles: [] });
    renderPortal('/educator');
    expect(screen.queryByText('Sign out')).not.toBeInTheDocument();
    await screen.findByText('Welcome back, Educator!');
  });

  it("shows the shell's account menu (Change password, Sign out everywhere) in the top bar when the shell provides it", () => {
    renderRoutes(
      [
        {
          path: '/educator',
          element: (
            <UserMenuContext.Provider value={ShellMenu}>
              <TopBar />
            </UserMenuContext.Provider>
          ),
        },
      ],
      '/educator',
    );
    const header = document.querySelector('header.ed-topbar') as HTMLElement;
    expect(within(header).getByText('Hi! Grace Hopper')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Account menu for Grace Hopper' })).toBeInTheDocument();
    // The menu has Sign out: no second one beside it.
    expect(within(header).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('renders no <main> of its own (the shell has it), and names every page in the tab', async () => {
    renderPortal('/educator');
    await screen.findByText('Welcome back, Grace Hopper!');
    expect(document.querySelector('main')).toBeNull();
    expect(document.title).toBe('Dashboard · Educator · Courseport');
    expect(h1s()).toEqual(['Welcome back, Grace Hopper!']);

    await user.click(link('Add Course', nav()));
    expect(document.title).toBe('Add Course · Educator · Courseport');
    expect(h1s()).toEqual(['Add Course']);
    await user.click(link('My Courses', nav()));
    await screen.findByText('No courses added yet');
    expect(document.title).toBe('My Courses · Educator · Courseport');
    expect(h1s()).toEqual(['My Courses']);
    await user.click(link('Student Enrolled', nav()));
    await screen.findByText('No students enrolled yet');
    expect(document.title).toBe('Enrolled Students · Educator · Courseport');
    expect(h1s()).toEqual(['Enrolled Students']);
  });

  it("moves the focus to the page's heading after a navigation, not on the first page", async () => {
    renderPortal('/educator/add-course');
    const first = screen.getByRole('heading', { level: 1, name: 'Add Course' });
    expect(first).not.toHaveFocus();

    await user.click(link('My Courses', nav()));
    expect(screen.getByRole('heading', { level: 1, name: 'My Courses' })).toHaveFocus();
    await screen.findByText('No courses added yet');

    // The dashboard's heading is there (for screen readers) while it loads, and keeps the focus.
    await user.click(link('Dashboard', nav()));
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveFocus();
    await screen.findByText('Welcome back, Grace Hopper!');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Grace Hopper!' })).toBe(heading);
    expect(heading).toHaveFocus();
  });

  it('has exactly one <h1> on the dashboard while loading, on a failure and when empty', async () => {
    const pending = deferred<unknown>();
    mockGet({ [DASHBOARD_PATH]: () => pending.promise });
    const { unmount } = renderPortal('/educator');
    expect(screen.getByText('Loading your dashboard...')).toBeInTheDocument();
    expect(h1s()).toEqual(['Dashboard']);
    pending.reject(serverError('Educator access required', 403));
    await screen.findByText('Dashboard Error');
    expect(h1s()).toEqual(['Dashboard']);
    unmount();

    mockGet({
      [DASHBOARD_PATH]: () => ({
        success: true,
        dashboardData: makeDashboard({ totalCourses: 0, totalEarnings: 0, enrolledStudentsData: [] }),
      }),
    });
    renderPortal('/educator');
    await screen.findByText('No Dashboard Data');
    expect(h1s()).toEqual(['Dashboard']);
  });

  it('lets wide tables scroll inside their own box on a 390 px phone', async () => {
    window.innerWidth = 390;
    // (My Courses shows cards on a phone instead: my-courses.test.tsx.)
    mockGet({ [STUDENTS_PATH]: () => ({ success: true, enrolledStudents: ENROLLMENTS }) });
    renderPortal('/educator/student-enrolled');
    await screen.findByText('Alan Turing');
    const table = document.querySelector('table') as HTMLElement;
    // The table takes the width it needs (.ed-table: min-width max-content) and scrolls in its
    // box, not the page; the keyboard reaches the box (a named tab stop).
    expect(table).toHaveClass('ed-table');
    const box = table.closest('.ed-table-wrap') as HTMLElement;
    expect(box).toHaveClass('cp-table-scroll');
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box).toHaveAccessibleName('Enrolled students');
  });
});
