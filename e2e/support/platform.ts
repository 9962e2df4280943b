import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error: plain ESM script without type declarations
import { missingBuilds, startPlatform } from '../../scripts/lib/platform.mjs';

export interface Platform {
  urls: Record<'shell' | 'api' | 'storefront' | 'learner' | 'educator' | 'admin', string>;
  startRemote(name: string): Promise<void>;
  stopRemote(name: string): Promise<void>;
  restartApi(): Promise<void>;
  stop(): Promise<void>;
}

/** The assembled platform from built files, on free ports, with a throw-away data folder. */
export async function startTestPlatform(): Promise<Platform> {
  const missing: string[] = missingBuilds();
  if (missing.length > 0) throw new Error(`Build first (pnpm build); missing: ${missing.join(', ')}`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'courseport-e2e-'));
  const platform = await startPlatform({
    ports: { api: 0, shell: 0, storefront: 0, learner: 0, educator: 0, admin: 0 },
    apiEnv: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', MONGODB_URI: '' },
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
