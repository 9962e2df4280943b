import type { InstructorProfile } from '@courseport/shared-ui';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  expectLoadingUntil,
  expectRetryRecovers,
  failingGet,
  getCalls,
  link,
  makeCourse,
  mockGet,
  pendingGet,
  renderAt,
  serverError,
  signOut,
} from './helpers';

const PATH = '/api/instructors/educator-jane';

const makeInstructor = (overrides: Partial<InstructorProfile> = {}): InstructorProfile => ({
  _id: 'educator-jane',
  name: 'Jane Educator',
  imageUrl: 'https://img.example.com/jane.png',
  bio: 'Ten years of backends.\nNow I teach them.',
  courses: [
    makeCourse({ _id: 'c1', courseTitle: 'Go for Backends' }),
    makeCourse({ _id: 'c2', courseTitle: 'SQL Basics' }),
  ],
  totalStudents: 340,
  averageRating: 4.3,
  ratingCount: 12,
  ...overrides,
});

const answer = (instructor: InstructorProfile) => mockGet({ [PATH]: () => ({ success: true, instructor }) });

beforeEach(() => {
  signOut();
});

describe('Instructor page', () => {
  it('shows the totals, the bio as plain text and the courses, each linking to its page', async () => {
    answer(makeInstructor({ bio: 'I write <b>Go</b>.' }));
    renderAt('/instructor/educator-jane');
    await screen.findByRole('heading', { level: 1, name: 'Jane Educator' });
    const stats = screen.getByRole('list', { name: 'At a glance' });
    expect(
      within(stats)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['340 students', '2 courses', '4.3 average rating (12 ratings)']);
    expect(screen.getByRole('heading', { level: 2, name: 'About Jane Educator' })).toBeInTheDocument();
    // Text, never markup.
    expect(screen.getByText('I write <b>Go</b>.')).toBeInTheDocument();
    const grid = screen.getByRole('list', { name: 'Courses by Jane Educator' });
    expect(
      within(grid)
        .getAllByRole('link')
        .map((card) => card.getAttribute('href')),
    ).toEqual(['/course/c1', '/course/c2']);
  });

  it('shows Loading... until the instructor arrives, then names the page after them', async () => {
    const pending = pendingGet(PATH);
    renderAt('/instructor/educator-jane');
    const loaded = { success: true, instructor: makeInstructor() };
    await expectLoadingUntil(pending, 'Loading...', loaded, 'About Jane Educator');
    expect(screen.getByRole('heading', { level: 1, name: 'Jane Educator' })).toBeInTheDocument();
    expect(document.title).toBe('Jane Educator · Courseport');
  });

  it('says so when there are no ratings, no bio or no published courses', async () => {
    answer(makeInstructor({ bio: '', courses: [], totalStudents: 0, averageRating: 0, ratingCount: 0 }));
    renderAt('/instructor/educator-jane');
    await screen.findByRole('heading', { level: 1, name: 'Jane Educator' });
    expect(screen.getByText('No ratings yet')).toBeInTheDocument();
    expect(screen.getByText('No published courses yet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^About/ })).not.toBeInTheDocument();
  });

  it("shows 'Instructor not found' with a way to the course list for an unknown id", async () => {
    mockGet({
      [PATH]: () => {
        throw serverError('Instructor not found', 404);
      },
    });
    renderAt('/instructor/educator-jane');
    expect(await screen.findByText('This instructor does not exist or no longer teaches here.')).toBeInTheDocument();
    expect(link('Browse all courses')).toHaveAttribute('href', '/course-list');
    expect(document.title).toBe('Instructor not found · Courseport');
  });

  it('shows an error with Retry for other failures, which loads the page again', async () => {
    const recovered = () => ({ success: true, instructor: makeInstructor() });
    const failing = failingGet(PATH, serverError('Internal server error', 500), recovered);
    renderAt('/instructor/educator-jane');
    await expectRetryRecovers(failing, 'Could not load this instructor', 'Retry', 'About Jane Educator');
    expect(getCalls(PATH)).toBe(2);
  });
});
