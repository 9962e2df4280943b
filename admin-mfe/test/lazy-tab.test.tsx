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

describe('lazyTab: a tab says whether its first screen draws antd (#34)', () => {
  it('draws a plain tab ({ themed: false }) in no antd theme, and loads none for it', async () => {
    const plain = lazyTab(async () => Tab, { themed: false });
    await plain.load();
    render(<ChunkedTab tab={plain} props={{ text: 'Plain tab' }} />);
    expect(screen.getByText('Plain tab')).toBeInTheDocument();
    expect(screen.queryByTestId('antd-theme')).not.toBeInTheDocument();
    expect(themeLoads.count).toBe(0);
  });

  it("draws a tab in antd's theme by default, loaded with it", async () => {
    const themed = lazyTab(async () => Tab);
    await themed.load();
    render(<ChunkedTab tab={themed} props={{ text: 'Themed tab' }} />);
    expect(screen.getByTestId('antd-theme')).toContainElement(screen.getByText('Themed tab'));
    expect(themeLoads.count).toBe(1);
  });

  it('shows the loading state until a plain tab’s chunk is there', async () => {
    let arrive: (tab: typeof Tab) => void = () => {};
    const plain = lazyTab(() => new Promise<typeof Tab>((resolve) => (arrive = resolve)), { themed: false });
    render(<ChunkedTab tab={plain} props={{ text: 'Arrived' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    arrive(Tab);
    expect(await screen.findByText('Arrived')).toBeInTheDocument();
    expect(screen.queryByTestId('antd-theme')).not.toBeInTheDocument();
  });
});
