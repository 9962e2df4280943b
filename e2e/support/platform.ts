import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PortalName } from '@courseport/contracts/platform';
import { FREE_PORTS, missingBuilds, startPlatform } from '../../scripts/lib/platform.mjs';
import { freePort } from './api-process';

export interface Platform {
  urls: Record<'shell' | 'api' | PortalName, string>;
  startRemote(name: PortalName): Promise<void>;
  stopRemote(name: PortalName): Promise<void>;
  /** Points the shell at a portal published at another URL (what STOREFRONT_URL etc. do). */
  setPortalUrl(name: PortalName, url: string): void;
  restartApi(): Promise<void>;
  stop(): Promise<void>;
}

export interface TestPlatformOptions {
  /** The browser calls the API on its own origin (http://localhost:<API port>), not at the app's /api. */
  separateApiOrigin?: boolean;
  /** false: every page renders in the browser, as when the storefront's server render is off or late. */
  serverRender?: boolean;
  /** Extra environment for the API (e.g. `SMTP_URL`), over the test defaults. */
  apiEnv?: Record<string, string>;
  /** Where published portal versions are (`<dir>/<portal>/<version>/`); a fresh empty folder by default. */
  releasesDir?: string;
}

/** The assembled platform from built files, on free ports, with a throw-away data folder. */
export async function startTestPlatform(options: TestPlatformOptions = {}): Promise<Platform> {
  const missing: string[] = missingBuilds();
  if (missing.length > 0) throw new Error(`Build first (pnpm build); missing: ${missing.join(', ')}`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'courseport-e2e-'));
  // Its URL must be known before it starts, so the API's port is chosen here.
  const apiPort = options.separateApiOrigin ? await freePort() : 0;
  const platform = await startPlatform({
    ports: { ...FREE_PORTS, api: apiPort },
    publicApiUrl: options.separateApiOrigin ? `http://localhost:${apiPort}` : undefined,
    serverRender: options.serverRender,
    releasesDir: options.releasesDir ?? path.join(dataDir, 'releases'),
    // The release registry's changes reach visitors within a second (2 s in production).
    releasesRefreshMs: 500,
    apiEnv: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', MONGODB_URI: '', ...options.apiEnv },
    apiOutput: 'inherit',
  });
  return {
    ...platform,
    async stop() {
      await platform.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
