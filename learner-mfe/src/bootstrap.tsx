import { PORTALS } from '@courseport/contracts/platform';
import { renderStandalone, standaloneRoutes } from '@courseport/shared-ui';
import MyEnrollmentsPage from './pages/MyEnrollmentsPage';
import PaymentReturnPage from './pages/PaymentReturnPage';
import PlayerPage from './pages/PlayerPage';
import PurchaseHistoryPage from './pages/PurchaseHistoryPage';
import WishlistPage from './pages/WishlistPage';

// Standalone mode for the learner team: the same pages the shell federates, on their own.
renderStandalone(
  standaloneRoutes(PORTALS.learner.routes, {
    MyEnrollmentsPage,
    PlayerPage,
    PaymentReturnPage,
    PurchaseHistoryPage,
    WishlistPage,
  }),
);
