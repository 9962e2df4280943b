import {
  apiRequest,
  createQueryClient,
  type PortalRelease,
  queryKeys,
  type ReleaseAuditEntry,
  type ReleaseStatusResponse,
} from '@courseport/shared-ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_RELEASE_TEXT } from '../src/features/releases/components/PortalReleaseCard';
import { PERCENT_PROBLEM, VERSION_PROBLEM } from '../src/features/releases/components/ReleaseForm';
import { SHELL_STATUS_FAILED, SHELL_STATUS_UNAVAILABLE } from '../src/features/releases/components/ReleasesTab';
import { loadPageData } from '../src/pages/AdminDashboardPage';
import {
  apiPost,
  button,
  deferred,
  expectLoadingUntil,
  failsUntilRecovered,
  findDialog,
  getCalls,
  mockGet,
  mockPost,
  postBodies,
  REQUESTS_PATH,
  renderPage,
  serverError,
  signInAsAdmin,
  toastOf,
  user,
} from './helpers';

// Four cards, dialogs, a table and a pager: antd-heavy, on a shared machine.
vi.setConfig({ testTimeout: 30_000 });

const RELEASES_PATH = '/api/admin/releases';
const auditPath = (page = 1, portal?: string) =>
  `/api/admin/releases/audit?page=${page}${portal ? `&portal=${portal}` : ''}`;
const STATUS_PATH = '/release-status.json';
const apiSend = vi.mocked(apiRequest);

const STOREFRONT: PortalRelease = {
  portal: 'storefront',
  live: { version: '2.0.0', since: '2026-11-20T09:30:00.000Z', by: 'root@example.com' },
  canary: { version: '2.1.0', percent: 10, since: '2026-11-21T10:00:00.000Z', by: 'ops@example.com' },
  versions: [
    { version: '2.1.0', firstReleasedAt: '2026-11-21T10:00:00.000Z', wasLive: false },
    { version: '2.0.0', firstReleasedAt: '2026-11-20T09:30:00.000Z', wasLive: true },
    { version: '1.0.0', firstReleasedAt: '2026-11-01T08:00:00.000Z', wasLive: true },
  ],
};
const LEARNER: PortalRelease = {
  portal: 'learner',
  live: { version: '1.4.0', since: '2026-11-10T09:30:00.000Z', by: 'release token' },
  canary: null,
  versions: [{ version: '1.4.0', firstReleasedAt: '2026-11-10T09:30:00.000Z', wasLive: true }],
};
const EDUCATOR: PortalRelease = { portal: 'educator', live: null, canary: null, versions: [] };
const ADMIN: PortalRelease = { portal: 'admin', live: null, canary: null, versions: [] };
const PORTALS = [STOREFRONT, LEARNER, EDUCATOR, ADMIN];

const REFUSAL = 'storefront 3.0.0 needs @courseport/shared-ui ^2.0.0; this shell provides 1.0.0';
const SHELL: ReleaseStatusResponse = {
  sharedUi: '1.0.0',
  checkedAt: '2026-11-22T10:00:00.000Z',
  portals: [
    {
      portal: 'storefront',
      serving: { version: '2.0.0', entry: 'https://cdn.example/storefront/2.0.0/remoteEntry.js' },
      canary: { version: '2.1.0', percent: 10, entry: 'https://cdn.example/storefront/2.1.0/remoteEntry.js' },
      refused: [{ version: '3.0.0', reason: REFUSAL }],
    },
    {
      portal: 'learner',
      serving: { version: '1.4.0', entry: 'https://cdn.example/learner/1.4.0/remoteEntry.js' },
      canary: null,
      refused: [],
    },
    {
      portal: 'educator',
      serving: { version: null, entry: 'https://cdn.example/educator/remoteEntry.js' },
      canary: null,
      refused: [],
    },
    {
      portal: 'admin',
      serving: { version: null, entry: 'https://cdn.example/admin/remoteEntry.js' },
      canary: null,
      refused: [],
    },
  ],
};

const entry = (n: number, overrides: Partial<ReleaseAuditEntry> = {}): ReleaseAuditEntry => ({
  id: `a${n}`,
  portal: 'storefront',
  action: 'release',
  from: `1.0.${n - 1}`,
  to: `1.0.${n}`,
  percent: null,
  by: 'root@example.com',
  at: '2026-11-20T09:30:00.000Z',
  ...overrides,
});

const registry =
  (portals: PortalRelease[] = PORTALS) =>
  () => ({ success: true, portals });
const auditPage =
  (entries: ReleaseAuditEntry[], page = 1, pages = 1) =>
  () => ({ success: true, entries, page, pages });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** The shell's server answers `/release-status.json` with `answer` (a Response, or throws). */
const shellFetch = vi.fn<(input: RequestInfo | URL) => Promise<Response>>();
function serveShell(answer: () => Response | Promise<Response>) {
  shellFetch.mockImplementation(async (input) => {
    if (String(input) !== STATUS_PATH) throw new Error(`Unexpected fetch ${String(input)}`);
    return answer();
  });
}

beforeEach(() => {
  signInAsAdmin();
  apiSend.mockReset();
  shellFetch.mockReset();
  vi.stubGlobal('fetch', shellFetch);
  serveShell(() => json(SHELL));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function serve(handlers: Record<string, () => unknown> = {}) {
  mockGet({
    [REQUESTS_PATH]: () => ({ success: true, requests: [] }),
    [RELEASES_PATH]: registry(),
    [auditPath()]: auditPage([]),
    ...handlers,
  });
}

async function openTab() {
  renderPage();
  await screen.findByText('No educator requests found');
  // Nothing is asked for before the tab is opened.
  expect(getCalls(RELEASES_PATH)).toBe(0);
  expect(shellFetch).not.toHaveBeenCalled();
  await user.click(screen.getByRole('tab', { name: 'Releases' }));
}

const card = (portal: string) =>
  screen.getByRole('heading', { name: portal, level: 3 }).closest('section') as HTMLElement;
const loadedCard = async (portal: string) => {
  await screen.findByRole('heading', { name: portal, level: 3 });
  return card(portal);
};

/** Clicks the action, then OK in its confirmation. */
async function confirmed(scope: HTMLElement, name: string, dialogText: string, ok: string) {
  await user.click(within(scope).getByRole('button', { name }));
  const dialog = await findDialog(dialogText);
  await user.click(button(ok, dialog));
}

describe('Admin dashboard: Releases tab', () => {
  it("shows each portal's live version, canary, other versions and what the shell serves", async () => {
    serve();
    await openTab();
    const storefront = within(await loadedCard('storefront'));
    expect(storefront.getByText('2.0.0', { selector: 'dd > strong' })).toBeInTheDocument();
    expect(storefront.getByText(/by root@example\.com/)).toBeInTheDocument();
    expect(storefront.getByText(/to 10% of visitors since .* by ops@example\.com/)).toBeInTheDocument();
    expect(storefront.getByText('Canary running')).toBeInTheDocument();
    expect(storefront.getByRole('button', { name: 'Promote canary of storefront 2.1.0' })).toBeEnabled();
    expect(storefront.getByRole('button', { name: 'Stop canary of storefront 2.1.0' })).toBeEnabled();
    // Every version but the live one, one action each.
    expect(storefront.getByRole('button', { name: 'Roll back storefront to 2.1.0' })).toBeInTheDocument();
    expect(storefront.getByRole('button', { name: 'Roll back storefront to 1.0.0' })).toBeEnabled();
    expect(storefront.queryByRole('button', { name: 'Roll back storefront to 2.0.0' })).toBeNull();
    expect(storefront.getByText(/canary only/)).toBeInTheDocument();
    // What the shell serves.
    expect(await storefront.findByText(/The shell serves/)).toHaveTextContent(
      'The shell serves 2.0.0, canary 2.1.0 to 10% of visitors',
    );

    const learner = within(card('learner'));
    expect(learner.getByText(/by release token/)).toBeInTheDocument();
    expect(learner.queryByText('Canary running')).toBeNull();
    expect(learner.queryByRole('button', { name: /Roll back/ })).toBeNull();
    expect(learner.queryByRole('button', { name: /Promote/ })).toBeNull();

    const educator = within(card('educator'));
    expect(educator.getByText(NO_RELEASE_TEXT)).toBeInTheDocument();
    expect(educator.getByText(/The shell serves/)).toHaveTextContent("The shell serves the build at the portal's URL");
    expect(educator.getByLabelText('New educator version')).toBeInTheDocument();
    expect(screen.getByText(/This shell provides @courseport\/shared-ui 1\.0\.0/)).toBeInTheDocument();
    expect(shellFetch).toHaveBeenCalledTimes(1);
  });

  it('shows the versions the shell refused, with why, as a warning next to the portal', async () => {
    serve();
    await openTab();
    const storefront = await loadedCard('storefront');
    const alert = await within(storefront).findByRole('alert');
    expect(alert).toHaveTextContent('The shell refused a version of storefront');
    expect(alert).toHaveTextContent(`3.0.0: ${REFUSAL}`);
    expect(alert).toHaveClass('cp-admin-notice-warning');
    expect(within(card('learner')).queryByRole('alert')).toBeNull();
  });

  it("says once, quietly, when the shell's status is not available (dev servers, standalone)", async () => {
    serveShell(() => new Response('<!doctype html><html></html>', { headers: { 'content-type': 'text/html' } }));
    serve();
    await openTab();
    expect(await screen.findByText(SHELL_STATUS_UNAVAILABLE)).toBeInTheDocument();
    const storefront = within(card('storefront'));
    expect(storefront.queryByText(/The shell serves/)).toBeNull();
    expect(storefront.queryByRole('alert')).toBeNull();
    // The registry is still there, and nothing failed loudly.
    expect(storefront.getByRole('button', { name: 'Roll back storefront to 1.0.0' })).toBeInTheDocument();
    expect(toastOf('error')).toEqual([]);
  });

  it('a 404 from the shell is the same quiet note', async () => {
    serveShell(() => json({ message: 'Not found' }, 404));
    serve();
    await openTab();
    expect(await screen.findByText(SHELL_STATUS_UNAVAILABLE)).toBeInTheDocument();
  });

  it('a failing shell is a quiet note too; the registry is still shown', async () => {
    serveShell(() => json({ message: 'Bad gateway' }, 502));
    serve();
    await openTab();
    expect(await screen.findByText(SHELL_STATUS_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'storefront', level: 3 })).toBeInTheDocument();
    expect(toastOf('error')).toEqual([]);
  });

  it('shows a loading state until the registry answers', async () => {
    const pending = deferred<unknown>();
    serve({ [RELEASES_PATH]: () => pending.promise });
    await openTab();
    await screen.findByText('Loading releases...');
    await expectLoadingUntil(pending, 'Loading releases...', registry()(), 'Canary running');
  });

  it("shows the server's message when the registry cannot be loaded, and Try Again loads it", async () => {
    const failing = failsUntilRecovered(serverError('Admin access required', 403), registry());
    serve({ [RELEASES_PATH]: failing.handler });
    await openTab();
    expect(await screen.findByText('Could not load the releases')).toBeInTheDocument();
    expect(screen.getByText('Admin access required')).toBeInTheDocument();
    failing.recover();
    await user.click(button('Try Again'));
    expect(await screen.findByRole('heading', { name: 'storefront', level: 3 })).toBeInTheDocument();
    expect(screen.queryByText('Could not load the releases')).toBeNull();
  });

  it('releases a version live, and as a canary with its percent; both refresh the registry and the shell', async () => {
    serve();
    mockPost({
      [`${RELEASES_PATH}/learner`]: () => ({ success: true, message: 'learner 1.5.0 is live', release: LEARNER }),
    });
    await openTab();
    const learner = await loadedCard('learner');
    const version = within(learner).getByLabelText('New learner version');

    fireEvent.change(version, { target: { value: ' 1.5.0 ' } });
    await user.click(within(learner).getByRole('button', { name: 'Go live with this learner version' }));
    await waitFor(() => expect(toastOf('success')).toEqual(['learner 1.5.0 is live']));
    expect(postBodies(`${RELEASES_PATH}/learner`)).toEqual([{ version: '1.5.0' }]);
    await waitFor(() => expect(getCalls(RELEASES_PATH)).toBe(2));
    await waitFor(() => expect(shellFetch).toHaveBeenCalledTimes(2));
    expect(getCalls(auditPath())).toBe(2);
    // The form is cleared for the next release.
    expect(version).toHaveValue('');

    fireEvent.change(version, { target: { value: '1.6.0-rc.1' } });
    fireEvent.change(within(learner).getByLabelText('Canary percent (1–99)'), { target: { value: '25' } });
    await user.click(within(learner).getByRole('button', { name: 'Start canary of this learner version' }));
    await waitFor(() => expect(postBodies(`${RELEASES_PATH}/learner`)).toHaveLength(2));
    expect(postBodies(`${RELEASES_PATH}/learner`)[1]).toEqual({ version: '1.6.0-rc.1', canary: 25 });
  });

  it('blocks an invalid version or canary percent with a message, sending nothing', async () => {
    serve();
    await openTab();
    const admin = within(await loadedCard('admin'));
    const version = admin.getByLabelText('New admin version');
    const percent = admin.getByLabelText('Canary percent (1–99)');
    const goLive = admin.getByRole('button', { name: 'Go live with this admin version' });
    const startCanary = admin.getByRole('button', { name: 'Start canary of this admin version' });

    await user.click(goLive);
    expect(admin.getByRole('alert')).toHaveTextContent(VERSION_PROBLEM);
    expect(version).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(version, { target: { value: 'v2' } });
    await user.click(goLive);
    expect(admin.getByRole('alert')).toHaveTextContent(VERSION_PROBLEM);

    fireEvent.change(version, { target: { value: '2.0.0' } });
    for (const value of ['', '0', '100', '12.5']) {
      fireEvent.change(percent, { target: { value } });
      await user.click(startCanary);
      expect(admin.getByRole('alert')).toHaveTextContent(PERCENT_PROBLEM);
      expect(percent).toHaveAttribute('aria-invalid', 'true');
      expect(version).not.toHaveAttribute('aria-invalid');
    }
    expect(apiPost).not.toHaveBeenCalled();
  });

  it("shows the API's message when a release is refused, and keeps the form", async () => {
    serve();
    mockPost({
      [`${RELEASES_PATH}/educator`]: () => {
        throw serverError('educator 9.9.9 is not published', 409);
      },
    });
    await openTab();
    const educator = await loadedCard('educator');
    fireEvent.change(within(educator).getByLabelText('New educator version'), { target: { value: '9.9.9' } });
    await user.click(within(educator).getByRole('button', { name: 'Go live with this educator version' }));
    await waitFor(() => expect(toastOf('error')).toEqual(['educator 9.9.9 is not published']));
    expect(within(educator).getByLabelText('New educator version')).toHaveValue('9.9.9');
    expect(getCalls(RELEASES_PATH)).toBe(1);
  });

  it('promotes the canary after a confirmation', async () => {
    serve();
    mockPost({
      [`${RELEASES_PATH}/storefront/promote`]: () => ({ success: true, message: 'storefront 2.1.0 is live' }),
    });
    await openTab();
    await confirmed(
      await loadedCard('storefront'),
      'Promote canary of storefront 2.1.0',
      'Every visitor gets storefront 2.1.0 at once.',
      'Promote',
    );
    await waitFor(() => expect(toastOf('success')).toEqual(['storefront 2.1.0 is live']));
    expect(apiPost).toHaveBeenCalledWith(`${RELEASES_PATH}/storefront/promote`);
    await waitFor(() => expect(getCalls(RELEASES_PATH)).toBe(2));
  });

  it('stops the canary after a confirmation (DELETE)', async () => {
    serve();
    apiSend.mockResolvedValue({ success: true, message: 'The storefront canary is stopped' });
    await openTab();
    await confirmed(
      await loadedCard('storefront'),
      'Stop canary of storefront 2.1.0',
      'Its visitors go back to storefront 2.0.0.',
      'Stop canary',
    );
    await waitFor(() => expect(toastOf('success')).toEqual(['The storefront canary is stopped']));
    expect(apiSend).toHaveBeenCalledWith(`${RELEASES_PATH}/storefront/canary`, { method: 'DELETE' });
    await waitFor(() => expect(shellFetch).toHaveBeenCalledTimes(2));
  });

  it('rolls back to an earlier version in one action', async () => {
    serve();
    mockPost({
      [`${RELEASES_PATH}/storefront/rollback`]: () => ({ success: true, message: 'storefront 1.0.0 is live' }),
    });
    await openTab();
    await confirmed(
      await loadedCard('storefront'),
      'Roll back storefront to 1.0.0',
      'storefront 1.0.0 goes live for every visitor at once.',
      'Roll back',
    );
    await waitFor(() => expect(toastOf('success')).toEqual(['storefront 1.0.0 is live']));
    expect(postBodies(`${RELEASES_PATH}/storefront/rollback`)).toEqual([{ version: '1.0.0' }]);
    await waitFor(() => expect(getCalls(RELEASES_PATH)).toBe(2));
  });

  it("shows the API's message when a rollback is refused", async () => {
    serve();
    mockPost({
      [`${RELEASES_PATH}/storefront/rollback`]: () => {
        throw serverError('2.1.0 was refused by the shell', 409);
      },
    });
    await openTab();
    await confirmed(
      await loadedCard('storefront'),
      'Roll back storefront to 2.1.0',
      'storefront 2.1.0 goes live for every visitor at once.',
      'Roll back',
    );
    await waitFor(() => expect(toastOf('error')).toEqual(['2.1.0 was refused by the shell']));
    expect(getCalls(RELEASES_PATH)).toBe(1);
  });

  describe('audit trail', () => {
    it('lists the changes newest first, pages with the pager, and filters by portal', async () => {
      const first = Array.from({ length: 20 }, (_, i) => entry(40 - i));
      serve({
        [auditPath(1)]: auditPage(first, 1, 2),
        [auditPath(2)]: auditPage(
          [entry(20, { action: 'canary', from: null, to: '2.1.0', percent: 10, by: 'ops@example.com' })],
          2,
          2,
        ),
        [auditPath(1, 'learner')]: auditPage([
          entry(1, { portal: 'learner', action: 'rollback', from: '1.4.0', to: '1.3.0' }),
        ]),
      });
      await openTab();
      const trail = (await screen.findByRole('heading', { name: 'Audit trail' })).closest('section') as HTMLElement;
      expect(await within(trail).findByText('1.0.39 → 1.0.40')).toBeInTheDocument();
      const header = within(trail)
        .getAllByRole('columnheader')
        .map((th) => th.textContent);
      expect(header).toEqual(['Portal', 'Action', 'From → to', 'Percent', 'By', 'When']);
      expect(within(trail).getAllByText('Released')).toHaveLength(20);

      const pager = within(trail).getByRole('navigation', { name: 'Audit trail pages' });
      await user.click(within(pager).getByText('2'));
      expect(await within(trail).findByText('– → 2.1.0')).toBeInTheDocument();
      expect(within(trail).getByText('Canary started')).toBeInTheDocument();
      expect(within(trail).getByText('10%')).toBeInTheDocument();
      expect(within(trail).getByText('ops@example.com')).toBeInTheDocument();
      expect(within(trail).queryByText('1.0.39 → 1.0.40')).toBeNull();

      await user.selectOptions(within(trail).getByLabelText('Portal'), 'learner');
      expect(await within(trail).findByText('Rolled back')).toBeInTheDocument();
      expect(within(trail).getByText('1.4.0 → 1.3.0')).toBeInTheDocument();
      expect(getCalls(auditPath(1, 'learner'))).toBe(1);
      // One page only: no pager.
      expect(within(trail).queryByRole('navigation', { name: 'Audit trail pages' })).toBeNull();
    });

    it('says when there are no changes yet', async () => {
      serve();
      await openTab();
      expect(await screen.findByText('No release changes yet')).toBeInTheDocument();
    });

    it('shows an error with Try Again', async () => {
      const failing = failsUntilRecovered(serverError('Internal server error', 500), auditPage([entry(1)]));
      serve({ [auditPath()]: failing.handler });
      await openTab();
      expect(await screen.findByText('Could not load the audit trail')).toBeInTheDocument();
      failing.recover();
      const trail = screen.getByRole('heading', { name: 'Audit trail' }).closest('section') as HTMLElement;
      await user.click(button('Try Again', trail));
      expect(await screen.findByText('1.0.0 → 1.0.1')).toBeInTheDocument();
    });
  });

  describe('first screen and server render (#34)', () => {
    it('draws no antd until a confirmation is wanted: plain cards, fields, table and pager', async () => {
      serve({
        [auditPath()]: auditPage(
          Array.from({ length: 20 }, (_, i) => entry(40 - i)),
          1,
          2,
        ),
      });
      await openTab();
      const storefront = within(await loadedCard('storefront'));
      await screen.findByRole('navigation', { name: 'Audit trail pages' });
      await storefront.findByText(/The shell serves/);
      // Nothing of antd on the tab: its look is shared-ui's and admin.css's classes.
      expect(document.querySelector('.cp-admin-tabpanel [class*="ant-"]')).toBeNull();
      expect(storefront.getByLabelText('New storefront version')).toHaveClass('cp-input');
      expect(storefront.getByText('Canary running')).toHaveClass('cp-tag');
      expect(screen.getByRole('table')).toHaveClass('cp-table');
      // A confirmation loads antd's Modal when wanted.
      await user.click(storefront.getByRole('button', { name: 'Roll back storefront to 1.0.0' }));
      const dialog = await findDialog('storefront 1.0.0 goes live for every visitor at once.');
      await user.click(button('Cancel', dialog));
      expect(apiPost).not.toHaveBeenCalled();
    });

    it('keeps a line for the shell\'s note while the shell is asked, and says "Checking the shell..."', async () => {
      const shellAnswer = deferred<Response>();
      serveShell(() => shellAnswer.promise);
      serve();
      await openTab();
      const storefront = within(await loadedCard('storefront'));
      expect(storefront.getByText('Checking the shell...')).toBeInTheDocument();
      const note = document.querySelector('.cp-admin-shell-note');
      expect(note).toHaveTextContent('');
      shellAnswer.resolve(json(SHELL));
      expect(await storefront.findByText(/The shell serves/)).toBeInTheDocument();
      expect(note).toHaveTextContent('This shell provides @courseport/shared-ui 1.0.0.');
    });

    it("puts the registry and the audit trail's first page in the cache, under the tab's keys", async () => {
      serve();
      const client = createQueryClient();
      client.setQueryData(queryKeys.user.profile(), {
        _id: 'u-admin',
        name: 'Root Admin',
        email: 'root@example.com',
        imageUrl: '',
        roles: ['student', 'admin'],
        enrolledCourses: [],
      });
      await loadPageData(client, { '*': 'releases' });
      expect(client.getQueryData(queryKeys.admin.releases.registry())).toEqual(PORTALS);
      expect(client.getQueryData(queryKeys.admin.releases.audit(undefined, 1))).toEqual({
        entries: [],
        page: 1,
        pages: 1,
      });
      // What the shell serves is the browser's to ask (its own origin).
      expect(shellFetch).not.toHaveBeenCalled();
    });
  });
});
