import { Layout, type PublicConfig, ThemeProvider } from '@courseport/shared-ui';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthProvider } from './auth/AuthProvider';
import { EducatorGuard } from './guards/EducatorGuard';
import { NavBar } from './layout/NavBar';
import { NotFound } from './layout/NotFound';
import { RemotePage } from './remotes/RemotePage';
import { RoleDialog } from './roles/RoleDialog';
import { ROUTES, showsNavBar } from './routes';
import { useProfileSync } from './session/useProfileSync';

export function Frame() {
  const { pathname } = useLocation();
  useProfileSync();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {showsNavBar(pathname) && <NavBar />}
      <Layout.Content>
        <Routes>
          {ROUTES.map(({ path, remote, module, guard }) => {
            const page = <RemotePage key={`${remote}/${module}`} remote={remote} module={module} />;
            return (
              <Route
                key={path}
                path={path}
                element={guard === 'educator' ? <EducatorGuard>{page}</EducatorGuard> : page}
              />
            );
          })}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Layout.Content>
      <RoleDialog />
    </Layout>
  );
}

export function App({ config }: { config: PublicConfig }) {
  return (
    <ThemeProvider>
      <BrowserRouter>
        <AuthProvider config={config}>
          <Frame />
        </AuthProvider>
      </BrowserRouter>
    </ThemeProvider>
  );
}
