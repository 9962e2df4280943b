import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { loadOnDemandComponents } from './load-on-demand';
import { QueryProvider } from './query/QueryProvider';
import { fetchRuntimeConfig, setRuntimeConfig } from './runtime-config';
import { sessionStore } from './session/store';

/**
 * Runs a portal on its own (its team's dev server or preview) with the same providers the shell
 * gives it (theme, query client, router, runtime config, session), so its pages can be developed without the rest of the platform.
 */
export async function renderStandalone(routes: ReadonlyArray<{ path: string; element: ReactElement }>): Promise<void> {
  setRuntimeConfig(await fetchRuntimeConfig());
  const { Themed } = await loadOnDemandComponents();
  sessionStore.setState({ status: 'signed-out', userLoaded: true });
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <Themed>
      <QueryProvider>
        <BrowserRouter>
          <div className="cp-layout">
            <main className="cp-content">
              <Routes>
                {routes.map(({ path, element }) => (
                  <Route key={path} path={path} element={element} />
                ))}
              </Routes>
            </main>
          </div>
        </BrowserRouter>
      </QueryProvider>
    </Themed>,
  );
}
