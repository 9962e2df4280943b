import { renderStandalone } from '@courseport/shared-ui';
import AdminDashboardPage from './pages/AdminDashboardPage';

// Standalone mode for the admin team: the same pages the shell federates, on their own.
renderStandalone([{ path: '/admin', element: <AdminDashboardPage /> }]);
