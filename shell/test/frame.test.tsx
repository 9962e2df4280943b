import { MemoryRouter } from '@courseport/shared-ui/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@courseport/shared-ui', async (original) => ({ ...(await original<object>()), api }));

// Every portal page is a stand-in with its own heading (no remote to load).
const registry = vi.hoisted(() => ({
  loadPage: vi.fn(),
  loadedPage: vi.fn(),
  resetRemote: vi.fn(),
  hasPreloadHints: vi.fn(),
}));
vi.mock('../src/lib/registry', () => registry);

import { Link, QueryProvider, sessionStore } from '@courseport/shared-ui';
import { Frame, MAIN_ID, SKIP_LINK_TEXT } from '../src/App';
import { NOT_FOUND_TITLE } from '../src/pages/NotFoundPage';
import { resetSession } from './local-auth';
import { testQueryClient } from './render';

function PortalPage() {
  return (
    <>
      <h1>Portal page</h1>
      <Link to="/no-such-page">Broken link</Link>
    </>
  );
}

function renderFrame(path: string) {
  return render(
    <QueryProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Frame />
      </MemoryRouter>
    </QueryProvider>,
  );
}

beforeEach(() => {
  registry.loadedPage.mockReturnValue(PortalPage);
  sessionStore.setState({ status: 'signed-out', userLoaded: true });
  document.title = 'Courseport';
});
afterEach(resetSession);

describe('the frame', () => {
  it('starts with a "Skip to content" link to its one <main>, which it focuses', async () => {
    renderFrame('/');
    const skip = screen.getByRole('link', { name: SKIP_LINK_TEXT });
    await userEvent.tab();
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', `#${MAIN_ID}`);
    const mains = screen.getAllByRole('main');
    expect(mains).toHaveLength(1);
    expect(mains[0]).toHaveAttribute('id', MAIN_ID);
    await userEvent.keyboard('{Enter}');
    expect(mains[0]).toHaveFocus();
  });

  it('moves the focus to the new page’s <h1> on navigation, not on the first load', async () => {
    renderFrame('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Portal page' })).not.toHaveFocus();
    await userEvent.click(screen.getByRole('link', { name: 'Broken link' }));
    const heading = await screen.findByRole('heading', { level: 1, name: NOT_FOUND_TITLE });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('the 404 page has one <h1>, its own title and a subtitle in the darker body grey', () => {
    renderFrame('/no-such-page');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(NOT_FOUND_TITLE);
    expect(document.title).toBe('Page not found · Courseport');
    expect(screen.getByText('The page you are looking for does not exist.').style.color).toBe(
      'var(--cp-color-text-body)',
    );
  });
});
