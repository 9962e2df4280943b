import type { PortalName, ReleaseAction } from '@courseport/contracts';
import type { Store } from '../../store/index.js';

export interface ReleaseAuditDoc {
  id: string;
  action: ReleaseAction;
  from: string | null;
  to: string | null;
  percent: number | null;
  by: string;
  at: Date;
}

/**
 * One portal's release registry (#22); `_id` is the portal's name. `rev` grows with every change,
 * each made by a conditional update on it that also pushes its audit entry (oldest first).
 */
export interface ReleaseDoc {
  _id: PortalName;
  rev: number;
  live: { version: string; since: Date; by: string } | null;
  canary: { version: string; percent: number; since: Date; by: string } | null;
  /** earlier live versions, most recently live first, without the live one */
  previous: string[];
  /** every version ever released, newest first */
  versions: Array<{ version: string; firstReleasedAt: Date; wasLive: boolean }>;
  audit: ReleaseAuditDoc[];
  [key: string]: unknown;
}

export const releasesRepository = (store: Store) => store.collection<ReleaseDoc>('releases');
export type ReleasesRepository = ReturnType<typeof releasesRepository>;
