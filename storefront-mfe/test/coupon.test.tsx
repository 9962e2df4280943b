import { NETWORK_ERROR_MESSAGE, sessionStore } from '@courseport/shared-ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiPost,
  button,
  deferred,
  makeDetails,
  mockGet,
  mockPost,
  networkError,
  PURCHASE_PATH,
  renderAt,
  serverError,
  signIn,
  signOut,
  user,
} from './helpers';

const COURSE_PATH = '/api/course/c1';
const APPLY_PATH = '/api/user/apply-coupon';
// The course: Rs 499 less 10 % = Rs 449.10 (44,910 paise); LAUNCH10 takes 10 % more off.
const PRICING = { code: 'LAUNCH10', originalAmount: 44_910, couponDiscount: 4_491, amount: 40_419 };

beforeEach(() => {
  signIn({}, ['other-course']);
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.setState({ openSignIn: () => {} });
});

async function openCourse(overrides: Parameters<typeof makeDetails>[0] = {}) {
  mockGet({ [COURSE_PATH]: () => ({ success: true, courseData: makeDetails(overrides) }) });
  renderAt('/course/c1');
  await screen.findByRole('heading', { level: 1, name: 'Complete React Bootcamp' });
}

const card = () => within(screen.getByRole('complementary', { name: 'Enroll in this course' }));
const codeField = () => card().getByLabelText('Coupon code');
const priceText = () => document.querySelector('.sf-purchase-price')?.textContent;

async function enterCode(code: string) {
  await user.click(button('Have a coupon?'));
  expect(codeField()).toHaveFocus();
  await user.type(codeField(), code);
  await user.click(button('Apply'));
}

function answerApply(handler: () => unknown) {
  mockPost({ [APPLY_PATH]: handler, [PURCHASE_PATH]: () => ({ success: true, session_url: 'https://pay.example/1' }) });
}

describe('Course details: coupon', () => {
  it('shows the server’s price with the coupon, the saving, and checks out with the code', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    answerApply(() => ({ success: true, pricing: PRICING }));
    await openCourse();
    expect(priceText()).toBe('Rs 449.10Rs 499.0010% OFF');

    await enterCode('launch10');
    expect(apiPost).toHaveBeenCalledWith(APPLY_PATH, { courseId: 'c1', code: 'launch10' });
    expect(await card().findByRole('status')).toHaveTextContent('LAUNCH10 applied: you save Rs 44.91');
    expect(priceText()).toBe('Price with the coupon Rs 404.19Price without the coupon Rs 449.10');
    expect(card().getByText('Rs 449.10').closest('s')).not.toBeNull();

    await user.click(button('Enroll Now'));
    expect(apiPost).toHaveBeenCalledWith(PURCHASE_PATH, { courseId: 'c1', couponCode: 'LAUNCH10' });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/1'));
  });

  it('goes back to the course’s price, saying why, when the checkout refuses the code applied', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockPost({
      [APPLY_PATH]: () => ({ success: true, pricing: PRICING }),
      [PURCHASE_PATH]: () => {
        throw serverError('This coupon has just been used up', 409);
      },
    });
    await openCourse();
    await enterCode('LAUNCH10');
    await card().findByRole('status');
    await user.click(button('Enroll Now'));
    expect(await card().findByRole('alert')).toHaveTextContent('This coupon has just been used up');
    expect(priceText()).toBe('Rs 449.10Rs 499.0010% OFF');
    expect(codeField()).toHaveValue('LAUNCH10');
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    ['expired', serverError('This coupon has expired', 400)],
    ['used up', serverError('This coupon has been used up', 400)],
    ['for another course', serverError('This coupon is not for this course', 400)],
    ['unknown', serverError('Coupon not found', 404)],
  ])(
    'says why a code that is %s does not apply, keeps the course’s price and checks out without it',
    async (_, error) => {
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, assign });
      answerApply(() => {
        throw error;
      });
      await openCourse();
      await enterCode('NOPE');
      expect(await card().findByRole('alert')).toHaveTextContent(error.message);
      expect(codeField()).toHaveAttribute('aria-invalid', 'true');
      expect(codeField()).toHaveAccessibleDescription(error.message);
      expect(priceText()).toBe('Rs 449.10Rs 499.0010% OFF');

      // Typing again clears the complaint.
      await user.type(codeField(), 'X');
      expect(card().queryByRole('alert')).not.toBeInTheDocument();
      await user.click(button('Enroll Now'));
      expect(apiPost).toHaveBeenLastCalledWith(PURCHASE_PATH, { courseId: 'c1' });
    },
  );

  it('says when the server cannot be reached', async () => {
    answerApply(() => {
      throw networkError();
    });
    await openCourse();
    await enterCode('LAUNCH10');
    expect(await card().findByRole('alert')).toHaveTextContent(NETWORK_ERROR_MESSAGE);
  });

  it('asks for a code before asking the server', async () => {
    await openCourse();
    await user.click(button('Have a coupon?'));
    await user.click(button('Apply'));
    expect(card().getByRole('alert')).toHaveTextContent('Enter a coupon code');
    expect(apiPost).not.toHaveBeenCalled();
  });

  it('waits for the server (Apply busy); Remove goes back to the course’s price and an empty field', async () => {
    const answer = deferred<unknown>();
    answerApply(() => answer.promise);
    await openCourse();
    await enterCode('LAUNCH10');
    expect(button('Apply')).toBeDisabled();
    await act(async () => answer.resolve({ success: true, pricing: PRICING }));
    expect(await card().findByRole('status')).toHaveTextContent('LAUNCH10 applied');

    await user.click(button('Remove'));
    expect(priceText()).toBe('Rs 449.10Rs 499.0010% OFF');
    expect(card().queryByRole('status')).not.toBeInTheDocument();
    expect(codeField()).toHaveValue('');
    expect(codeField()).toHaveFocus();
  });

  it('signed out: Apply asks to sign in, as Enroll Now does, and calls nothing', async () => {
    signOut();
    const openSignIn = vi.fn();
    sessionStore.setState({ openSignIn });
    await openCourse();
    await enterCode('LAUNCH10');
    expect(openSignIn).toHaveBeenCalledOnce();
    expect(apiPost).not.toHaveBeenCalled();
    expect(codeField()).toHaveValue('LAUNCH10');
  });

  it('is not offered to an enrolled student, nor on a free course', async () => {
    signIn({}, ['c1']);
    await openCourse();
    expect(screen.queryByText('Have a coupon?')).not.toBeInTheDocument();
  });

  it('is not offered on a free course', async () => {
    await openCourse({ discount: 100 });
    expect(screen.queryByText('Have a coupon?')).not.toBeInTheDocument();
  });
});
