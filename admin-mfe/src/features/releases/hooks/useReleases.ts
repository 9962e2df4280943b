import { queryKeys, useMutation, useQuery, useQueryClient, useQueryState, useToast } from '@courseport/shared-ui';
import { useCallback, useState } from 'react';
import {
  type PortalName,
  type ReleaseChange,
  releasesQuery,
  sendReleaseChange,
  shellStatusQuery,
} from '../api/releases';

export const RELEASES_LOAD_FAILED = 'Failed to fetch the releases';

const DONE: Record<ReleaseChange['kind'], string> = {
  release: 'Release recorded',
  promote: 'Canary promoted',
  rollback: 'Rolled back',
  'stop-canary': 'Canary stopped',
};
const FAILED: Record<ReleaseChange['kind'], string> = {
  release: 'Failed to release the version',
  promote: 'Failed to promote the canary',
  rollback: 'Failed to roll back',
  'stop-canary': 'Failed to stop the canary',
};

/** 'unavailable': there is no shell's server here (dev servers, a portal on its own). */
export type ShellStatusState = 'loading' | 'unavailable' | 'error' | 'ready';

/**
 * The release registry (every portal's live and canary versions) and what the shell's server makes
 * of it, loaded once `enabled` turns true (the tab was opened); releasing, promoting, rolling back
 * and stopping a canary. After a change the registry, its audit trail and the shell's status load
 * again; the server's message is the toast, either way.
 */
export function useReleases(enabled: boolean) {
  const toast = useToast();
  const client = useQueryClient();
  const registry = useQuery({ ...releasesQuery(), enabled });
  // Refresh: with a list on screen a failure is a toast and the list stays.
  const { state, refresh: refreshRegistry } = useQueryState(registry, {
    fallback: RELEASES_LOAD_FAILED,
    network: 'fallback',
    toast: 'refresh',
  });
  const shell = useQuery({ ...shellStatusQuery(), enabled });
  const [busyPortals, setBusyPortals] = useState<ReadonlySet<PortalName>>(new Set());

  const changing = useMutation({
    mutationFn: sendReleaseChange,
    onSuccess: (res, change) => {
      toast.success(res.message || DONE[change.kind]);
      return client.invalidateQueries({ queryKey: queryKeys.admin.releases.all });
    },
    onError: (error, change) => toast.failure(error, FAILED[change.kind], { network: 'fallback' }),
  });
  const { mutateAsync } = changing;

  /** Resolves true once the change is recorded (the caller may clear its form); never rejects. */
  const change = useCallback(
    async (next: ReleaseChange) => {
      setBusyPortals((busy) => new Set(busy).add(next.portal));
      try {
        await mutateAsync(next);
        return true;
      } catch {
        return false;
      } finally {
        setBusyPortals((busy) => {
          const rest = new Set(busy);
          rest.delete(next.portal);
          return rest;
        });
      }
    },
    [mutateAsync],
  );

  /** Loads the registry and the shell's status again; with a list on screen a failure is a toast. */
  const refresh = useCallback(async () => {
    await Promise.all([refreshRegistry(), shell.refetch()]);
  }, [refreshRegistry, shell.refetch]);

  let shellState: ShellStatusState = 'loading';
  if (shell.data) shellState = 'ready';
  else if (shell.data === null) shellState = 'unavailable';
  else if (shell.error) shellState = 'error';

  return {
    portals: registry.data ?? [],
    state,
    shell: shell.data ?? null,
    shellState,
    busyPortals,
    change,
    refresh,
  };
}

export type Releases = ReturnType<typeof useReleases>;
