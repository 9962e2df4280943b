import type { RuntimeConfig } from './contracts/index';

let current: RuntimeConfig | null = null;

/** Set once by the shell (or a portal running standalone) before anything renders. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime config is not loaded yet');
  return current;
}

/**
 * Fetches `/runtime-config.json`. A portal running standalone has none and calls the API on its
 * own origin, like the shell (`apiBaseUrl: ''`): its dev server and `pnpm start`'s forward `/api`.
 */
export async function fetchRuntimeConfig(url = '/runtime-config.json'): Promise<RuntimeConfig> {
  try {
    const res = await fetch(url, { cache: 'no-store' });
    if (res.ok) return (await res.json()) as RuntimeConfig;
  } catch {
    // fall through to the same-origin default
  }
  return { apiBaseUrl: '', remotes: {} };
}
