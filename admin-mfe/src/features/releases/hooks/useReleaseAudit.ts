import { keepPreviousData, RELEASE_AUDIT_PAGE_SIZE, useQuery, useQueryState } from '@courseport/shared-ui';
import { useCallback, useState } from 'react';
import { type PortalName, releaseAuditQuery } from '../api/releases';

const LOAD_FAILED = 'Failed to fetch the release audit trail';

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
  const { data } = query;
  // A failed refresh keeps the entries shown, silently (the releases above tell theirs).
  const { state, refresh } = useQueryState(query, { fallback: LOAD_FAILED, network: 'fallback' });

  const setPortal = useCallback((next: PortalName | undefined) => {
    setPortalState(next);
    setPage(1);
  }, []);

  return {
    entries: data?.entries ?? [],
    page,
    pages: data?.pages ?? 1,
    pageSize: RELEASE_AUDIT_PAGE_SIZE,
    portal,
    state,
    setPage,
    setPortal,
    refresh,
  };
}

export type ReleaseAudit = ReturnType<typeof useReleaseAudit>;
