import {
  type AdminEmail,
  api,
  type EducatorRequest,
  loadAntd,
  notifyManager,
  QueryProvider,
  type SessionState,
  sessionStore,
} from '@courseport/shared-ui';
import { apiMocks, LocationProbe, MemoryRouter, testQueryClient } from '@courseport/shared-ui/testing';
import { render } from '@testing-library/react';
import { beforeAll, vi } from 'vitest';
import type { AdminPurchase } from '../src/features/purchases/api/purchases';
import AdminDashboardPage, { loadAdminTabs } from '../src/pages/AdminDashboardPage';

// TanStack Query tells its observers on a zero-delay timer, which a fake clock would hold back
// (and move by a millisecond): in these tests they are told in a microtask instead.
notifyManager.setScheduler(queueMicrotask);

// jsdom computes styles slowly with antd's injected CSS; leave room for slower machines.
vi.setConfig({ testTimeout: 15_000 });

// Every tab's chunk (antd with it) is there before the tests, as a returning admin's cached chunks
// are: a tab opens at once (#34: the dashboard loads each tab's chunk when it is first opened).
beforeAll(() => loadAdminTabs(), 60_000);
// And antd's Modal, which the plain tabs' dialogs and confirmations load when wanted (#34): cached
// too, so a dialog opens within the queries' waits.
beforeAll(() => loadAntd.modal(), 60_000);

// The portal set-up (shared-ui/test/setup-portal.ts) mocks `api`: these are the mocks.
export const { apiGet, apiPost, getCalls, mockGet, mockPost, postBodies } = apiMocks(api);

export * from '@courseport/shared-ui/testing';

export const REQUESTS_PATH = '/api/user/educator-requests';
export const EMAILS_PATH = '/api/user/admin-emails';

export function setSession(state: Partial<SessionState>) {
  sessionStore.setState({ status: 'signed-in', userLoaded: true, roles: ['student'], ...state });
}

/** An admin; `email` is the signed-in user's address (none by default). */
export const signInAsAdmin = ({ email }: { email?: string } = {}) =>
  setSession({
    roles: ['student', 'admin'],
    user: email
      ? { _id: 'u-admin', email, name: 'Root Admin', imageUrl: '', roles: ['student', 'admin'], enrolledCourses: [] }
      : null,
    identity: null,
  });

export function renderPage(path = '/admin') {
  return render(
    <QueryProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AdminDashboardPage />
        <LocationProbe />
      </MemoryRouter>
    </QueryProvider>,
  );
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

export { PUBLIC_CONFIG_PATH as CONFIG_PATH } from '@courseport/shared-ui';
export { purchasesPath, REFUND_PATH } from '../src/features/purchases/api/purchases';

let purchaseNumber = 0;

/** A completed, simulated purchase of 'TypeScript Deep Dive' by Sam Student, unless overridden. */
export function makePurchase(overrides: Partial<AdminPurchase> = {}): AdminPurchase {
  purchaseNumber += 1;
  return {
    _id: `p${purchaseNumber}`,
    student: { _id: 'u-sam', name: 'Sam Student', email: 'sam@example.com' },
    course: { _id: 'c-ts', courseTitle: 'TypeScript Deep Dive' },
    amount: 599,
    currency: 'INR',
    status: 'completed',
    gateway: 'local',
    simulated: true,
    createdAt: '2025-04-02T08:15:00.000Z',
    completedAt: '2025-04-02T08:16:00.000Z',
    ...overrides,
  };
}
