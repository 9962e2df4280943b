import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  apiGet,
  button,
  currentPath,
  DASHBOARD_PATH,
  ENROLLMENTS,
  expectLoadingUntil,
  expectRetryRecovers,
  failingGet,
  getCalls,
  localDate,
  makeDashboard,
  makeEnrollment,
  mockGet,
  networkError,
  pendingGet,
  renderPortal,
  rowOf,
  serverError,
  signInAsEducator,
  tableRows,
  user,
} from './helpers';

beforeEach(() => {
  signInAsEducator();
});

const answer = (dashboardData = makeDashboard()) =>
  mockGet({ [DASHBOARD_PATH]: () => ({ success: true, dashboardData }) });

const search = () => screen.getByPlaceholderText('Search students or courses...');
const stat = (label: string) => screen.getByText(label).closest('li') as HTMLElement;

async function renderData() {
  renderPortal('/educator');
  await screen.findByText('Latest Enrollments');
}

describe('Educator dashboard: states', () => {
  it("shows 'Loading your dashboard...' until the data arrives", async () => {
    const pending = pendingGet(DASHBOARD_PATH);
    renderPortal('/educator');
    const data = { success: true, dashboardData: makeDashboard() };
    await expectLoadingUntil(pending, 'Loading your dashboard...', data, 'Welcome back, Grace Hopper!');
    expect(apiGet).toHaveBeenCalledWith(DASHBOARD_PATH);
  });

  it("shows 'Dashboard Error' with the server's message (also as a toast), and 'Try Again' refetches", async () => {
    const dashboard = () => ({ success: true, dashboardData: makeDashboard() });
    const answer = failingGet(DASHBOARD_PATH, serverError('Educator access required', 403), dashboard);
    renderPortal('/educator');
    await expectRetryRecovers(answer, 'Dashboard Error', 'Try Again', 'Welcome back, Grace Hopper!', { toast: true });
    expect(getCalls(DASHBOARD_PATH)).toBe(2);
  });

  it("falls back to 'Failed to fetch dashboard data' on network errors", async () => {
    mockGet({
      [DASHBOARD_PATH]: () => {
        throw networkError();
      },
    });
    renderPortal('/educator');
    expect(await screen.findByText('Dashboard Error')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Failed to fetch dashboard data')).toHaveLength(2));
    expect(screen.queryByText(/Cannot reach the server/)).not.toBeInTheDocument();
  });

  it("shows 'No Dashboard Data' when there are no courses, with a way to add the first one", async () => {
    answer(makeDashboard({ totalCourses: 0, totalEarnings: 0, enrolledStudentsData: [] }));
    renderPortal('/educator');
    expect(await screen.findByText('No Dashboard Data')).toBeInTheDocument();
    expect(screen.queryByText('Latest Enrollments')).not.toBeInTheDocument();
    await user.click(button('Add Your First Course'));
    expect(currentPath()).toBe('/educator/add-course');
  });
});

describe('Educator dashboard: data', () => {
  it('welcomes the educator and shows the three totals, earnings with the currency', async () => {
    answer();
    await renderData();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Grace Hopper!' })).toBeInTheDocument();
    expect(within(stat('Total Enrollments')).getByText('3')).toBeInTheDocument();
    expect(within(stat('Total Courses')).getByText('2')).toBeInTheDocument();
    expect(within(stat('Total Earnings')).getByText('Rs 1198')).toBeInTheDocument();
  });

  it('lists the latest enrollments with their real purchase dates', async () => {
    answer();
    await renderData();
    const headers = Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(headers).toEqual(['#', 'Student Name', 'Course Title', 'Date']);
    expect(tableRows()).toEqual([
      ['1', 'Ada Lovelace', 'Complete React Bootcamp', localDate('2025-03-15T10:00:00.000Z')],
      ['2', 'Alan Turing', 'Python for Data Science', localDate('2025-02-02T08:30:00.000Z')],
      ['3', 'Katherine Johnson', 'Complete React Bootcamp', localDate('2024-12-24T18:45:00.000Z')],
    ]);
    // Not today's date (as the old product showed).
    expect(screen.queryByText(new Date().toLocaleDateString())).not.toBeInTheDocument();
  });

  it("shows the student's avatar, and their initials when it fails to load", async () => {
    answer();
    await renderData();
    const ada = within(rowOf('Ada Lovelace'));
    const img = ada.getByRole('img', { name: "Ada Lovelace's avatar" });
    expect(img).toHaveAttribute('src', 'https://img.example.com/ada.png');
    fireEvent.error(img);
    await waitFor(() => expect(ada.queryByRole('img')).not.toBeInTheDocument());
    expect(ada.getByText('AL')).toBeInTheDocument();
    // Without a picture the initials show at once.
    expect(within(rowOf('Alan Turing')).getByText('AT')).toBeInTheDocument();
  });

  it("filters by student name or course title, says 'Showing X of Y enrollments', and 'Clear' resets", async () => {
    answer();
    await renderData();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(button('Clear')).toBeDisabled();

    await user.type(search(), 'aLaN');
    expect(tableRows().map((row) => row[1])).toEqual(['Alan Turing']);
    expect(screen.getByText('Showing 1 of 3 enrollments')).toBeInTheDocument();

    await user.clear(search());
    await user.type(search(), 'react');
    expect(tableRows().map((row) => row[1])).toEqual(['Ada Lovelace', 'Katherine Johnson']);
    expect(screen.getByText('Showing 2 of 3 enrollments')).toBeInTheDocument();

    await user.click(button('Clear'));
    expect(search()).toHaveValue('');
    expect(tableRows()).toHaveLength(3);
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });

  it('shows ten enrollments a page, with page numbers to go on (a plain table, #34)', async () => {
    const many = Array.from({ length: 23 }, (_, i) =>
      makeEnrollment(`Student ${i + 1}`, 'Complete React Bootcamp', '2025-03-15T10:00:00.000Z'),
    );
    answer(makeDashboard({ enrolledStudentsData: many }));
    await renderData();
    const pages = screen.getByRole('navigation', { name: 'Latest Enrollments pages' });
    expect(tableRows().map((row) => row[0])).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('button', { name: 'Previous Page' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next Page' }));
    expect(tableRows()[0]).toEqual([
      '11',
      'Student 11',
      'Complete React Bootcamp',
      localDate('2025-03-15T10:00:00.000Z'),
    ]);
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(tableRows().map((row) => row[1])).toEqual(['Student 21', 'Student 22', 'Student 23']);
    expect(within(pages).getByRole('button', { name: 'Next Page' })).toBeDisabled();

    // A search that leaves one page shows it, without page numbers.
    await user.type(search(), 'Student 2');
    expect(tableRows().map((row) => row[1])).toEqual([
      'Student 2',
      'Student 20',
      'Student 21',
      'Student 22',
      'Student 23',
    ]);
    expect(screen.queryByRole('navigation', { name: 'Latest Enrollments pages' })).not.toBeInTheDocument();
  });

  it("says 'No enrollments found' when the search matches nothing", async () => {
    answer();
    await renderData();
    await user.type(search(), 'quantum');
    expect(screen.getByText('No enrollments found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search terms')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 3 enrollments')).toBeInTheDocument();
  });

  it("says 'No enrollments yet' when courses have no students", async () => {
    answer(makeDashboard({ totalCourses: 1, totalEarnings: 0, enrolledStudentsData: [] }));
    await renderData();
    expect(screen.getByText('No enrollments yet')).toBeInTheDocument();
    expect(screen.getByText('Start by adding courses and enrolling students')).toBeInTheDocument();
    expect(within(stat('Total Enrollments')).getByText('0')).toBeInTheDocument();
    expect(within(stat('Total Earnings')).getByText('Rs 0')).toBeInTheDocument();
    expect(ENROLLMENTS).toHaveLength(3);
  });
});
