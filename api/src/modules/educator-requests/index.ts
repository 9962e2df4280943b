/** Requests to become an educator (the `educatorRequests` collection), decided by an admin. Calls users. */
export { EDUCATOR_REQUEST_INDEXES } from './repository.js';
export { type EducatorRequestServices, educatorRequestRoutes } from './routes.js';
export { type EducatorRequestsService, educatorRequestsOf } from './service.js';
