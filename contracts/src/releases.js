/**
 * Portal releases (#22): how a portal build names itself, where a version is published, and what
 * the API's release registry, the shell's server and the release console say to each other.
 */

/** A release's version: semver (`2.1.0`, `2.1.0-rc.1`, `2.1.0+sha.7f3c`), at most 64 characters. */
export const RELEASE_VERSION_PATTERN =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

export const MAX_RELEASE_VERSION_LENGTH = 64;

/** @param {unknown} value */
export const isReleaseVersion = (value) =>
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
 * @param {string} base
 * @param {string} version
 */
export const versionFolder = (base, version) => `${base.replace(/\/(remoteEntry\.js)?$/, '')}/${version}/`;

/** Where the shell's server publishes what it serves and what it refused (same origin as the app). */
export const RELEASE_STATUS_PATH = '/release-status.json';
