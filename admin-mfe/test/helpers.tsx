import {
  type AdminEmail,
  ApiError,
  api,
  type EducatorRequest,
  NETWORK_ERROR_MESSAGE,
  type SessionState,
  sessionStore,
  ThemeProvider,
} from '@courseport/shared-ui';
import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import AdminDashboardPage from '../src/pages/AdminDashboardPage';

// jsdom computes styles slowly with antd's injected CSS; leave room for slower machines.
vi.setConfig({ testTimeout: 15_000 });

/** user-event without the pointer-events style check (slow in jsdom, and antd never relies on it). */
export const setupUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

// Every test file mocks `api` (vi.mock is per file), so these are the mocks.
export const apiGet = vi.mocked(api.get);
export const apiPost = vi.mocked(api.post);

export const REQUESTS_PATH = '/api/user/educator-requests';
export const EMAILS_PATH = '/api/user/admin-emails';

/** Answers GETs per path: a handler returns the body or throws (or returns a promise). */
export function mockGet(handlers: Record<string, () => unknown>) {
  apiGet.mockImplementation((async (path: string) => {
    const handler = handlers[path];
    if (!handler) throw new Error(`Unexpected GET ${path}`);
    return handler();
  }) as typeof api.get);
}

/** Answers POSTs per path; a handler gets the body. */
export function mockPost(handlers: Record<string, (body: unknown) => unknown>) {
  apiPost.mockImplementation((async (path: string, body: unknown) => {
    const handler = handlers[path];
    if (!handler) throw new Error(`Unexpected POST ${path}`);
    return handler(body);
  }) as typeof api.post);
}

export const getCalls = (path: string) => apiGet.mock.calls.filter(([p]) => p === path).length;

export function setSession(state: Partial<SessionState>) {
  sessionStore.setState({ status: 'signed-in', userLoaded: true, roles: ['student'], ...state });
}

export const signInAsAdmin = () => setSession({ roles: ['student', 'admin'] });

/**
 * The button labelled `label` inside `scope`. Found by its text: role queries with a name compute
 * styles for every node, which is slow in jsdom with antd's injected CSS.
 */
export function button(label: string, scope: HTMLElement = document.body): HTMLButtonElement {
  const found = within(scope).getByText(label).closest('button');
  if (!found) throw new Error(`"${label}" is not inside a button`);
  return found;
}

/** The open dialog (modal or confirmation) that shows `text`. */
export async function findDialog(text: string): Promise<HTMLElement> {
  const dialog = (await screen.findByText(text)).closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`"${text}" is not inside a dialog`);
  return dialog;
}

/** The table row that contains `text`. */
export function rowOf(text: string): HTMLElement {
  const row = within(document.body).getByText(text).closest('tr');
  if (!row) throw new Error(`No table row contains "${text}"`);
  return row;
}

export function renderPage() {
  return render(
    <ThemeProvider>
      <MemoryRouter initialEntries={['/admin']}>
        <AdminDashboardPage />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

export const serverError = (message: string, status = 400) =>
  new ApiError(message, status, { success: false, message });
export const networkError = () => new ApiError(NETWORK_ERROR_MESSAGE, 0);

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function makeRequest(overrides: Partial<EducatorRequest> & Pick<EducatorRequest, '_id'>): EducatorRequest {
  const name = overrides.name ?? 'Alice Pending';
  return {
    userId: { _id: `user-${overrides._id}`, name, imageUrl: '' },
    name,
    email: 'alice@example.com',
    requestedAt: '2025-01-15T10:30:00.000Z',
    status: 'pending',
    ...overrides,
  };
}

export const ALICE = makeRequest({ _id: 'r1', name: 'Alice Pending', email: 'alice@example.com', status: 'pending' });
export const BOB = makeRequest({ _id: 'r2', name: 'Bob Approved', email: 'bob@example.com', status: 'approved' });
export const CAROL = makeRequest({
  _id: 'r3',
  name: 'Carol Rejected',
  email: 'carol@example.com',
  status: 'rejected',
  reason: 'Not enough experience',
});
export const REQUESTS: EducatorRequest[] = [ALICE, BOB, CAROL];

export const ROOT_EMAIL: AdminEmail = {
  _id: 'e1',
  email: 'root@example.com',
  addedBy: { name: 'Root Admin' },
  addedAt: '2025-02-01T09:00:00.000Z',
};
export const OPS_EMAIL: AdminEmail = {
  _id: 'e2',
  email: 'ops@example.com',
  addedBy: null,
  addedAt: '2025-03-10T12:00:00.000Z',
};
export const ADMIN_EMAILS: AdminEmail[] = [ROOT_EMAIL, OPS_EMAIL];
