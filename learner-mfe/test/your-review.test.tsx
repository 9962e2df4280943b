import { apiRequest, type MyReview, REVIEW_TEXT_MAX_LENGTH } from '@courseport/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  button,
  deferred,
  ENROLLED_PATH,
  enrolledAnswer,
  failsUntilRecovered,
  findDialog,
  findToast,
  getCalls,
  makeEnrolledCourse,
  mockGet,
  mockPost,
  PROGRESS_PATH,
  progressAnswer,
  RATING_PATH,
  renderAt,
  serverError,
  signIn,
  toastOf,
  user,
} from './helpers';

const REVIEW_PATH = '/api/user/reviews/c1';
const apiSend = vi.mocked(apiRequest);

beforeEach(() => {
  signIn({}, ['c1']);
  apiSend.mockReset();
});

const makeReview = (overrides: Partial<MyReview> = {}): MyReview => ({
  _id: 'rev1',
  rating: 4,
  text: 'Loved the projects.',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  reply: null,
  hidden: null,
  ...overrides,
});

/**
 * A student enrolled in c1 with `myRating` stars and `review` (as `GET /api/user/reviews/c1`
 * answers it, or `reviewAnswer` instead); saving and deleting change both, as the API does.
 */
function serve({
  myRating = null,
  review = null,
  reviewAnswer,
}: {
  myRating?: number | null;
  review?: MyReview | null;
  reviewAnswer?: () => unknown;
} = {}) {
  const state = { myRating, review };
  mockGet({
    [ENROLLED_PATH]: () => enrolledAnswer([makeEnrolledCourse({ _id: 'c1', myRating: state.myRating })]),
    [REVIEW_PATH]: reviewAnswer ?? (() => ({ success: true, review: state.review })),
  });
  mockPost({
    [PROGRESS_PATH]: () => progressAnswer('c1', null),
    [RATING_PATH]: (body) => {
      state.myRating = (body as { rating: number }).rating;
      return { success: true, message: 'Rating added successfully' };
    },
  });
  apiSend.mockImplementation(async (path, options = {}) => {
    if (path !== REVIEW_PATH) throw new Error(`Unexpected ${options.method} ${path}`);
    if (options.method === 'PUT') {
      const { rating, text } = options.body as { rating: number; text: string };
      state.myRating = rating;
      state.review = { ...(state.review ?? makeReview()), rating, text, updatedAt: '2026-03-02T10:00:00.000Z' };
      return { success: true, message: 'Review saved', review: state.review };
    }
    if (options.method === 'DELETE') {
      state.myRating = null;
      state.review = null;
      return { success: true, message: 'Review deleted' };
    }
    throw new Error(`Unexpected ${options.method} ${path}`);
  });
  return state;
}

const section = () => screen.getByRole('region', { name: 'Your review' });
const textBox = () => screen.getByLabelText('Write your review') as HTMLTextAreaElement;
const checkedStars = () =>
  Array.from(document.querySelectorAll<HTMLInputElement>('.ln-rating input[type="radio"]')).findIndex(
    (s) => s.checked,
  ) + 1;

/** The toast saying `text` (its code loads on demand: slow on a busy machine). */
async function toastSays(text: string, kind: 'success' | 'error') {
  await screen.findByText(text, {}, { timeout: 5_000 });
  return findToast(text, kind);
}

/** Types `text` into the review box: pasted, as typing each key is slow in jsdom with antd. */
async function write(text: string) {
  await user.click(textBox());
  await user.paste(text);
}

async function openPlayer() {
  renderAt('/player/c1');
  await screen.findByText('Course Structure');
  await within(section()).findByLabelText('Write your review', {}, { timeout: 5_000 });
}

describe('Player: your review', () => {
  it('shows Loading your review... until the review arrives, then prefills it: Save changes', async () => {
    const pending = deferred<unknown>();
    serve({ myRating: 4, reviewAnswer: () => pending.promise });
    renderAt('/player/c1');
    await screen.findByText('Course Structure');
    expect(within(section()).getByRole('status')).toHaveTextContent('Loading your review...');
    pending.resolve({ success: true, review: makeReview() });
    expect(await within(section()).findByDisplayValue('Loved the projects.')).toBe(textBox());
    expect(screen.queryByText('Loading your review...')).not.toBeInTheDocument();
    expect(textBox()).toHaveAttribute('maxLength', String(REVIEW_TEXT_MAX_LENGTH));
    expect(screen.getByText(`19 / ${REVIEW_TEXT_MAX_LENGTH} characters`)).toBeInTheDocument();
    expect(button('Save changes', section())).toBeEnabled();
    expect(button('Delete review', section())).toBeEnabled();
    expect(screen.getByRole('heading', { level: 2, name: 'Your review' })).toBeInTheDocument();
  });

  it('posts a new review with the current stars, toasts the message and then offers Save changes', async () => {
    serve({ myRating: 3 });
    await openPlayer();
    expect(textBox()).toHaveValue('');
    expect(button('Post review', section())).toBeDisabled();
    await write('  Clear and practical.  ');
    expect(screen.getByText(`24 / ${REVIEW_TEXT_MAX_LENGTH} characters`)).toBeInTheDocument();
    const enrolledBefore = getCalls(ENROLLED_PATH);
    await user.click(button('Post review', section()));
    await toastSays('Review saved', 'success');
    expect(apiSend).toHaveBeenCalledWith(REVIEW_PATH, {
      method: 'PUT',
      body: { rating: 3, text: 'Clear and practical.' },
    });
    expect(await within(section()).findByText('Save changes')).toBeInTheDocument();
    // The enrolled courses (the rating) are fetched again.
    await waitFor(() => expect(getCalls(ENROLLED_PATH)).toBeGreaterThan(enrolledBefore));
  });

  it('saves an edited review with the stars chosen meanwhile', async () => {
    serve({ myRating: 4, review: makeReview() });
    await openPlayer();
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    await toastSays('Rating added successfully', 'success');
    await user.clear(textBox());
    await write('Second thoughts.');
    await user.click(button('Save changes', section()));
    await toastSays('Review saved', 'success');
    expect(apiSend).toHaveBeenCalledWith(REVIEW_PATH, { method: 'PUT', body: { rating: 2, text: 'Second thoughts.' } });
    expect(textBox()).toHaveValue('Second thoughts.');
  });

  it('deletes the review after a confirmation: the text and the stars are cleared', async () => {
    serve({ myRating: 4, review: makeReview() });
    await openPlayer();
    expect(checkedStars()).toBe(4);
    await user.click(button('Delete review', section()));
    const dialog = await findDialog('Your stars and your text will be removed from the course page.');
    expect(dialog).toHaveAccessibleName('Delete your review?');
    const enrolledBefore = getCalls(ENROLLED_PATH);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await toastSays('Review deleted', 'success');
    expect(apiSend).toHaveBeenCalledWith(REVIEW_PATH, { method: 'DELETE' });
    await waitFor(() => expect(textBox()).toHaveValue(''));
    expect(checkedStars()).toBe(0);
    expect(within(section()).queryByText('Delete review')).not.toBeInTheDocument();
    expect(button('Post review', section())).toBeDisabled();
    await waitFor(() => expect(getCalls(ENROLLED_PATH)).toBeGreaterThan(enrolledBefore));
  });

  it('keeps the review when the confirmation is cancelled', async () => {
    serve({ myRating: 4, review: makeReview() });
    await openPlayer();
    await user.click(button('Delete review', section()));
    const dialog = await findDialog('Your stars and your text will be removed from the course page.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(apiSend).not.toHaveBeenCalled();
    expect(textBox()).toHaveValue('Loved the projects.');
  });

  it("says when a moderator hid the review, and shows the educator's reply", async () => {
    serve({
      myRating: 4,
      review: makeReview({
        hidden: { reason: 'Off-topic links', hiddenAt: '2026-03-03T10:00:00.000Z' },
        reply: {
          text: 'Thanks for the feedback!',
          educatorName: 'Jane Educator',
          repliedAt: '2026-03-02T10:00:00.000Z',
        },
      }),
    });
    await openPlayer();
    expect(within(section()).getByText('Hidden by a moderator: Off-topic links')).toBeInTheDocument();
    expect(within(section()).getByText('Response from Jane Educator')).toBeInTheDocument();
    expect(within(section()).getByText('Thanks for the feedback!')).toBeInTheDocument();
  });

  it('shows neither notice nor reply when there are none', async () => {
    serve({ myRating: 4, review: makeReview() });
    await openPlayer();
    expect(within(section()).queryByText(/Hidden by a moderator/)).not.toBeInTheDocument();
    expect(within(section()).queryByText(/Response from/)).not.toBeInTheDocument();
  });

  it('cannot post without stars: the button stays disabled and says why', async () => {
    serve();
    await openPlayer();
    await write('Good course');
    expect(button('Post review', section())).toBeDisabled();
    expect(within(section()).getByText('Choose your stars above to post a review.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await waitFor(() => expect(button('Post review', section())).toBeEnabled());
    expect(within(section()).queryByText('Choose your stars above to post a review.')).not.toBeInTheDocument();
  });

  it("toasts the server's message when saving fails, and keeps the text", async () => {
    serve({ myRating: 5 });
    await openPlayer();
    apiSend.mockRejectedValue(serverError('Only enrolled students can review this course', 403));
    await write('Great');
    await user.click(button('Post review', section()));
    await toastSays('Only enrolled students can review this course', 'error');
    expect(toastOf('success')).toEqual([]);
    expect(textBox()).toHaveValue('Great');
    expect(button('Post review', section())).toBeEnabled();
  });

  it('shows why the review could not be loaded, and loads it again', async () => {
    const answer = failsUntilRecovered(serverError('Reviews are resting', 500), () => ({
      success: true,
      review: makeReview(),
    }));
    serve({ myRating: 4, reviewAnswer: answer.handler });
    renderAt('/player/c1');
    expect(await screen.findByText('Reviews are resting', {}, { timeout: 5_000 })).toBeInTheDocument();
    answer.recover();
    await user.click(button('Load your review again', section()));
    expect(await within(section()).findByDisplayValue('Loved the projects.')).toBeInTheDocument();
  });
});
