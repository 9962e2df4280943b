import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pageItems } from '../src/components/Pager';

const user = userEvent.setup();

describe('Pager (antd’s small Pagination look, without antd: #34)', () => {
  it('shows every page up to seven, else the first, the last and those around the current one', () => {
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });

  it('is a named navigation whose buttons change the page, and nothing when one page holds all', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<Pager label="Video pages" page={2} pageSize={10} total={25} onChange={onChange} />);
    const nav = screen.getByRole('navigation', { name: 'Video pages' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Previous Page' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onChange).toHaveBeenCalledTimes(2);

    rerender(<Pager label="Video pages" page={1} pageSize={10} total={10} onChange={onChange} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
