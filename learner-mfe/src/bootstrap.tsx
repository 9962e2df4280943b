import { renderStandalone } from '@courseport/shared-ui';
import MyEnrollmentsPage from './pages/MyEnrollmentsPage';
import PaymentReturnPage from './pages/PaymentReturnPage';
import PlayerPage from './pages/PlayerPage';
import PurchaseHistoryPage from './pages/PurchaseHistoryPage';
import WishlistPage from './pages/WishlistPage';

// Standalone mode for the learner team: the same pages the shell federates, on their own.
renderStandalone([
  { path: '/my-enrollments', element: <MyEnrollmentsPage /> },
  { path: '/player/:courseId', element: <PlayerPage /> },
  { path: '/loading/:path', element: <PaymentReturnPage /> },
  { path: '/purchase-history', element: <PurchaseHistoryPage /> },
  { path: '/wishlist', element: <WishlistPage /> },
]);
