/** Liveness and readiness (no collection). */
export { healthRoutes } from './routes.js';
