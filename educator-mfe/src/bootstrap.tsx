import { PORTALS } from '@courseport/contracts/platform';
import { renderStandalone, standaloneRoutes } from '@courseport/shared-ui';
import EducatorPortal from './pages/EducatorPortal';

// Standalone mode for the educator team: the same pages the shell federates, on their own.
renderStandalone(standaloneRoutes(PORTALS.educator.routes, { EducatorPortal }));
