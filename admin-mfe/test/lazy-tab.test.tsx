// Not through ./helpers: its set-up loads every tab's chunk; here two made-up tabs are enough.
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChunkedTab, lazyTab } from '../src/lib/lazy-tab';

// antd's theme provider, seen: a tab drawn inside it is inside this box.
const themeLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('@courseport/shared-ui/antd/themed', () => {
  themeLoads.count += 1;
  return { Themed: ({ children }: { children: ReactNode }) => <div data-testid="antd-theme">{children}</div> };
});

const Tab = ({ text }: { text: string }) => <p>{text}</p>;

describe('lazyTab: a tab in its own chunk, drawn without antd (#34)', () => {
  it('draws a tab in no antd theme, and loads none for it', async () => {
    const plain = lazyTab(async () => Tab);
    await plain.load();
    render(<ChunkedTab tab={plain} props={{ text: 'Plain tab' }} />);
    expect(screen.getByText('Plain tab')).toBeInTheDocument();
    expect(screen.queryByTestId('antd-theme')).not.toBeInTheDocument();
    expect(themeLoads.count).toBe(0);
  });

  it('shows the loading state until the tab’s chunk is there', async () => {
    let arrive: (tab: typeof Tab) => void = () => {};
    const plain = lazyTab(() => new Promise<typeof Tab>((resolve) => (arrive = resolve)));
    render(<ChunkedTab tab={plain} props={{ text: 'Arrived' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    arrive(Tab);
    expect(await screen.findByText('Arrived')).toBeInTheDocument();
    expect(screen.queryByTestId('antd-theme')).not.toBeInTheDocument();
  });

  it('fetches a chunk once, and again after it failed', async () => {
    let calls = 0;
    const flaky = lazyTab(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return Tab;
    });
    await expect(flaky.load()).rejects.toThrow('offline');
    await flaky.load();
    await flaky.load();
    expect(calls).toBe(2);
  });
});
