export * from './course-stats.js';
export * from './description.js';
export * from './discovery.js';
export * from './format.js';
export * from './limits.js';
export * from './releases.js';
export * from './text.js';
export * from './thumbnail.js';
export type * from './types.js';
