import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import type { Platform } from './platform';

const ROOT = path.resolve(import.meta.dirname, '../..');
const APPS = {
  shell: 'shell',
  storefront: 'storefront-mfe',
  learner: 'learner-mfe',
  educator: 'educator-mfe',
  admin: 'admin-mfe',
} as const;
type App = keyof typeof APPS;

export interface LoadedScript {
  url: string;
  app: App;
  /** The file in the app's dist folder. */
  file: string;
  /** What the file is, from the app's federation stats: a shared library, an exposed page, an entry. */
  label: string;
  /** Bytes as the platform's static server sends them (gzip, default level): deterministic. */
  gzipBytes: number;
}

interface FederationStats {
  shared: Array<{ name: string; assets: { js: { sync: string[] } } }>;
  exposes: Array<{ name: string; assets: { js: { sync: string[] } } }>;
}

const stats = (app: App): FederationStats =>
  JSON.parse(readFileSync(path.join(ROOT, APPS[app], 'dist/mf-stats.json'), 'utf8'));

/** Names a built file by what it carries, so a budget failure says which part grew. */
export function labelOf(app: App, file: string): string {
  if (file === 'remoteEntry.js') return `${app} remote entry (federation runtime)`;
  if (/^static\/js\/index\./.test(file)) return `${app} entry (federation runtime, start-up)`;
  const { shared, exposes } = stats(app);
  const libs = shared.filter((s) => s.assets.js.sync.includes(file)).map((s) => s.name);
  if (libs.length > 0) return `${app}'s shared ${libs.join(' + ')}`;
  const pages = exposes.filter((e) => e.assets.js.sync.includes(file)).map((e) => e.name);
  if (pages.length > 0) return `${app} page code (${pages.join(', ')})`;
  return `${app} app code`;
}

/** Files of `app` that are its own copy of a shared library (fetched only when it provides them). */
export function sharedFilesOf(app: App): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const { name, assets } of stats(app).shared)
    for (const file of assets.js.sync) files.set(file, [...(files.get(file) ?? []), name]);
  return files;
}

/** Loads `route` cold in a new context and returns every script it fetched, in order. */
export async function firstLoadScripts(
  browser: Browser,
  platform: Platform,
  route: string,
  ready: string,
): Promise<LoadedScript[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  await page.goto(platform.urls.shell + route);
  await page.getByText(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();

  return urls.map((url) => {
    const { origin, pathname } = new URL(url);
    const app = (Object.keys(APPS) as App[]).find((name) => platform.urls[name] === origin);
    if (!app) throw new Error(`A script from an unknown origin: ${url}`);
    const file = pathname.replace(/^\//, '');
    const gzipBytes = gzipSync(readFileSync(path.join(ROOT, APPS[app], 'dist', file))).length;
    return { url, app, file, label: labelOf(app, file), gzipBytes };
  });
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A readable table of what a page loaded, biggest first. */
export function describeScripts(scripts: LoadedScript[]): string {
  return [...scripts]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((s) => `  ${kb(s.gzipBytes).padStart(9)}  ${s.label}  (${s.app}/${s.file})`)
    .join('\n');
}
