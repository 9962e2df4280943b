/** What the front ends need to know about this deployment, and the placeholder avatar (no collection). */
export { platformRoutes } from './routes.js';
