import type { RemoteName, RuntimeConfig } from '@courseport/shared-ui';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

let manifests: RuntimeConfig['remotes'] = {};

/** Registers every portal's manifest URL from the runtime config (no build-time remotes). */
export function registerPortals(remotes: RuntimeConfig['remotes'], force = false): void {
  manifests = { ...manifests, ...remotes };
  registerRemotes(
    Object.entries(remotes).map(([name, entry]) => ({ name, entry })),
    { force },
  );
}

/** Loads an exposed page component, e.g. `loadPage('storefront', 'HomePage')`. */
export async function loadPage(remote: RemoteName, module: string): Promise<{ default: ComponentType }> {
  const loaded = await loadRemote<{ default: ComponentType }>(`${remote}/${module}`);
  if (!loaded?.default) throw new Error(`${remote}/${module} did not export a component`);
  return loaded;
}

/** Forgets a failed remote so the next load fetches its manifest and entry again. */
export function resetRemote(remote: RemoteName): void {
  const entry = manifests[remote];
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
}
