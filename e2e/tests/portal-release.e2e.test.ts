/**
 * A portal release is "publish its dist/ somewhere and point the variable at it": the shell picks it
 * up by configuration alone, first-load hints included, because it reads the manifest the portal
 * publishes at its own URL and nothing from the portal's local build.
 */
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer, listen } from '../../shell/server/static-server.mjs';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';

const STOREFRONT_DIST = fileURLToPath(new URL('../../storefront-mfe/dist', import.meta.url));
const RELEASE_PATH = '/releases/v2';

let platform: Platform;
let browser: Browser;
let host: Server;
let folder: string;
let releaseUrl: string;
/** Where the storefront was served before the release. */
let oldUrl: string;
/** The Home page's own chunk in the new release (a name the local build does not have). */
let homeChunk: string;

interface Manifest {
  exposes: Array<{ name: string; assets: { js: { sync: string[] } } }>;
}

async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.(js|json|css|html)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * A new build of the storefront: the same code with a new content hash for the Home page's chunk
 * (what any change to that page gives), renamed in the files and in every reference to it.
 */
async function newRelease(dir: string): Promise<string> {
  await cp(STOREFRONT_DIST, dir, { recursive: true });
  const manifest = JSON.parse(await readFile(path.join(dir, 'mf-manifest.json'), 'utf8')) as Manifest;
  const chunk = manifest.exposes.find((e) => e.name === 'HomePage')?.assets.js.sync[0];
  const hash = chunk && /\.([0-9a-f]{8,})\.js$/.exec(chunk)?.[1];
  if (!chunk || !hash) throw new Error('The storefront build names no Home page chunk');
  const newHash = [...hash].reverse().join('');
  for (const file of await textFiles(dir)) {
    const text = await readFile(file, 'utf8');
    if (text.includes(hash)) await writeFile(file, text.replaceAll(hash, newHash));
  }
  const renamed = chunk.replace(hash, newHash);
  await rename(path.join(dir, chunk), path.join(dir, renamed));
  return renamed;
}

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
  folder = await mkdtemp(path.join(tmpdir(), 'courseport-release-'));
  homeChunk = await newRelease(path.join(folder, RELEASE_PATH));
  // Any static host will do: here another origin (another host name and port), under a path.
  host = createStaticServer({ root: folder, corsOrigins: [platform.urls.shell] });
  releaseUrl = `http://127.0.0.1:${await listen(host, 0, '127.0.0.1', 'release host')}${RELEASE_PATH}`;
  // The release goes live: the old storefront server is gone, the configuration names the new URL.
  oldUrl = platform.urls.storefront;
  await platform.stopRemote('storefront');
  platform.setPortalUrl('storefront', releaseUrl);
});

afterAll(async () => {
  await browser?.close();
  host?.closeAllConnections();
  await new Promise((resolve) => (host ? host.close(resolve) : resolve(undefined)));
  await platform?.startRemote('storefront');
  await platform?.stop();
  await rm(folder, { recursive: true, force: true });
});

describe('a portal released at a new URL', () => {
  it("is named in the page's runtime config, policy and first-load hints, from its own manifest", async () => {
    const res = await fetch(`${platform.urls.shell}/`);
    const html = await res.text();
    const config = await fetch(`${platform.urls.shell}/runtime-config.json`).then((r) => r.json());
    expect(config.remotes.storefront).toBe(`${releaseUrl}/remoteEntry.js`);
    expect(res.headers.get('content-security-policy')).toContain(new URL(releaseUrl).origin);
    expect(html).toContain(`<link rel="preload" as="script" href="${releaseUrl}/remoteEntry.js">`);
    expect(html).toContain(`<link rel="preload" as="script" href="${releaseUrl}/${homeChunk}">`);
  });

  it('renders its pages in the shell, every storefront file from the new URL, each fetched once', async () => {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${platform.urls.shell}/`);
    await page.getByText('Learn from the best').waitFor();
    const fromRelease = scripts.filter((url) => url.startsWith(releaseUrl));
    expect(fromRelease).toContain(`${releaseUrl}/${homeChunk}`);
    expect(fromRelease.filter((url, i) => fromRelease.indexOf(url) !== i)).toEqual([]);
    expect(scripts.filter((url) => url.startsWith(oldUrl))).toEqual([]);
    // Another storefront page, loaded on demand from the same release.
    await page.getByRole('link', { name: 'Show all courses' }).click();
    await page.getByText('Course List', { exact: true }).first().waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
