import { Layout } from 'antd';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { fetchRuntimeConfig, setRuntimeConfig } from './runtime-config';
import { sessionStore } from './session/store';
import { ThemeProvider } from './theme';

/**
 * Runs a portal on its own (its team's dev server or preview) with the same providers the shell
 * gives it, so its pages can be developed without the rest of the platform.
 */
export async function renderStandalone(routes: ReadonlyArray<{ path: string; element: ReactElement }>): Promise<void> {
  setRuntimeConfig(await fetchRuntimeConfig());
  sessionStore.setState({ status: 'signed-out', userLoaded: true });
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <ThemeProvider>
      <BrowserRouter>
        <Layout style={{ minHeight: '100vh' }}>
          <Routes>
            {routes.map(({ path, element }) => (
              <Route key={path} path={path} element={element} />
            ))}
          </Routes>
        </Layout>
      </BrowserRouter>
    </ThemeProvider>,
  );
}
