import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
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
  shared: Array<{ name: string; assets: { js: { sync: string[]; async?: string[] } } }>;
  exposes: Array<{ name: string; assets: { js: { sync: string[]; async?: string[] } } }>;
}

const stats = (app: App): FederationStats =>
  JSON.parse(readFileSync(path.join(ROOT, APPS[app], 'dist/mf-stats.json'), 'utf8'));

/** Names a built file by what it carries, so a budget failure says which part grew. */
export function labelOf(app: App, file: string): string {
  if (file === 'remoteEntry.js') return `${app} remote entry (federation bundler runtime; its core is the shell's)`;
  if (/^static\/js\/index\./.test(file)) return `${app} entry (federation runtime, start-up)`;
  const { shared, exposes } = stats(app);
  const libs = shared.filter((s) => s.assets.js.sync.includes(file)).map((s) => s.name);
  if (libs.length > 0) return `${app}'s shared ${libs.join(' + ')}`;
  const pages = exposes.filter((e) => e.assets.js.sync.includes(file)).map((e) => e.name);
  if (pages.length > 0) return `${app} page code (${pages.join(', ')})`;
  // A chunk loaded on demand: shared-ui's antd (`loadAntd`), a page's lazy parts.
  const lazyLibs = shared.filter((s) => s.assets.js.async?.includes(file)).map((s) => s.name);
  if (lazyLibs.length > 0) return `${app}'s shared ${lazyLibs.join(' + ')}, loaded on demand`;
  const lazyPages = exposes.filter((e) => e.assets.js.async?.includes(file)).map((e) => e.name);
  if (lazyPages.length > 0) return `${app} page code loaded on demand (${lazyPages.join(', ')})`;
  if (/^static\/js\/async\//.test(file)) {
    // shared-ui's antd (#34: a chunk per component, `loadAntd`, and their shared pieces) is in
    // chunks the stats do not name: the shell's entry says which components each one serves.
    const components = app === 'shell' ? antdChunks().get(file) : undefined;
    if (file.startsWith('static/js/async/antd-core.')) return `${app}'s antd core (CSS-in-JS, ConfigProvider, rc-*)`;
    if (components) {
      const which = components.length <= 4 ? components.join(', ') : `shared by ${components.length} components`;
      return `${app}'s antd (${which})`;
    }
    const antd = readFileSync(path.join(ROOT, APPS[app], 'dist', file), 'utf8').includes('@ant-design');
    return `${app} chunk loaded on demand${antd ? ': antd' : ''}`;
  }
  return `${app} app code`;
}

let antdChunkMap: Map<string, string[]> | undefined;

/** The `(1)` groups of `pattern`'s matches in `text`. */
const groups = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1] ?? '');

/**
 * The shell's antd files, each with the components (shared-ui's `loadAntd` keys: table, modal...)
 * whose loader fetches it: from the loaders in the shell's entry (`table:()=>Promise.all([r.e("9d"),
 * ...])`) and each async file's chunk ids. Only labels: a build this does not understand names none.
 */
function antdChunks(): Map<string, string[]> {
  if (antdChunkMap) return antdChunkMap;
  const keys = groups(
    readFileSync(path.join(ROOT, 'shared-ui/src/load-on-demand.ts'), 'utf8'),
    /^ {2}(\w+): \(\) =>/gm,
  );
  const js = path.join(ROOT, APPS.shell, 'dist/static/js');
  const entry = readdirSync(js).find((name) => /^index\..*\.js$/.test(name)) ?? '';
  const source = entry ? readFileSync(path.join(js, entry), 'utf8') : '';
  const byChunk = new Map<string, string[]>();
  for (const key of keys) {
    const list = new RegExp(`[,{]${key}:\\(\\)=>Promise\\.all\\(\\[([^\\]]*)\\]\\)`).exec(source)?.[1] ?? '';
    for (const id of groups(list, /\.e\("?([\w-]+)"?\)/g)) byChunk.set(id, [...(byChunk.get(id) ?? []), key]);
  }
  antdChunkMap = new Map();
  for (const name of readdirSync(path.join(js, 'async')).filter((n) => n.endsWith('.js'))) {
    const head = readFileSync(path.join(js, 'async', name), 'utf8').slice(0, 300);
    const ids = (/push\(\[\[([^\]]*)\]/.exec(head)?.[1] ?? '').split(',').map((id) => id.replace(/"/g, ''));
    const users = [...new Set(ids.flatMap((id) => byChunk.get(id) ?? []))].sort();
    if (users.length > 0) antdChunkMap.set(`static/js/async/${name}`, users);
  }
  return antdChunkMap;
}

/** Files of `app` that are its own copy of a shared library (fetched only when it provides them). */
export function sharedFilesOf(app: App): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const { name, assets } of stats(app).shared)
    for (const file of assets.js.sync) files.set(file, [...(files.get(file) ?? []), name]);
  return files;
}

/**
 * A signed-in user's browser state (the API's session cookie), carried from one cold load to the
 * next: the refresh cookie rotates each time a page renews the session, so each load must start
 * from the state the previous one left.
 */
export interface CarriedSession {
  state: Awaited<ReturnType<BrowserContext['storageState']>>;
}

/** What shows that the page is there: a text, or (for pages whose text is data) a CSS selector. */
export type Ready = string | { css: string };

/**
 * Loads `route` cold in a new context (empty cache; with `session`, a returning user's session
 * cookie, updated afterwards) and returns every script it fetched, in order.
 */
export async function firstLoadScripts(
  browser: Browser,
  platform: Platform,
  route: string,
  ready: Ready,
  session?: CarriedSession,
): Promise<LoadedScript[]> {
  const context = await browser.newContext(session ? { storageState: session.state } : {});
  try {
    const page = await context.newPage();
    const urls: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') urls.push(request.url());
    });
    await page.goto(platform.urls.shell + route);
    const shown = typeof ready === 'string' ? page.getByText(ready) : page.locator(ready.css);
    await shown.first().waitFor();
    await page.waitForLoadState('networkidle');
    if (session) session.state = await context.storageState();
    return urls.map((url) => loadedScript(platform, url));
  } finally {
    await context.close();
  }
}

/** A fetched script: its app, its file in the app's dist folder, what it carries, its gzip size. */
function loadedScript(platform: Platform, url: string): LoadedScript {
  const { origin, pathname } = new URL(url);
  const app = (Object.keys(APPS) as App[]).find((name) => platform.urls[name] === origin);
  if (!app) throw new Error(`A script from an unknown origin: ${url}`);
  const file = pathname.replace(/^\//, '');
  const gzipBytes = gzipSync(readFileSync(path.join(ROOT, APPS[app], 'dist', file))).length;
  return { url, app, file, label: labelOf(app, file), gzipBytes };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A readable table of what a page loaded, biggest first. */
export function describeScripts(scripts: LoadedScript[]): string {
  return [...scripts]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((s) => `  ${kb(s.gzipBytes).padStart(9)}  ${s.label}  (${s.app}/${s.file})`)
    .join('\n');
}
