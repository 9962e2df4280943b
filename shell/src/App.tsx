import {
  BrowserRouter,
  LoadingState,
  type PublicConfig,
  QueryProvider,
  Route,
  Routes,
  useLocation,
  useSession,
} from '@courseport/shared-ui';
import { lazy, Suspense } from 'react';
import { ROUTES, showsNavBar } from '../routes.mjs';
import { AuthProvider } from './auth/AuthProvider';
import { EducatorGuard } from './guards/EducatorGuard';
import { DemoBanner } from './layout/DemoBanner';
import { NavBar } from './layout/NavBar';
import { NotFound } from './layout/NotFound';
import { LoadWhen } from './lazy/LoadWhen';
import { RemotePage } from './remotes/RemotePage';
import { useProfileSync } from './session/useProfileSync';

const RoleDialog = lazy(() => import('./roles/RoleDialog').then((m) => ({ default: m.RoleDialog })));
// The shell's own pages (local accounts' screens): not part of the first load.
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage'));

export function Frame({ demo = false }: { demo?: boolean }) {
  const { pathname } = useLocation();
  const roleDialogOpen = useSession((s) => s.roleDialogOpen);
  useProfileSync();
  return (
    <div className="cp-layout">
      {demo && <DemoBanner />}
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
          <Route
            path="/reset-password"
            element={
              <Suspense fallback={<LoadingState />}>
                <ResetPasswordPage />
              </Suspense>
            }
          />
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
    <QueryProvider>
      <BrowserRouter>
        <AuthProvider config={config}>
          <Frame demo={config.mode === 'demo'} />
        </AuthProvider>
      </BrowserRouter>
    </QueryProvider>
  );
}
