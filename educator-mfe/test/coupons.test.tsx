import type { Coupon } from '@courseport/shared-ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { validateCouponForm } from '../src/features/coupons/components/couponForm';
import {
  apiGet,
  apiSend,
  button,
  COURSES_PATH,
  deferred,
  expectRetryRecovers,
  failsUntilRecovered,
  findDialog,
  getCalls,
  link,
  makeCourse,
  mockGet,
  mockPost,
  networkError,
  postBodies,
  renderPortal,
  rowOf,
  serverError,
  setSession,
  signInAsEducator,
  tableRows,
  toastOf,
  user,
} from './helpers';

const COUPONS_PATH = '/api/educator/coupons';
const IN_A_MONTH = new Date(Date.now() + 30 * 86_400_000).toISOString();
const LAST_YEAR = '2020-01-01T00:00:00.000Z';

const makeCoupon = (overrides: Partial<Coupon> & Pick<Coupon, '_id' | 'code'>): Coupon => ({
  courseId: 'react',
  courseTitle: 'Complete React Bootcamp',
  uses: 0,
  reserved: 0,
  active: true,
  createdAt: '2025-03-01T10:00:00.000Z',
  ...overrides,
});

const COUPONS: Coupon[] = [
  makeCoupon({ _id: 'c1', code: 'LAUNCH25', percentOff: 25, maxUses: 10, uses: 3, expiresAt: IN_A_MONTH }),
  makeCoupon({ _id: 'c2', code: 'FIFTY', amountOff: 50, courseId: 'py', courseTitle: 'Python for Data Science' }),
  makeCoupon({ _id: 'c3', code: 'PAUSED', percentOff: 10, active: false }),
  makeCoupon({ _id: 'c4', code: 'OLD', percentOff: 5, expiresAt: LAST_YEAR }),
  makeCoupon({ _id: 'c5', code: 'GONE', percentOff: 5, maxUses: 2, uses: 1, reserved: 1 }),
];
const COURSES = [
  makeCourse({ _id: 'react', courseTitle: 'Complete React Bootcamp' }),
  makeCourse({ _id: 'py', courseTitle: 'Python for Data Science' }),
];

const expiry = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function answer(coupons: Coupon[] = COUPONS, courses = COURSES) {
  mockGet({
    [COUPONS_PATH]: () => ({ success: true, coupons }),
    [COURSES_PATH]: () => ({ success: true, courses }),
  });
}

async function openDialog() {
  await user.click(button('Create Coupon'));
  return findDialog('Maximum uses');
}

/** The dialog's Create Coupon button (its title says the same). */
const submitButton = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByText('Create Coupon')
    .map((text) => text.closest('button'))
    .find(Boolean) as HTMLButtonElement;

/** The dialog's field labelled `label`. */
const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  signInAsEducator();
});

describe('Coupons page', () => {
  it('is in the sidebar, names the tab, and shows loading, then every coupon with its state', async () => {
    const pending = deferred<unknown>();
    mockGet({ [COUPONS_PATH]: () => pending.promise });
    renderPortal('/educator');
    await user.click(link('Coupons', screen.getByRole('navigation', { name: 'Educator' })));
    expect(screen.getByRole('heading', { level: 1, name: 'Coupons' })).toBeInTheDocument();
    expect(document.title).toBe('Coupons · Educator · Courseport');
    expect(screen.getByText('Loading your coupons...')).toBeInTheDocument();

    pending.resolve({ success: true, coupons: COUPONS });
    await screen.findByText('LAUNCH25');
    expect(apiGet).toHaveBeenCalledWith(COUPONS_PATH);
    const headers = Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(headers).toEqual(['Code', 'Course', 'Discount', 'Uses', 'Expires', 'Status', 'Actions']);
    expect(tableRows()).toEqual([
      ['LAUNCH25', 'Complete React Bootcamp', '25% off', '3 / 10', expiry(IN_A_MONTH), 'Active', 'Deactivate'],
      ['FIFTY', 'Python for Data Science', 'Rs 50 off', '0 / no limit', 'Never', 'Active', 'Deactivate'],
      ['PAUSED', 'Complete React Bootcamp', '10% off', '0 / no limit', 'Never', 'Inactive', 'Activate'],
      ['OLD', 'Complete React Bootcamp', '5% off', '0 / no limit', expiry(LAST_YEAR), 'Expired', 'Deactivate'],
      // One use taken, one held by an open checkout: none left for now.
      ['GONE', 'Complete React Bootcamp', '5% off', '1 / 2', 'Never', 'Used up', 'Deactivate'],
    ]);
    expect(within(rowOf('PAUSED')).getByRole('button')).toHaveAccessibleName(
      'Activate PAUSED (Complete React Bootcamp)',
    );
  });

  it('draws its first screen without antd, and pages the table by ten', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      makeCoupon({ _id: `m${i}`, code: `CODE${String(i).padStart(2, '0')}`, percentOff: 10 }),
    );
    answer(many);
    renderPortal('/educator/coupons');
    await screen.findByText('CODE00');
    // Plain markup with antd's look (#34): the dialog brings antd when it is first wanted.
    expect(document.querySelector('.ed-page [class*="ant-"]')).toBeNull();
    expect(tableRows()).toHaveLength(10);
    const pager = screen.getByRole('navigation', { name: 'Coupon pages' });
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    expect(tableRows().map((row) => row[0])).toEqual(['CODE10', 'CODE11']);
    // The dialog's chunk starts loading when its button is pointed at, and opens on the press.
    await user.hover(button('Create Coupon'));
    await user.click(button('Create Coupon'));
    expect(await findDialog('Maximum uses')).toBeInTheDocument();
  });

  it('on a phone, shows each coupon as a card with the same facts and button', async () => {
    const desktop = window.innerWidth;
    window.innerWidth = 390;
    try {
      answer();
      renderPortal('/educator/coupons');
      const list = await screen.findByRole('list', { name: 'Coupons' });
      expect(document.querySelector('table')).toBeNull();
      const card = within(within(list).getByText('LAUNCH25').closest('li') as HTMLElement);
      expect(card.getByText('Complete React Bootcamp')).toBeInTheDocument();
      expect(card.getByText('25% off')).toBeInTheDocument();
      expect(card.getByText('3 / 10')).toBeInTheDocument();
      expect(card.getByText(expiry(IN_A_MONTH))).toBeInTheDocument();
      expect(card.getByText('Active')).toBeInTheDocument();
      expect(card.getByRole('button')).toHaveAccessibleName('Deactivate LAUNCH25 (Complete React Bootcamp)');
      expect(within(list).getAllByRole('listitem')).toHaveLength(COUPONS.length);
    } finally {
      window.innerWidth = desktop;
    }
  });

  it('shows the error with Try again, which loads the coupons', async () => {
    const failing = failsUntilRecovered(serverError('Coupons are resting'), () => ({
      success: true,
      coupons: COUPONS,
    }));
    mockGet({ [COUPONS_PATH]: failing.handler });
    renderPortal('/educator/coupons');
    await expectRetryRecovers(failing, 'Error Loading Coupons', 'Try Again', 'LAUNCH25');
  });

  it('says it in its own words when the server cannot be reached', async () => {
    mockGet({
      [COUPONS_PATH]: () => {
        throw networkError();
      },
    });
    renderPortal('/educator/coupons');
    expect(await screen.findByText('Error Loading Coupons')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch coupons')).toBeInTheDocument();
  });

  it('has an empty state that offers to create the first coupon', async () => {
    answer([]);
    renderPortal('/educator/coupons');
    expect(await screen.findByText('No coupons yet')).toBeInTheDocument();
    const dialog = await openDialog();
    expect(await within(dialog).findByRole('option', { name: 'Python for Data Science' })).toBeInTheDocument();
  });

  it('asks for educator access without loading anything', async () => {
    setSession({ roles: ['student'] });
    renderPortal('/educator/coupons');
    expect(await screen.findByText('Educator access required')).toBeInTheDocument();
    expect(getCalls(COUPONS_PATH)).toBe(0);
  });

  it('deactivates and activates a coupon, its status following', async () => {
    // The server's list follows the changes.
    let current = COUPONS;
    mockGet({ [COUPONS_PATH]: () => ({ success: true, coupons: current }) });
    apiSend.mockImplementation(async (path, options) => {
      const active = (options?.body as { active: boolean } | undefined)?.active ?? true;
      current = current.map((c) => (path === `${COUPONS_PATH}/${c._id}` ? { ...c, active } : c));
      return { success: true, coupon: current.find((c) => path === `${COUPONS_PATH}/${c._id}`) };
    });
    renderPortal('/educator/coupons');
    await screen.findByText('LAUNCH25');
    await user.click(within(rowOf('LAUNCH25')).getByText('Deactivate'));
    expect(apiSend).toHaveBeenCalledWith(`${COUPONS_PATH}/c1`, { method: 'PATCH', body: { active: false } });
    await waitFor(() => expect(within(rowOf('LAUNCH25')).getByText('Inactive')).toBeInTheDocument());
    expect(within(rowOf('LAUNCH25')).getByText('Activate')).toBeInTheDocument();
    await waitFor(() => expect(toastOf('success')).toContain('Coupon deactivated'));

    await user.click(within(rowOf('PAUSED')).getByText('Activate'));
    expect(apiSend).toHaveBeenCalledWith(`${COUPONS_PATH}/c3`, { method: 'PATCH', body: { active: true } });
    await waitFor(() => expect(within(rowOf('PAUSED')).getByText('Active')).toBeInTheDocument());
  });

  it('keeps the coupon as it was and says why when a change fails', async () => {
    answer();
    apiSend.mockRejectedValue(serverError('You can only change coupons of your own courses', 403));
    renderPortal('/educator/coupons');
    await screen.findByText('LAUNCH25');
    await user.click(within(rowOf('LAUNCH25')).getByText('Deactivate'));
    await waitFor(() => expect(toastOf('error')).toEqual(['You can only change coupons of your own courses']));
    expect(within(rowOf('LAUNCH25')).getByText('Active')).toBeInTheDocument();
  });
});

describe('Create Coupon dialog', () => {
  it('creates a coupon: the request is the server’s shape, the new code is listed, the dialog closes', async () => {
    const created = makeCoupon({ _id: 'c9', code: 'SPRING', percentOff: 30, maxUses: 5 });
    mockPost({ [COUPONS_PATH]: () => ({ success: true, coupon: created }) });
    // Listed again after the creation: the server's list then has it.
    mockGet({
      [COUPONS_PATH]: () => ({
        success: true,
        coupons: postBodies(COUPONS_PATH).length ? [created, ...COUPONS] : COUPONS,
      }),
      [COURSES_PATH]: () => ({ success: true, courses: COURSES }),
    });
    renderPortal('/educator/coupons');
    await screen.findByText('LAUNCH25');
    const dialog = await openDialog();
    await within(dialog).findByRole('option', { name: 'Complete React Bootcamp' });
    await user.selectOptions(field(dialog, 'Course'), 'react');
    await user.type(field(dialog, 'Code'), 'spring');
    await user.type(field(dialog, 'Percent off'), '30');
    await user.type(field(dialog, 'Maximum uses'), '5');
    await user.click(submitButton(dialog));

    await waitFor(() =>
      expect(postBodies(COUPONS_PATH)).toEqual([{ courseId: 'react', code: 'SPRING', percentOff: 30, maxUses: 5 }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('SPRING')).toBeInTheDocument();
    await waitFor(() => expect(toastOf('success')).toContain('Coupon created'));
  });

  it('sends a fixed amount in rupees and the expiry as an instant', async () => {
    answer();
    mockPost({ [COUPONS_PATH]: () => ({ success: true, coupon: makeCoupon({ _id: 'c8', code: 'FLAT' }) }) });
    renderPortal('/educator/coupons');
    await screen.findByText('LAUNCH25');
    const dialog = await openDialog();
    await within(dialog).findByRole('option', { name: 'Python for Data Science' });
    await user.selectOptions(field(dialog, 'Course'), 'py');
    await user.type(field(dialog, 'Code'), 'FLAT');
    await user.click(within(dialog).getByLabelText('Fixed amount (Rs)'));
    await user.type(field(dialog, 'Amount off'), '99.5');
    fireEvent.change(field(dialog, 'Expiry'), { target: { value: '2099-06-30T18:00' } });
    await user.click(submitButton(dialog));
    await waitFor(() =>
      expect(postBodies(COUPONS_PATH)).toEqual([
        { courseId: 'py', code: 'FLAT', amountOff: 99.5, expiresAt: new Date('2099-06-30T18:00').toISOString() },
      ]),
    );
  });

  it('shows each wrong field’s error under it in the server’s words, focuses the first, and sends nothing', async () => {
    answer();
    renderPortal('/educator/coupons');
    await screen.findByText('LAUNCH25');
    const dialog = await openDialog();
    await within(dialog).findByRole('option', { name: 'Complete React Bootcamp' });
    await user.type(field(dialog, 'Code'), 'no spaces');
    await user.type(field(dialog, 'Percent off'), '120');
    await user.type(field(dialog, 'Maximum uses'), '1.5');
    fireEvent.change(field(dialog, 'Expiry'), { target: { value: '2020-01-01T10:00' } });
    await user.click(submitButton(dialog));

    expect(within(dialog).getByText('Course is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Code may contain only letters, digits, - and _')).toBeInTheDocument();
    expect(within(dialog).getByText('Percent off must be at most 100')).toBeInTheDocument();
    expect(within(dialog).getByText('Maximum uses must be a whole number')).toBeInTheDocument();
    expect(within(dialog).getByText('Expiry must be in the future')).toBeInTheDocument();
    expect(field(dialog, 'Code')).toHaveAttribute('aria-invalid', 'true');
    expect(field(dialog, 'Code')).toHaveAccessibleDescription(
      '3–32 letters, digits, - or _. Buyers type it in any case. Code may contain only letters, digits, - and _',
    );
    expect(field(dialog, 'Course')).toHaveFocus();
    expect(postBodies(COUPONS_PATH)).toEqual([]);

    // Correcting a field clears its error.
    await user.clear(field(dialog, 'Percent off'));
    expect(within(dialog).queryByText('Percent off must be at most 100')).not.toBeInTheDocument();
    await user.click(submitButton(dialog));
    expect(within(dialog).getByText('Percent off is required')).toBeInTheDocument();
  });

  it('keeps what was typed and shows the server’s refusal in the dialog', async () => {
    answer();
    const refusal = deferred<unknown>();
    mockPost({ [COUPONS_PATH]: () => refusal.promise });
    renderPortal('/educator/coupons');
    await screen.findByText('LAUNCH25');
    const dialog = await openDialog();
    await within(dialog).findByRole('option', { name: 'Complete React Bootcamp' });
    await user.selectOptions(field(dialog, 'Course'), 'react');
    await user.type(field(dialog, 'Code'), 'LAUNCH25');
    await user.type(field(dialog, 'Percent off'), '10');
    await user.click(submitButton(dialog));
    await waitFor(() => expect(submitButton(dialog)).toHaveAttribute('aria-busy', 'true'));
    refusal.reject(serverError('This course already has a coupon with this code', 409));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This course already has a coupon with this code',
    );
    expect(field(dialog, 'Code')).toHaveValue('LAUNCH25');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('says when the courses are loading, cannot be read (Try again), or do not exist yet', async () => {
    const courses = deferred<unknown>();
    let failing = true;
    mockGet({
      [COUPONS_PATH]: () => ({ success: true, coupons: [] }),
      [COURSES_PATH]: () => {
        if (failing) return courses.promise;
        return { success: true, courses: [] };
      },
    });
    renderPortal('/educator/coupons');
    await screen.findByText('No coupons yet');
    const dialog = await openDialog();
    expect(within(dialog).getByText('Loading your courses...')).toBeInTheDocument();
    courses.reject(serverError('Courses are resting', 500));
    expect(await within(dialog).findByText('Failed to fetch courses')).toBeInTheDocument();
    failing = false;
    await user.click(button('Try Again', dialog));
    expect(
      await within(dialog).findByText('You have no courses yet. Add a course first, then create coupons for it.'),
    ).toBeInTheDocument();
  });

  it('Cancel closes the dialog and forgets what was typed', async () => {
    answer();
    renderPortal('/educator/coupons');
    await screen.findByText('LAUNCH25');
    let dialog = await openDialog();
    await user.type(field(dialog, 'Code'), 'DRAFT');
    await user.click(button('Cancel', dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDialog();
    expect(field(dialog, 'Code')).toHaveValue('');
  });
});

describe('validateCouponForm', () => {
  const base = {
    courseId: 'react',
    code: 'ok-1',
    kind: 'percent' as const,
    percentOff: '10',
    amountOff: '',
    expiresAt: '',
    maxUses: '',
  };
  const now = new Date('2030-01-01T00:00:00Z');
  it('turns the fields into the API’s request, or says what is wrong', () => {
    expect(validateCouponForm(base, now)).toEqual({ input: { courseId: 'react', code: 'OK-1', percentOff: 10 } });
    expect(validateCouponForm({ ...base, code: 'ab' }, now).errors).toEqual({
      code: 'Code must be at least 3 characters',
    });
    expect(validateCouponForm({ ...base, kind: 'amount', amountOff: '10.555' }, now).errors).toEqual({
      amountOff: 'Amount off must have at most two decimals',
    });
    expect(validateCouponForm({ ...base, kind: 'amount', amountOff: '0' }, now).errors).toEqual({
      amountOff: 'Amount off must be more than 0',
    });
    expect(validateCouponForm({ ...base, maxUses: '0' }, now).errors).toEqual({
      maxUses: 'Maximum uses must be at least 1',
    });
  });
});
