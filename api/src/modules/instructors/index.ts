/** An educator's public page (no collection of its own). Calls users, courses and categories. */
export { type InstructorServices, instructorRoutes } from './routes.js';
