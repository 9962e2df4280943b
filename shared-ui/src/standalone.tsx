import type { ComponentType, ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { loadAntd } from './load-on-demand';
import { QueryProvider } from './query/QueryProvider';
import { fetchRuntimeConfig, setRuntimeConfig } from './runtime-config';
import { sessionStore } from './session/store';

/**
 * A portal's standalone routes: every route the platform registry gives it (`PORTALS[name].routes`),
 * each with its page (`pages`, by the route's module name), so the standalone mode serves exactly
 * the pages the shell federates. A route whose page is missing throws, naming it.
 */
export function standaloneRoutes(
  routes: ReadonlyArray<{ path: string; module: string }>,
  pages: Readonly<Record<string, ComponentType>>,
): Array<{ path: string; element: ReactElement }> {
  return routes.map(({ path, module }) => {
    const Page = pages[module];
    if (!Page) throw new Error(`No page for the module ${module} of the route ${path}`);
    return { path, element: <Page /> };
  });
}

/**
 * Runs a portal on its own (its team's dev server or preview) with the same providers the shell
 * gives it (theme, query client, router, runtime config, session), so its pages can be developed without the rest of the platform.
 */
export async function renderStandalone(routes: ReadonlyArray<{ path: string; element: ReactElement }>): Promise<void> {
  setRuntimeConfig(await fetchRuntimeConfig());
  const { Themed } = await loadAntd.themed();
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
