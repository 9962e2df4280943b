import type { PublicConfig } from '@courseport/shared-ui';
import { answerByPath, serverError } from '@courseport/shared-ui/testing';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@courseport/shared-ui', async (original) => ({ ...(await original<object>()), api }));

import { App } from '../src/App';
import { DEMO_BANNER_TEXT } from '../src/features/layout/components/DemoBanner';
import { resetSession } from './local-auth';

const config = (mode: PublicConfig['mode']): PublicConfig => ({
  authMode: 'local',
  paymentMode: 'local',
  currency: 'Rs',
  mode,
});

beforeEach(() => {
  answerByPath(api.post, 'POST', { '/api/auth/refresh': () => Promise.reject(serverError('Not signed in', 401)) });
  // A page of the shell's own (no portal to load).
  window.history.replaceState(null, '', '/no-such-page');
});
afterEach(() => {
  resetSession();
  window.history.replaceState(null, '', '/');
});

describe('the demo banner', () => {
  it('is in the frame from the first render on a demo deployment, above the navigation bar', () => {
    render(<App config={config('demo')} />);
    const banner = screen.getByRole('complementary', { name: 'Demo notice' });
    expect(banner).toHaveTextContent(DEMO_BANNER_TEXT);
    const header = document.querySelector('header');
    expect(header).not.toBeNull();
    expect(banner.compareDocumentPosition(header as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is not shown in production', async () => {
    render(<App config={config('production')} />);
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Demo notice' })).toBeNull();
    expect(screen.queryByText(DEMO_BANNER_TEXT)).toBeNull();
  });

  it('is shown in the educator and admin areas too, where the navigation bar is not', () => {
    window.history.replaceState(null, '', '/educator/nowhere');
    render(<App config={config('demo')} />);
    expect(screen.getByRole('complementary', { name: 'Demo notice' })).toBeInTheDocument();
    expect(document.querySelector('header')).toBeNull();
  });
});

describe('the reset-password route', () => {
  it('is the shell’s own page, loaded on demand, with its own title', async () => {
    window.history.replaceState(null, '', '/reset-password?token=abc');
    render(<App config={config('production')} />);
    expect(
      await screen.findByRole('heading', { name: 'Choose a new password' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Reset password · Courseport');
  });
});
