/** The portals' release registry (the `releases` collection). Calls no other module. */
export { type ReleaseServices, releaseRoutes } from './routes.js';
export { isPortal, RELEASE_TOKEN_CALLER, type ReleasesService, releasesService } from './service.js';
