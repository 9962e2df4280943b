/**
 * @courseport/contracts: what the API, the shell (browser and server) and every portal agree on.
 * TypeScript source, built to dist/ for plain Node (see the package's README section in
 * docs/ARCHITECTURE.md), with no dependencies (zod only in the schema entries, subpath exports of
 * their own): no React, no DOM.
 */
export * from './course-stats.js';
export * from './description.js';
export * from './discovery.js';
export * from './format.js';
export * from './limits.js';
export type { PortalName } from './platform.js';
export * from './releases.js';
export * from './text.js';
export * from './thumbnail.js';
export type * from './types.js';
