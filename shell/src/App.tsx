import { Layout, ThemeProvider } from '@courseport/shared-ui';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { NavBar } from './layout/NavBar';
import { NotFound } from './layout/NotFound';
import { RemotePage } from './remotes/RemotePage';
import { ROUTES, showsNavBar } from './routes';

export function Frame() {
  const { pathname } = useLocation();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {showsNavBar(pathname) && <NavBar />}
      <Layout.Content>
        <Routes>
          {ROUTES.map(({ path, remote, module }) => (
            <Route
              key={path}
              path={path}
              element={<RemotePage key={`${remote}/${module}`} remote={remote} module={module} />}
            />
          ))}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Layout.Content>
    </Layout>
  );
}

export function App() {
  return (
    <ThemeProvider>
      <BrowserRouter>
        <Frame />
      </BrowserRouter>
    </ThemeProvider>
  );
}
