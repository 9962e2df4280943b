import { makeThumbnail } from '@courseport/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  apiGet,
  button,
  COURSES_PATH,
  currentPath,
  deferred,
  failsUntilRecovered,
  getCalls,
  localDate,
  makeCourse,
  mockGet,
  networkError,
  renderPortal,
  rowOf,
  serverError,
  setSession,
  signInAsEducator,
  tableRows,
  user,
} from './helpers';

beforeEach(() => {
  signInAsEducator();
});

const LONG_DESCRIPTION =
  '<h2>Build modern apps</h2><p>Learn <strong>React</strong> from scratch with hands-on projects &amp; real deployments.</p>';
const COURSES = [
  makeCourse({
    _id: 'react',
    courseTitle: 'Complete React Bootcamp',
    courseDescription: LONG_DESCRIPTION,
    earnings: 1198,
    studentsCount: 3,
    createdAt: '2025-03-01T10:00:00.000Z',
  }),
  makeCourse({
    _id: 'py',
    courseTitle: 'Python for Data Science',
    courseDescription: '<p>Pandas and plots.</p>',
    earnings: 0,
    studentsCount: 0,
    createdAt: '2024-11-20T09:00:00.000Z',
  }),
];

const answer = (courses = COURSES) => mockGet({ [COURSES_PATH]: () => ({ success: true, courses }) });

describe('My courses', () => {
  it("shows the header, 'Loading your courses...', then the table", async () => {
    const pending = deferred<unknown>();
    mockGet({ [COURSES_PATH]: () => pending.promise });
    renderPortal('/educator/my-courses');
    expect(screen.getByRole('heading', { level: 1, name: 'My Courses' })).toBeInTheDocument();
    expect(screen.getByText('Manage and track your published courses')).toBeInTheDocument();
    expect(screen.getByText('Loading your courses...')).toBeInTheDocument();

    pending.resolve({ success: true, courses: COURSES });
    await screen.findByText('Complete React Bootcamp');
    expect(apiGet).toHaveBeenCalledWith(COURSES_PATH);
    const headers = Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(headers).toEqual(['Course', 'Earnings', 'Students', 'Published On', 'Actions']);
    expect(tableRows()).toEqual([
      [
        'Complete React BootcampBuild modern apps Learn React from scratch with ha...Published',
        'Rs 1198',
        '3',
        localDate('2025-03-01T10:00:00.000Z'),
        'EditAnnounceUnpublishArchive',
      ],
      [
        'Python for Data SciencePandas and plots....Published',
        'Rs 0',
        '0',
        localDate('2024-11-20T09:00:00.000Z'),
        'EditAnnounceUnpublishDelete',
      ],
    ]);
  });

  it('on a phone shows a card per course with its figures and every action, instead of a table', async () => {
    const desktop = window.innerWidth;
    window.innerWidth = 390;
    try {
      answer();
      renderPortal('/educator/my-courses');
      const list = await screen.findByRole('list', { name: 'My Courses' });
      expect(document.querySelector('table')).toBeNull();
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      const first = within(cards[0] as HTMLElement);
      expect(first.getByText('Complete React Bootcamp')).toBeInTheDocument();
      expect(first.getByText('Published')).toBeInTheDocument();
      const facts = Array.from((cards[0] as HTMLElement).querySelectorAll('dt')).map(
        (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
      );
      expect(facts).toEqual([
        'Earnings: Rs 1198',
        'Students: 3',
        `Published On: ${localDate('2025-03-01T10:00:00.000Z')}`,
      ]);
      expect(first.getByRole('link', { name: "Edit 'Complete React Bootcamp'" })).toBeInTheDocument();
      expect(first.getByRole('button', { name: "Unpublish 'Complete React Bootcamp'" })).toBeInTheDocument();
      expect(first.getByRole('button', { name: "Archive 'Complete React Bootcamp'" })).toBeInTheDocument();
      expect(
        within(cards[1] as HTMLElement).getByRole('button', { name: "Delete 'Python for Data Science'" }),
      ).toBeInTheDocument();
    } finally {
      window.innerWidth = desktop;
    }
  });

  it('shows each thumbnail with alt text and the first 50 characters of the description as plain text', async () => {
    answer();
    renderPortal('/educator/my-courses');
    await screen.findByText('Complete React Bootcamp');
    const row = within(rowOf('Complete React Bootcamp'));
    expect(row.getByRole('img', { name: 'Complete React Bootcamp' })).toHaveAttribute(
      'src',
      'https://img.example.com/react.jpg',
    );
    // A thumbnail that cannot load becomes a placeholder, still named by the title.
    fireEvent.error(row.getByRole('img', { name: 'Complete React Bootcamp' }));
    expect(row.getByRole('img', { name: 'Complete React Bootcamp' }).tagName).toBe('SPAN');
    const teaser = row.getByText(/^Build modern apps/);
    const plain = 'Build modern apps Learn React from scratch with hands-on projects & real deployments.';
    expect(teaser.textContent).toBe(`${plain.slice(0, 50)}...`);
    expect(teaser.textContent).not.toContain('<');
  });

  it('draws a processed thumbnail at its small table width, lazily; one that cannot load becomes the placeholder', async () => {
    answer([{ ...(COURSES[0] as (typeof COURSES)[number]), thumbnail: makeThumbnail('react') }]);
    renderPortal('/educator/my-courses');
    await screen.findByText('Complete React Bootcamp');
    const row = within(rowOf('Complete React Bootcamp'));
    const img = row.getByRole('img', { name: 'Complete React Bootcamp' });
    expect(img).toHaveAttribute('sizes', '(max-width: 480px) 64px, 96px');
    expect(img).toHaveAttribute('src', 'https://app.example/api/media/react/640.jpeg');
    expect(img).toHaveAttribute('loading', 'lazy');
    fireEvent.error(img);
    expect(row.getByRole('img', { name: 'Complete React Bootcamp' }).tagName).toBe('SPAN');
  });

  it("'+ Add New Course' leads to the Add course page", async () => {
    answer();
    renderPortal('/educator/my-courses');
    await screen.findByText('Complete React Bootcamp');
    await user.click(button('+ Add New Course'));
    expect(currentPath()).toBe('/educator/add-course');
  });

  it("shows 'No courses added yet' with 'Add Your First Course'", async () => {
    answer([]);
    renderPortal('/educator/my-courses');
    expect(await screen.findByText('No courses added yet')).toBeInTheDocument();
    expect(
      screen.getByText('Start creating amazing courses to share your knowledge with students!'),
    ).toBeInTheDocument();
    await user.click(button('Add Your First Course'));
    expect(currentPath()).toBe('/educator/add-course');
  });

  it("shows 'Error Loading Courses' with the server's message and a toast; 'Try Again' refetches", async () => {
    const answer = failsUntilRecovered(serverError('Courses are unavailable right now', 503), () => ({
      success: true,
      courses: COURSES,
    }));
    mockGet({ [COURSES_PATH]: answer.handler });
    renderPortal('/educator/my-courses');
    expect(await screen.findByText('Error Loading Courses')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Courses are unavailable right now')).toHaveLength(2));
    expect(document.querySelector('.ant-notification-notice-error')).toHaveTextContent(
      'Courses are unavailable right now',
    );

    answer.recover();
    await user.click(button('Try Again'));
    expect(await screen.findByText('Complete React Bootcamp')).toBeInTheDocument();
    expect(getCalls(COURSES_PATH)).toBe(2);
  });

  it("falls back to 'Failed to fetch courses' without a server message", async () => {
    mockGet({
      [COURSES_PATH]: () => {
        throw networkError();
      },
    });
    renderPortal('/educator/my-courses');
    expect(await screen.findByText('Error Loading Courses')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Failed to fetch courses')).toHaveLength(2));
  });

  it('fetches the courses only for educators', async () => {
    answer();
    setSession({ roles: ['student'] });
    renderPortal('/educator/my-courses');
    expect(await screen.findByText('Educator access required')).toBeInTheDocument();
    expect(apiGet).not.toHaveBeenCalled();
  });
});
