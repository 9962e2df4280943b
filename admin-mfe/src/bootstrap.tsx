import { PORTALS } from '@courseport/contracts/platform';
import { renderStandalone, standaloneRoutes } from '@courseport/shared-ui';
import AdminDashboardPage from './pages/AdminDashboardPage';

// Standalone mode for the admin team: the same pages the shell federates, on their own.
renderStandalone(standaloneRoutes(PORTALS.admin.routes, { AdminDashboardPage }));
