/** The admin allow-list (the `adminEmails` collection): who is an admin. Calls no other module. */
export { ADMIN_EMAIL_INDEXES } from './repository.js';
export { type AdminEmailServices, adminEmailRoutes } from './routes.js';
export { type AdminEmailsService, adminEmailsOf, CANNOT_REMOVE_OWN_EMAIL } from './service.js';
