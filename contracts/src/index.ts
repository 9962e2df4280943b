/**
 * @courseport/contracts: what the API, the shell (browser and server) and every portal agree on.
 * TypeScript, built to dist/ for plain Node ("Contracts: written once" in docs/ARCHITECTURE.md),
 * with no dependencies (zod only in the schema entries, subpath exports of their own): no React,
 * no DOM. `PortalName` and the runtime config's types are the root's as types only: the registry is `./platform`'s.
 */

export type * from './analytics.js';
export * from './course-stats.js';
export * from './description.js';
export * from './discovery.js';
// #35, #36: types only here (no run-time names reach shared-ui's exports); the limits and helpers are
// each file's own entry: `@courseport/contracts/discussions`, `…/notifications`, `…/payouts`, `…/analytics`.
export type * from './discussions.js';
export * from './format.js';
export * from './lessons.js';
export * from './limits.js';
export type * from './notifications.js';
export type * from './payouts.js';
export type { PortalName, RemoteName, RuntimeConfig } from './platform.js';
export * from './releases.js';
export * from './text.js';
export * from './thumbnail.js';
export type * from './types.js';
export * from './videos.js';
