/**
 * @courseport/contracts: what the API, the shell (browser and server) and every portal agree on.
 * Plain ES modules (the types are in the .d.ts files beside them), with no dependencies (zod only
 * in the schema entries, subpath exports of their own): no React, no DOM, no build step, so Node
 * runs them as they are.
 */
export * from './course-stats.js';
export * from './description.js';
export * from './discovery.js';
export * from './format.js';
export * from './limits.js';
export * from './releases.js';
export * from './text.js';
export * from './thumbnail.js';
