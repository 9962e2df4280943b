// Publishing a portal build under its version (#22): `<releases>/<portal>/<version>/`, which the
// portal's static host serves at `/<version>/` (immutable). A version is published once: the copy
// lands under a temporary name and is renamed into place, so a half-copied version is never
// served, and a version already there is never overwritten.
import { randomBytes } from 'node:crypto';
import { cp, mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { isReleaseVersion, RELEASE_MANIFEST_FILE } from '@courseport/contracts';

/**
 * @param {object} options
 * @param {string} options.portal
 * @param {string} options.from the portal's build (`storefront-mfe/dist`)
 * @param {string} options.to the releases folder
 * @returns {Promise<{ version: string, folder: string }>}
 */
export async function publishPortal({ portal, from, to }) {
  let manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(from, RELEASE_MANIFEST_FILE), 'utf8'));
  } catch {
    throw new Error(`${from} has no readable ${RELEASE_MANIFEST_FILE}: build the portal first`);
  }
  if (manifest.portal !== portal) throw new Error(`${from} is a build of ${manifest.portal}, not ${portal}`);
  const { version } = manifest;
  if (!isReleaseVersion(version)) throw new Error(`${from}/${RELEASE_MANIFEST_FILE} names no release version`);

  const folder = path.join(to, portal, version);
  const incoming = path.join(to, portal, `.incoming-${randomBytes(6).toString('hex')}`);
  await mkdir(path.dirname(folder), { recursive: true });
  await cp(from, incoming, { recursive: true });
  try {
    await rename(incoming, folder);
  } catch (error) {
    await rm(incoming, { recursive: true, force: true });
    if (['EEXIST', 'ENOTEMPTY', 'EPERM'].includes(/** @type {any} */ (error).code))
      throw new Error(
        `${portal} ${version} is already published; versions never change: build with a new PORTAL_VERSION`,
      );
    throw error;
  }
  return { version, folder };
}
