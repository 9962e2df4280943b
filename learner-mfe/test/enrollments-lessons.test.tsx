import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  around,
  ENROLLED_PATH,
  enrolledAnswer,
  mockGet,
  mockPost,
  PROGRESS_PATH,
  progressAnswer,
  renderAt,
  signIn,
} from './helpers';
import { COURSE_ID, lessonsCourse, TITLE } from './lessons-fixtures';

beforeEach(() => {
  signIn({}, [COURSE_ID]);
});

function answerWith(completed: string[]) {
  mockGet({ [ENROLLED_PATH]: () => enrolledAnswer([lessonsCourse()]) });
  mockPost({ [PROGRESS_PATH]: () => progressAnswer(COURSE_ID, completed) });
}

describe('My Enrollments: courses with lessons of every kind', () => {
  it('counts every lesson (video, article, quiz, project) in the progress', async () => {
    answerWith(['l1', 'q1']);
    renderAt('/my-enrollments');
    const row = await waitFor(() => around(TITLE, 'tr'));
    await waitFor(() => expect(within(row).getByText('2 / 4 Lectures')).toBeInTheDocument());
    expect(row.querySelector('[role="progressbar"]')).toHaveAttribute('aria-valuenow', '50');
  });

  it('Continue goes to the first lesson not completed, whatever its kind', async () => {
    answerWith(['l1']);
    renderAt('/my-enrollments');
    const link = await screen.findByRole('link', { name: `Continue: Reading guide, in ${TITLE}` });
    expect(link).toHaveAttribute('href', `/player/${COURSE_ID}?lecture=a1`);
  });
});
