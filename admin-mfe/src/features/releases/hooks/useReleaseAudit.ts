import { errorText, keepPreviousData, RELEASE_AUDIT_PAGE_SIZE, useQuery } from '@courseport/shared-ui';
import { useCallback, useState } from 'react';
import { type PortalName, releaseAuditQuery } from '../api/releases';

const LOAD_FAILED = 'Failed to fetch the release audit trail';

export type AuditStatus = 'loading' | 'error' | 'ready';

/**
 * The release registry's audit trail, newest first, a page at a time, for every portal or one:
 * loaded once `enabled` turns true. Another page keeps the one shown until it arrives.
 */
export function useReleaseAudit(enabled: boolean) {
  const [portal, setPortalState] = useState<PortalName | undefined>(undefined);
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...releaseAuditQuery(page, portal),
    enabled,
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[3] as { portal?: string } | undefined)?.portal === (portal ?? 'all')
        ? keepPreviousData(previous)
        : undefined,
  });
  const { data, refetch } = query;

  const setPortal = useCallback((next: PortalName | undefined) => {
    setPortalState(next);
    setPage(1);
  }, []);

  const refresh = useCallback(() => refetch().then(() => undefined), [refetch]);

  const status: AuditStatus = data ? 'ready' : query.error && !query.isFetching ? 'error' : 'loading';
  return {
    entries: data?.entries ?? [],
    page,
    pages: data?.pages ?? 1,
    pageSize: RELEASE_AUDIT_PAGE_SIZE,
    portal,
    status,
    error: status === 'error' ? errorText(query.error, LOAD_FAILED, { network: 'fallback' }) : '',
    setPage,
    setPortal,
    refresh,
  };
}

export type ReleaseAudit = ReturnType<typeof useReleaseAudit>;
