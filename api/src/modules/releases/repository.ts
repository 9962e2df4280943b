import type { PortalName, PortalRelease, ReleaseAuditEntry, ReleasePlan } from '@courseport/contracts';
import type { Store, Stored } from '../../store/index.js';

/** One change of the registry, as the audit trail answers it (`ReleaseAuditEntry`) but for its portal (the record's). */
export interface ReleaseAuditDoc extends Stored<Omit<ReleaseAuditEntry, 'portal'>, 'at'> {}

/**
 * One portal's release registry (#22); `_id` is the portal's name. `rev` grows with every change,
 * each made by a conditional update on it that also pushes its audit entry (oldest first).
 */
export interface ReleaseDoc {
  _id: PortalName;
  rev: number;
  live: Stored<NonNullable<PortalRelease['live']>, 'since'> | null;
  canary: Stored<NonNullable<PortalRelease['canary']>, 'since'> | null;
  /** earlier live versions, most recently live first, without the live one */
  previous: ReleasePlan['previous'];
  /** every version ever released, newest first */
  versions: Array<Stored<PortalRelease['versions'][number], 'firstReleasedAt'>>;
  audit: ReleaseAuditDoc[];
  [key: string]: unknown;
}

export const releasesRepository = (store: Store) => store.collection<ReleaseDoc>('releases');
export type ReleasesRepository = ReturnType<typeof releasesRepository>;
