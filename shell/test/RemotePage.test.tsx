import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const registry = vi.hoisted(() => ({
  loadPage: vi.fn(),
  loadedPage: vi.fn(),
  resetRemote: vi.fn(),
  hasPreloadHints: vi.fn(),
}));
vi.mock('../src/lib/registry', () => registry);

import { RemotePage, UNAVAILABLE_TEXT } from '../src/features/remotes/components/RemotePage';

const Working = () => <h2>Course List</h2>;
const Throwing = () => {
  throw new Error('boom while rendering');
};

beforeEach(() => {
  registry.loadPage.mockReset();
  registry.resetRemote.mockReset();
  registry.loadedPage.mockReset();
  registry.hasPreloadHints.mockReset().mockReturnValue(false);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('RemotePage', () => {
  it('shows loading, then the portal page', async () => {
    registry.loadPage.mockResolvedValue({ default: Working });
    render(<RemotePage remote="storefront" module="CourseListPage" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Course List' })).toBeInTheDocument();
    expect(registry.loadPage).toHaveBeenCalledWith('storefront', 'CourseListPage');
  });

  it('renders a page that has already loaded at once, without a loading state', () => {
    registry.loadedPage.mockReturnValue(Working);
    render(<RemotePage remote="storefront" module="CourseListPage" />);
    expect(screen.getByRole('heading', { name: 'Course List' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(registry.loadPage).not.toHaveBeenCalled();
  });

  it('shows the fallback when the portal cannot be fetched, and Retry loads it again', async () => {
    registry.loadPage
      .mockRejectedValueOnce(new Error('Failed to get manifest'))
      .mockResolvedValue({ default: Working });
    render(<RemotePage remote="storefront" module="CourseListPage" />);
    expect(await screen.findByText(UNAVAILABLE_TEXT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(registry.resetRemote).toHaveBeenCalledWith('storefront');
    expect(await screen.findByRole('heading', { name: 'Course List' })).toBeInTheDocument();
    expect(registry.loadPage).toHaveBeenCalledTimes(2);
  });

  it("reloads the page on Retry when the page's own preload hints for the portal failed with it", async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    registry.hasPreloadHints.mockReturnValue(true);
    registry.loadPage.mockRejectedValue(new Error('Failed to load script resources'));
    render(<RemotePage remote="storefront" module="CourseListPage" />);
    expect(await screen.findByText(UNAVAILABLE_TEXT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalled();
    expect(registry.resetRemote).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('shows the fallback when the portal page throws while rendering', async () => {
    registry.loadPage.mockResolvedValueOnce({ default: Throwing }).mockResolvedValue({ default: Working });
    render(<RemotePage remote="learner" module="PlayerPage" />);
    expect(await screen.findByText(UNAVAILABLE_TEXT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Course List' })).toBeInTheDocument();
  });
});
