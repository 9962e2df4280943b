import type { EducatorProfile } from '@courseport/shared-ui';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  apiSend,
  button,
  expectLoadingUntil,
  expectRetryRecovers,
  failingGet,
  link,
  mockGet,
  pendingGet,
  renderPortal,
  serverError,
  signInAsEducator,
  toastOf,
  user,
} from './helpers';

const PROFILE_PATH = '/api/educator/profile';
const PROFILE: EducatorProfile = { _id: 'u1', name: 'Grace Hopper', imageUrl: '', bio: 'I teach compilers.' };

const bioField = () => screen.getByLabelText('About you') as HTMLTextAreaElement;

beforeEach(() => {
  signInAsEducator();
});

describe('Educator profile', () => {
  it("shows 'Loading your profile...' until it arrives, then the bio to edit and a link to the public page", async () => {
    const pending = pendingGet(PROFILE_PATH);
    renderPortal('/educator/profile');
    await expectLoadingUntil(pending, 'Loading your profile...', { success: true, profile: PROFILE }, 'About you');
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(bioField().value).toBe('I teach compilers.');
    expect(link('View your instructor page')).toHaveAttribute('href', '/instructor/u1');
    // Nothing to save yet.
    expect(button('Save')).toBeDisabled();
    // Plain markup with antd's look: the page draws no antd (#34).
    expect(document.querySelector('.ed-page [class*="ant-"]')).toBeNull();
  });

  it('saves the bio as the server keeps it, and says so', async () => {
    mockGet({ [PROFILE_PATH]: () => ({ success: true, profile: PROFILE }) });
    const saved = { success: true, profile: { ...PROFILE, bio: 'Compilers and COBOL.' } };
    apiSend.mockResolvedValue(saved as Awaited<ReturnType<typeof apiSend>>);
    renderPortal('/educator/profile');
    await screen.findByText('About you');
    await user.clear(bioField());
    await user.type(bioField(), '  Compilers and COBOL.  ');
    await user.click(button('Save'));
    expect(apiSend).toHaveBeenCalledWith(PROFILE_PATH, { method: 'PATCH', body: { bio: '  Compilers and COBOL.  ' } });
    await waitFor(() => expect(bioField().value).toBe('Compilers and COBOL.'));
    await waitFor(() => expect(toastOf('success')).toContain('Profile saved'));
  });

  it('refuses a bio over 600 characters before sending it, saying why under the field', async () => {
    mockGet({ [PROFILE_PATH]: () => ({ success: true, profile: PROFILE }) });
    renderPortal('/educator/profile');
    await screen.findByText('About you');
    fireEvent.change(bioField(), { target: { value: 'x'.repeat(601) } });
    expect(screen.getByRole('alert')).toHaveTextContent('Your bio must be at most 600 characters');
    expect(bioField()).toHaveAttribute('aria-invalid', 'true');
    expect(button('Save')).toBeDisabled();
    expect(screen.getByText('601 / 600')).toBeInTheDocument();
    expect(apiSend).not.toHaveBeenCalled();
  });

  it("keeps the text and shows the server's refusal when saving fails", async () => {
    mockGet({ [PROFILE_PATH]: () => ({ success: true, profile: PROFILE }) });
    apiSend.mockRejectedValue(serverError('bio: must be text', 400));
    renderPortal('/educator/profile');
    await screen.findByText('About you');
    fireEvent.change(bioField(), { target: { value: 'New words' } });
    await user.click(button('Save'));
    await waitFor(() => expect(toastOf('error')).toEqual(['bio: must be text']));
    expect(bioField().value).toBe('New words');
  });

  it("shows 'Error Loading Profile' with the server's message, and Try Again loads it", async () => {
    const failing = failingGet(PROFILE_PATH, serverError('Educator access required', 403), () => ({
      success: true,
      profile: PROFILE,
    }));
    renderPortal('/educator/profile');
    await expectRetryRecovers(failing, 'Error Loading Profile', 'Try Again', 'About you');
  });
});
