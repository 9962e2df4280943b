import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Table } from '../src/antd/table';

const rows = [{ key: '1', name: 'Ada Lovelace', email: 'ada@example.com' }];
const columns = [
  { title: 'Name', dataIndex: 'name', key: 'name' },
  { title: 'Email', dataIndex: 'email', key: 'email' },
];

/** jsdom lays nothing out: give every element the scroll and client widths of a table too wide for its box. */
function layOut({ scrollWidth, clientWidth }: { scrollWidth: number; clientWidth: number }) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

afterEach(() => vi.restoreAllMocks());

describe('Table (antd, keyboard-scrollable)', () => {
  it('makes a scroll box narrower than its table a named tab stop', () => {
    layOut({ scrollWidth: 600, clientWidth: 350 });
    render(<Table dataSource={rows} columns={columns} pagination={false} scroll={{ x: 'max-content' }} />);
    const box = screen.getByRole('region', { name: 'Table, scrolls sideways' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box).toContainElement(screen.getByText('Ada Lovelace'));
  });

  it('adds no tab stop to a table that fits', () => {
    layOut({ scrollWidth: 350, clientWidth: 350 });
    render(<Table dataSource={rows} columns={columns} pagination={false} scroll={{ x: 'max-content' }} />);
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.querySelector('[tabindex="0"]')).toBeNull();
  });
});
