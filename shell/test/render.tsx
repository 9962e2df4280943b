import { LocationProbe, MemoryRouter, Route, Routes } from '@courseport/shared-ui/testing';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

/** Renders inside the providers the shell gives, at a route, showing the current path. */
export function renderAt(ui: ReactElement, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={ui} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}
