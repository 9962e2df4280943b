/** The admin allow-list (the `adminEmails` collection): who is an admin. Calls only mail-free basics. */
export { ADMIN_EMAIL_INDEXES } from './repository.js';
export { type AdminEmailServices, adminEmailRoutes } from './routes.js';
export { type AdminEmailsService, adminEmailsOf, CANNOT_REMOVE_OWN_EMAIL } from './service.js';
