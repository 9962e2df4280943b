import {
  BrowserRouter,
  LoadingState,
  type PublicConfig,
  type QueryClient,
  QueryProvider,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useSession,
} from '@courseport/shared-ui';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { ROUTES, showsNavBar } from '../routes.mjs';
import { LoadWhen } from './components/LoadWhen';
import { AuthProvider } from './features/auth/components/AuthProvider';
import { DemoBanner } from './features/layout/components/DemoBanner';
import { NavBar } from './features/layout/components/NavBar';
import { useFocusOnNavigate } from './features/layout/hooks/useFocusOnNavigate';
import { NotificationBell } from './features/notifications/components/NotificationBell';
import { RemotePage } from './features/remotes/components/RemotePage';
import { EducatorRequestNotice } from './features/roles/components/EducatorRequestNotice';
import { EducatorGuard } from './features/session/components/EducatorGuard';
import { ProfileLoadError } from './features/session/components/ProfileLoadError';
import { useProfileSync } from './features/session/hooks/useProfileSync';
import './styles/shell.css';
import { NotFound } from './pages/NotFoundPage';
import { loadNotificationSettingsPage } from './pages/shell-pages';

const RoleDialog = lazy(() =>
  import('./features/roles/components/RoleDialog').then((m) => ({ default: m.RoleDialog })),
);
// The shell's own pages (local accounts' screens): not part of the first load.
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage'));
const ConfirmEmailPage = lazy(() => import('./pages/ConfirmEmailPage'));
const UnsubscribePage = lazy(() => import('./pages/UnsubscribePage'));
// A signed-in user's page (#34): rendered on the server too, and loaded with the session when opened.
const NotificationSettingsPage = lazy(loadNotificationSettingsPage);

/** The id of the shell's one <main>: the skip link's target (portals render no <main> of their own). */
export const MAIN_ID = 'main-content';
export const SKIP_LINK_TEXT = 'Skip to content';

export function Frame({ demo = false }: { demo?: boolean }) {
  const { pathname } = useLocation();
  const roleDialogOpen = useSession((s) => s.roleDialogOpen);
  const main = useRef<HTMLElement>(null);
  useProfileSync();
  useFocusOnNavigate(main);
  return (
    <div className="cp-layout">
      <a
        className="cp-skip-link"
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          event.preventDefault();
          main.current?.focus();
        }}
      >
        {SKIP_LINK_TEXT}
      </a>
      {demo && <DemoBanner />}
      {showsNavBar(pathname) && <NavBar signedInTools={<NotificationBell />} />}
      <main id={MAIN_ID} ref={main} tabIndex={-1} className="cp-content">
        <ProfileLoadError />
        {showsNavBar(pathname) && <EducatorRequestNotice />}
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
          <Route
            path="/confirm-email"
            element={
              <Suspense fallback={<LoadingState />}>
                <ConfirmEmailPage />
              </Suspense>
            }
          />
          <Route
            path="/unsubscribe"
            element={
              <Suspense fallback={<LoadingState />}>
                <UnsubscribePage />
              </Suspense>
            }
          />
          <Route
            path="/settings/notifications"
            element={
              <Suspense fallback={<LoadingState />}>
                <NotificationSettingsPage />
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

/**
 * Marks when the app has committed its first render: a page rendered on the server has been taken
 * over (it answers clicks), one rendered in the browser is on screen. A user timing for RUM and the
 * bench ('usable'). Effects do not run on the server.
 */
function ReadyMark() {
  useEffect(() => {
    if (performance.getEntriesByName(APP_READY_MARK).length === 0) performance.mark(APP_READY_MARK);
  }, []);
  return null;
}
export const APP_READY_MARK = 'courseport:app-ready';

interface AppProps {
  config: PublicConfig;
  /** the query cache (the platform's one by default; the server's render has one per request) */
  client?: QueryClient;
  /** the URL rendered on the server (the browser's router follows the address bar) */
  location?: string;
}

export function App({ config, client, location }: AppProps) {
  const frame = (
    <AuthProvider config={config}>
      <Frame demo={config.mode === 'demo'} />
      <ReadyMark />
    </AuthProvider>
  );
  return (
    <QueryProvider client={client}>
      {location === undefined ? (
        <BrowserRouter>{frame}</BrowserRouter>
      ) : (
        <StaticRouter location={location}>{frame}</StaticRouter>
      )}
    </QueryProvider>
  );
}
