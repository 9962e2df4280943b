/**
 * Portal releases as a platform team ships them (#22): versions published side by side, a canary
 * that keeps each visitor on one side, promotion and rollback that reach every visitor within
 * seconds without restarting the shell, a build the shell refuses (and the console says why), and
 * a canary that fails to load falling back to the live version.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishPortal } from '../../scripts/lib/publish.mjs';
import { canaryBucket, VISITOR_COOKIE } from '../../shell/server/releases.mjs';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { DEMO, signedInContext } from '../support/session';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STOREFRONT_DIST = path.join(ROOT, 'storefront-mfe/dist');
const RELEASE_CLI = path.join(ROOT, 'scripts/release.mjs');
const TOKEN = 'e2e-release-token-0123456789abcdef0123456789';
const OLD_TEXT = 'Empower your future with courses designed to';
const NEW_TEXT = 'Release two brings you courses designed to';
const VISITORS = 20;

let platform: Platform;
let browser: Browser;
let work: string;
let releasesDir: string;
let admin: BrowserContext;
let console_: Page;
const visitors: Array<{ context: BrowserContext; page: Page; id: string }> = [];

/** A build of the storefront made from the local one: its version, and what the edit does to its files. */
async function build(version: string, edit: (dir: string) => Promise<void> = async () => {}) {
  const dir = path.join(work, version);
  await cp(STOREFRONT_DIST, dir, { recursive: true });
  const releaseFile = path.join(dir, 'release.json');
  const release = JSON.parse(await readFile(releaseFile, 'utf8'));
  await writeFile(releaseFile, JSON.stringify({ ...release, version, builtAt: new Date().toISOString() }));
  await edit(dir);
  await publishPortal({ portal: 'storefront', from: dir, to: releasesDir });
}

/** Every JavaScript file of a build (browser and server), with a text replaced. */
async function replaceText(dir: string, from: string, to: string) {
  const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.js'));
  let changed = 0;
  for (const file of files) {
    const text = await readFile(path.join(dir, file), 'utf8');
    if (!text.includes(from)) continue;
    await writeFile(path.join(dir, file), text.replaceAll(from, to));
    changed++;
  }
  if (changed === 0) throw new Error(`No file of the storefront's build has "${from}"`);
}

/** `pnpm release …` as a CI pipeline runs it. */
async function release(...args: string[]) {
  const child = spawn(process.execPath, [RELEASE_CLI, ...args], {
    env: { ...process.env, COURSEPORT_API_URL: platform.urls.api, RELEASE_TOKEN: TOKEN },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`pnpm release ${args.join(' ')} exited with ${code}: ${output}`);
  return output;
}

interface Status {
  portals: Array<{
    portal: string;
    serving: { version: string | null };
    canary: { version: string } | null;
    refused: Array<{ version: string; reason: string }>;
  }>;
}
const storefrontStatus = async () => {
  const status = (await (await fetch(`${platform.urls.shell}/release-status.json`)).json()) as Status;
  return status.portals.find((p) => p.portal === 'storefront');
};

/** The hero's text a visitor sees once the page has drawn it: which build they got. */
async function sideOf(page: Page): Promise<'old' | 'new'> {
  const hero = page.locator('#sf-hero-title');
  await hero.waitFor();
  const text = (await hero.textContent()) ?? '';
  if (text.startsWith(NEW_TEXT)) return 'new';
  if (text.startsWith(OLD_TEXT)) return 'old';
  throw new Error(`Unexpected hero: ${text}`);
}

/** Reloads a visitor's page until it shows a side (the registry's change reaches the shell within seconds). */
async function seesWithinSeconds(page: Page, side: 'old' | 'new') {
  await expect
    .poll(
      async () => {
        await page.reload();
        return sideOf(page);
      },
      { timeout: 15_000, interval: 300 },
    )
    .toBe(side);
}

/** Runs a step for every visitor, five at a time. */
async function eachVisitor(step: (visitor: (typeof visitors)[number], index: number) => Promise<void>) {
  for (let i = 0; i < visitors.length; i += 5)
    await Promise.all(visitors.slice(i, i + 5).map((visitor, j) => step(visitor, i + j)));
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'courseport-canary-'));
  releasesDir = path.join(work, 'published');
  [platform, browser] = await Promise.all([
    startTestPlatform({ apiEnv: { RELEASE_TOKEN: TOKEN }, releasesDir }),
    launchChromium(),
  ]);
  await build('1.0.0');
  await build('2.0.0', (dir) => replaceText(dir, OLD_TEXT, NEW_TEXT));
  // A build against a shared-ui this shell does not provide.
  await build('3.0.0', async (dir) => {
    const file = path.join(dir, 'release.json');
    const manifest = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...manifest, requires: { '@courseport/shared-ui': '^9.0.0' } }));
  });
  // A build whose entry is gone from its host (a broken upload).
  await build('4.0.0', (dir) => rm(path.join(dir, 'remoteEntry.js')));
  admin = await signedInContext(browser, platform.urls.shell, DEMO.admin);
  console_ = await admin.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('portal releases', () => {
  it('a published version goes live from the CLI, and every visitor gets it', async () => {
    expect(await release('storefront', '1.0.0')).toContain('1.0.0');
    await expect.poll(async () => (await storefrontStatus())?.serving.version, { timeout: 10_000 }).toBe('1.0.0');
    const html = await (await fetch(`${platform.urls.shell}/`)).text();
    expect(html).toContain('/1.0.0/remoteEntry.js');
    // The server renders the live version.
    expect(html).toContain(OLD_TEXT);
  });

  it('a 50 % canary shows the new build to about half of 20 fresh visitors, each always on the same side', async () => {
    await release('storefront', '2.0.0', '--canary', '50');
    await expect.poll(async () => (await storefrontStatus())?.canary?.version, { timeout: 10_000 }).toBe('2.0.0');
    const sides: Array<'old' | 'new'> = [];
    // Five visitors at a time, each in a fresh browser context (no cookie yet).
    for (let batch = 0; batch < VISITORS; batch += 5) {
      await Promise.all(
        Array.from({ length: 5 }, async () => {
          const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
          const page = await context.newPage();
          await page.goto(platform.urls.shell);
          const side = await sideOf(page);
          const cookie = (await context.cookies()).find((c) => c.name === VISITOR_COOKIE);
          expect(cookie?.httpOnly).toBe(true);
          const id = cookie?.value ?? '';
          // The side is the cookie's, not chance: the same hash the shell's server uses.
          expect(side).toBe(canaryBucket(id, 'storefront') < 50 ? 'new' : 'old');
          visitors.push({ context, page, id });
          sides.push(side);
        }),
      );
    }
    const onNew = sides.filter((side) => side === 'new').length;
    // Binomial(20, ½): outside 3–17 once in about 2,600 runs.
    expect(onNew).toBeGreaterThanOrEqual(3);
    expect(onNew).toBeLessThanOrEqual(17);
    // Each visitor comes back to the same side.
    await eachVisitor(async (visitor, i) => {
      await visitor.page.reload();
      expect(await sideOf(visitor.page)).toBe(sides[i]);
    });
  }, 120_000);

  it('promote in the console → every visitor sees the new build, without restarting the shell', async () => {
    await console_.goto(`${platform.urls.shell}/admin`);
    await console_.getByRole('tab', { name: 'Releases' }).click();
    await console_.getByRole('button', { name: 'Promote canary of storefront 2.0.0' }).click();
    await console_.getByRole('button', { name: 'Promote', exact: true }).click();
    await console_.getByText('storefront 2.0.0 is live').waitFor();
    await eachVisitor((visitor) => seesWithinSeconds(visitor.page, 'new'));
    // The server renders the new live version too (its server build, loaded by URL).
    await expect
      .poll(async () => (await (await fetch(`${platform.urls.shell}/`)).text()).includes(NEW_TEXT), { timeout: 10_000 })
      .toBe(true);
  }, 120_000);

  it('roll back in one click → every visitor sees the old build within seconds', async () => {
    await console_.getByRole('button', { name: 'Roll back storefront to 1.0.0' }).click();
    await console_.getByRole('button', { name: 'Roll back', exact: true }).click();
    await console_.getByText('storefront rolled back to 1.0.0').waitFor();
    await eachVisitor((visitor) => seesWithinSeconds(visitor.page, 'old'));
  }, 120_000);

  it('a build needing a shared-ui this shell does not provide is refused: visitors stay on the live one, and the console says why', async () => {
    await release('storefront', '3.0.0');
    const provided = JSON.parse(await readFile(path.join(ROOT, 'shared-ui/package.json'), 'utf8')).version;
    const reason = `storefront 3.0.0 needs @courseport/shared-ui ^9.0.0; this shell provides ${provided}`;
    await expect
      .poll(async () => (await storefrontStatus())?.refused.map((r) => r.reason), { timeout: 10_000 })
      .toContain(reason);
    expect((await storefrontStatus())?.serving.version).toBe('1.0.0');
    await console_.reload();
    await console_.getByRole('tab', { name: 'Releases' }).click();
    await console_.getByText(reason).waitFor();
    const visitor = visitors[0] as (typeof visitors)[number];
    await visitor.page.reload();
    expect(await sideOf(visitor.page)).toBe('old');
  });

  it('a canary that fails to load for a visitor falls back to the live version, not to the Retry screen', async () => {
    await release('storefront', '4.0.0', '--canary', '99');
    await expect.poll(async () => (await storefrontStatus())?.canary?.version, { timeout: 10_000 }).toBe('4.0.0');
    const inCanary = visitors.find((v) => canaryBucket(v.id, 'storefront') < 99);
    if (!inCanary) throw new Error('No visitor in a 99 % canary');
    const errors: string[] = [];
    inCanary.page.on('console', (message) => {
      if (message.type() === 'warning') errors.push(message.text());
    });
    await inCanary.page.reload();
    expect(await sideOf(inCanary.page)).toBe('old');
    expect(await inCanary.page.getByText('This section is unavailable').count()).toBe(0);
    expect(errors.join('\n')).toContain('/4.0.0/remoteEntry.js failed to load; using its live version');
  });
});
