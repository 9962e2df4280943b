import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState, ErrorState, LoadingState } from '../src/components/states';

describe('shared screen states', () => {
  it('shows a loading text, Loading... by default', () => {
    const { rerender } = render(<LoadingState />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    rerender(<LoadingState text="Loading your courses..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your courses...');
  });

  it('shows an error with a Try Again button that retries', async () => {
    const onRetry = vi.fn();
    render(<ErrorState title="Error Loading Courses" message="Failed to fetch courses" onRetry={onRetry} />);
    expect(screen.getByText('Error Loading Courses')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch courses')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows an empty state with its action', () => {
    render(
      <EmptyState
        title="No courses added yet"
        description="Start creating"
        action={<button type="button">Add</button>}
      />,
    );
    expect(screen.getByText('No courses added yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });
});
