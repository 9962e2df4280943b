import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  apiGet,
  button,
  currentPath,
  ENROLLMENTS,
  expectRetryRecovers,
  failingGet,
  getCalls,
  localDate,
  makeEnrollment,
  mockGet,
  networkError,
  pendingGet,
  renderPortal,
  rowOf,
  STUDENTS_PATH,
  serverError,
  signInAsEducator,
  tableRows,
  user,
} from './helpers';

beforeEach(() => {
  signInAsEducator();
});

const answer = (enrolledStudents = ENROLLMENTS) =>
  mockGet({ [STUDENTS_PATH]: () => ({ success: true, enrolledStudents }) });

describe('Enrolled students', () => {
  it("loads on mount with 'Loading enrolled students...', then lists every enrollment", async () => {
    const pending = pendingGet(STUDENTS_PATH);
    renderPortal('/educator/student-enrolled');
    expect(screen.getByText('Loading enrolled students...')).toBeInTheDocument();
    expect(document.querySelector('.cp-spinner')).not.toBeNull();
    expect(apiGet).toHaveBeenCalledWith(STUDENTS_PATH);

    pending.resolve({ success: true, enrolledStudents: ENROLLMENTS });
    await screen.findByText('Ada Lovelace');
    const headers = Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(headers).toEqual(['#', 'Student Name', 'Course Title', 'Date']);
    expect(tableRows()).toEqual([
      ['1', 'Ada Lovelace', 'Complete React Bootcamp', localDate('2025-03-15T10:00:00.000Z')],
      ['2', 'Alan Turing', 'Python for Data Science', localDate('2025-02-02T08:30:00.000Z')],
      ['3', 'Katherine Johnson', 'Complete React Bootcamp', localDate('2024-12-24T18:45:00.000Z')],
    ]);
    expect(within(rowOf('Ada Lovelace')).getByRole('img', { name: "Ada Lovelace's avatar" })).toBeInTheDocument();
    expect(within(rowOf('Alan Turing')).getByText('AT')).toBeInTheDocument();
  });

  it('shows today for an enrollment without a purchase date', async () => {
    answer([makeEnrollment('Grace Hopper', 'COBOL Today', '')]);
    renderPortal('/educator/student-enrolled');
    await screen.findByText('Grace Hopper');
    expect(tableRows()).toEqual([['1', 'Grace Hopper', 'COBOL Today', new Date().toLocaleDateString()]]);
  });

  it("shows 'No students enrolled yet' with a hint and 'Create Your First Course'", async () => {
    answer([]);
    renderPortal('/educator/student-enrolled');
    expect(await screen.findByText('No students enrolled yet')).toBeInTheDocument();
    expect(screen.getByText('Students who enroll in your courses will appear here.')).toBeInTheDocument();
    expect(document.querySelector('table')).toBeNull();
    await user.click(button('Create Your First Course'));
    expect(currentPath()).toBe('/educator/add-course');
  });

  it("shows 'Error Loading Students' with the server's message and a toast; 'Try Again' refetches", async () => {
    const students = () => ({ success: true, enrolledStudents: ENROLLMENTS });
    const answer = failingGet(STUDENTS_PATH, serverError('Invalid session', 401), students);
    renderPortal('/educator/student-enrolled');
    await expectRetryRecovers(answer, 'Error Loading Students', 'Try Again', 'Ada Lovelace', { toast: true });
    expect(getCalls(STUDENTS_PATH)).toBe(2);
  });

  it("falls back to 'Failed to fetch enrolled students' without a server message", async () => {
    mockGet({
      [STUDENTS_PATH]: () => {
        throw networkError();
      },
    });
    renderPortal('/educator/student-enrolled');
    expect(await screen.findByText('Error Loading Students')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Failed to fetch enrolled students')).toHaveLength(2));
  });
});
