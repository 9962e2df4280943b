/**
 * Portal releases (#22): how a portal build names itself, where a version is published, and what
 * the API's release registry, the shell's server and the release console say to each other.
 */
import type { PortalName } from './platform.js';

/** A release's version: semver (`2.1.0`, `2.1.0-rc.1`, `2.1.0+sha.7f3c`), at most 64 characters. */
export const RELEASE_VERSION_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

export const MAX_RELEASE_VERSION_LENGTH = 64;

export const isReleaseVersion = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= MAX_RELEASE_VERSION_LENGTH && RELEASE_VERSION_PATTERN.test(value);

/** The file every portal build publishes beside its remoteEntry.js: what it is and what it needs. */
export const RELEASE_MANIFEST_FILE = 'release.json';

/** The shared package whose range a build declares, and the shell checks before loading it. */
export const SHARED_UI_PACKAGE = '@courseport/shared-ui';

/** A canary's share of visitors, in whole percent. */
export const MIN_CANARY_PERCENT = 1;
export const MAX_CANARY_PERCENT = 99;

/** The release audit trail's page size in the console. */
export const RELEASE_AUDIT_PAGE_SIZE = 20;

/**
 * The folder of a published version under a portal's base URL (its origin or folder):
 * `https://cdn.example/storefront` + `2.1.0` → `https://cdn.example/storefront/2.1.0/`.
 */
export const versionFolder = (base: string, version: string): string =>
  `${base.replace(/\/(remoteEntry\.js)?$/, '')}/${version}/`;

/** Where the shell's server publishes what it serves and what it refused (same origin as the app). */
export const RELEASE_STATUS_PATH = '/release-status.json';

/** `release.json`, written by every portal build beside its remoteEntry.js. */
export interface ReleaseManifest {
  portal: PortalName;
  version: string;
  /** ISO time of the build */
  builtAt: string;
  /** package → the semver range this build needs the shell to provide (`{ '@courseport/shared-ui': '^1.0.0' }`) */
  requires: Record<string, string>;
}

/** What the shell's server reads (`GET /api/releases`, public): per portal, what should be served. */
export interface ReleasePlan {
  live: string | null;
  canary: { version: string; percent: number } | null;
  /** earlier live versions, newest first: where the shell goes when it refuses the live one */
  previous: string[];
}
export interface ReleasePlanResponse {
  success: true;
  releases: Partial<Record<PortalName, ReleasePlan>>;
}

/** One portal in the release console (`GET /api/admin/releases`). */
export interface PortalRelease {
  portal: PortalName;
  live: { version: string; since: string; by: string } | null;
  canary: { version: string; percent: number; since: string; by: string } | null;
  /** every version ever released (live or canary), newest first */
  versions: Array<{ version: string; firstReleasedAt: string; wasLive: boolean }>;
}
export interface PortalReleasesResponse {
  success: true;
  portals: PortalRelease[];
}

export type ReleaseAction = 'release' | 'canary' | 'promote' | 'rollback' | 'stop-canary';

/** One change of the registry: who, when, from what to what. */
export interface ReleaseAuditEntry {
  id: string;
  portal: PortalName;
  action: ReleaseAction;
  /** the live version before (for a canary: the canary before, or null) */
  from: string | null;
  /** the live version after (for a canary: the canary version; null when stopped) */
  to: string | null;
  percent: number | null;
  /** the admin's e-mail, or 'release token' for the CLI */
  by: string;
  at: string;
}
export interface ReleaseAuditResponse {
  success: true;
  entries: ReleaseAuditEntry[];
  page: number;
  pages: number;
}

/** What the shell's server decided for a portal (`/release-status.json` on the app's origin). */
export interface PortalReleaseStatus {
  portal: PortalName;
  /** the version every visitor outside the canary gets; null: the unversioned build at the portal's URL */
  serving: { version: string | null; entry: string };
  canary: { version: string; percent: number; entry: string } | null;
  /** versions the registry names that this shell will not load, and why */
  refused: Array<{ version: string; reason: string }>;
}
export interface ReleaseStatusResponse {
  /** the shared-ui version this shell provides */
  sharedUi: string;
  checkedAt: string | null;
  portals: PortalReleaseStatus[];
}
