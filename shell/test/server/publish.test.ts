import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishPortal } from '../../../scripts/lib/publish.mjs';

let work: string;
let build: string;
let releases: string;

async function buildOf(version: string, portal = 'storefront') {
  await writeFile(path.join(build, 'release.json'), JSON.stringify({ portal, version, builtAt: 'x', requires: {} }));
  await writeFile(path.join(build, 'remoteEntry.js'), `/* ${version} */`);
}

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'courseport-publish-'));
  build = path.join(work, 'dist');
  releases = path.join(work, 'releases');
  await mkdir(path.join(build, 'static'), { recursive: true });
  await writeFile(path.join(build, 'static', 'chunk.js'), '/* chunk */');
});
afterEach(() => rm(work, { recursive: true, force: true }));

describe('pnpm portal:publish', () => {
  it('copies the build whole into <releases>/<portal>/<version>/', async () => {
    await buildOf('1.2.0');
    const { version, folder } = await publishPortal({ portal: 'storefront', from: build, to: releases });
    expect(version).toBe('1.2.0');
    expect(folder).toBe(path.join(releases, 'storefront', '1.2.0'));
    expect(await readFile(path.join(folder, 'static', 'chunk.js'), 'utf8')).toBe('/* chunk */');
  });

  it('never overwrites a published version, even when two publishes race; nothing half-copied is left', async () => {
    await buildOf('1.2.0');
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => publishPortal({ portal: 'storefront', from: build, to: releases })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((r) => r.status === 'rejected'))
      expect((result as PromiseRejectedResult).reason.message).toBe(
        'storefront 1.2.0 is already published; versions never change: build with a new PORTAL_VERSION',
      );
    await writeFile(path.join(build, 'remoteEntry.js'), '/* changed */');
    await expect(publishPortal({ portal: 'storefront', from: build, to: releases })).rejects.toThrow(
      'already published',
    );
    expect(await readFile(path.join(releases, 'storefront', '1.2.0', 'remoteEntry.js'), 'utf8')).toBe('/* 1.2.0 */');
    expect(await readdir(path.join(releases, 'storefront'))).toEqual(['1.2.0']);
  });

  it("refuses another portal's build, a build without release.json, and a version that is not semver", async () => {
    await buildOf('1.2.0', 'learner');
    await expect(publishPortal({ portal: 'storefront', from: build, to: releases })).rejects.toThrow(
      'is a build of learner, not storefront',
    );
    await buildOf('../../etc');
    await expect(publishPortal({ portal: 'storefront', from: build, to: releases })).rejects.toThrow(
      'names no release version',
    );
    await rm(path.join(build, 'release.json'));
    await expect(publishPortal({ portal: 'storefront', from: build, to: releases })).rejects.toThrow(
      'has no readable release.json',
    );
  });
});
