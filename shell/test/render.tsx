import { ThemeProvider } from '@courseport/shared-ui';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

function Where() {
  const location = useLocation();
  return <span data-testid="location">{location.pathname}</span>;
}

/** Renders inside the providers the shell gives, at a route, showing the current path. */
export function renderAt(ui: ReactElement, path = '/') {
  return render(
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        <Where />
      </MemoryRouter>
    </ThemeProvider>,
  );
}
