import type { IndexSpec } from './store/index.js';

/** Every index the API relies on; created at start (idempotent). Modules add theirs here. */
export const INDEXES: readonly IndexSpec[] = [];
