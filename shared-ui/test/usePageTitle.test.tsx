import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { pageTitle, useFocusOnNavigation, usePageTitle } from '../src/hooks/usePageTitle';

describe('page titles', () => {
  it('name the page, its area and the site', () => {
    expect(pageTitle('Dashboard', 'Educator')).toBe('Dashboard · Educator · Courseport');
    expect(pageTitle('Courses')).toBe('Courses · Courseport');
    expect(pageTitle('')).toBe('Courseport');
    expect(pageTitle()).toBe('Courseport');
  });

  it('name the tab while the page is shown and give the old name back after', () => {
    document.title = 'Before';
    const { rerender, unmount } = renderHook(({ page }) => usePageTitle(page), { initialProps: { page: 'One' } });
    expect(document.title).toBe('One · Courseport');
    rerender({ page: 'Two' });
    expect(document.title).toBe('Two · Courseport');
    unmount();
    expect(document.title).toBe('Before');
  });
});

function Page({ name }: { name: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnNavigation(heading);
  const navigate = useNavigate();
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {name}
      </h1>
      <button type="button" onClick={() => navigate('/next')}>
        Next
      </button>
    </>
  );
}

describe('focus on navigation', () => {
  it('leaves the first page alone and moves to the heading after a navigation', async () => {
    render(
      <MemoryRouter>
        <Page name="First" />
      </MemoryRouter>,
    );
    expect(document.activeElement).toBe(document.body);
    screen.getByRole('button', { name: 'Next' }).click();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'First' })));
  });
});
