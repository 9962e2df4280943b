import { PORTALS } from '@courseport/contracts/platform';
import { renderStandalone, standaloneRoutes } from '@courseport/shared-ui';
import CertificatePage from './pages/CertificatePage';
import CourseDetailsPage from './pages/CourseDetailsPage';
import CourseListPage from './pages/CourseListPage';
import HomePage from './pages/HomePage';
import InstructorPage from './pages/InstructorPage';

// Standalone mode for the storefront team: the same pages the shell federates, on their own.
renderStandalone(
  standaloneRoutes(PORTALS.storefront.routes, {
    HomePage,
    CourseListPage,
    CourseDetailsPage,
    InstructorPage,
    CertificatePage,
  }),
);
