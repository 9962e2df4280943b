import { QueryProvider } from '@courseport/shared-ui';
import { LocationProbe, MemoryRouter, Route, Routes, type setupUser } from '@courseport/shared-ui/testing';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { LocalAuthProvider } from '../src/features/auth/components/LocalAuthProvider';
import { NavBar } from '../src/features/layout/components/NavBar';
import ConfirmEmailPage from '../src/pages/ConfirmEmailPage';
import ResetPasswordPage from '../src/pages/ResetPasswordPage';
import { testQueryClient } from './render';

/** Local accounts' test tools: the API's session answers and the provider with the bar and pages. */

// Forms in antd dialogs are slow to drive in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

export const USER = {
  id: 'user_1',
  email: 'uma@example.com',
  emailVerified: true,
  fullName: 'Uma User',
  imageUrl: '',
};
export const IDENTITY = { id: USER.id, email: USER.email, fullName: USER.fullName, imageUrl: USER.imageUrl };

/** What `/api/auth/sign-in`, `/refresh`, `/reset-password` and `/verify-email` answer. */
export const sessionAnswer = (message = 'Signed in') => ({
  success: true,
  message,
  token: 'token-1',
  expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
  user: USER,
});

export { resetSession } from '@courseport/shared-ui/testing';

/**
 * The local accounts provider with the navigation bar, the reset and confirm pages and a home page, at `path`;
 * the location probe shows the path and query.
 */
export function renderLocalAuth(path = '/') {
  return render(
    <QueryProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <LocalAuthProvider>
          <NavBar />
          <Routes>
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/confirm-email" element={<ConfirmEmailPage />} />
            <Route path="/" element={<p>Home page</p>} />
          </Routes>
        </LocalAuthProvider>
        <LocationProbe withSearch />
      </MemoryRouter>
    </QueryProvider>,
  );
}

/** Types into a field at once (a paste: one change instead of one per key, much faster with antd). */
export async function fill(user: ReturnType<typeof setupUser>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}
