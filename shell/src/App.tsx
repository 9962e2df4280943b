import { BrowserRouter, type PublicConfig, Route, Routes, useLocation, useSession } from '@courseport/shared-ui';
import { lazy } from 'react';
import { ROUTES, showsNavBar } from '../routes.mjs';
import { AuthProvider } from './auth/AuthProvider';
import { EducatorGuard } from './guards/EducatorGuard';
import { NavBar } from './layout/NavBar';
import { NotFound } from './layout/NotFound';
import { LoadWhen } from './lazy/LoadWhen';
import { RemotePage } from './remotes/RemotePage';
import { useProfileSync } from './session/useProfileSync';

const RoleDialog = lazy(() => import('./roles/RoleDialog').then((m) => ({ default: m.RoleDialog })));

export function Frame() {
  const { pathname } = useLocation();
  const roleDialogOpen = useSession((s) => s.roleDialogOpen);
  useProfileSync();
  return (
    <div className="cp-layout">
      {showsNavBar(pathname) && <NavBar />}
      <main className="cp-content">
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
      </main>
      <LoadWhen when={roleDialogOpen}>
        <RoleDialog />
      </LoadWhen>
    </div>
  );
}

export function App({ config }: { config: PublicConfig }) {
  return (
    <BrowserRouter>
      <AuthProvider config={config}>
        <Frame />
      </AuthProvider>
    </BrowserRouter>
  );
}
