import {
  api,
  apiRequest,
  type PortalRelease,
  type PortalReleasesResponse,
  queryKeys,
  queryOptions,
  RELEASE_STATUS_PATH,
  type ReleaseAuditResponse,
  type ReleaseStatusResponse,
} from '@courseport/shared-ui';

/** A portal's name (storefront, learner, educator, admin). */
export type PortalName = PortalRelease['portal'];

/** `GET /api/admin/releases`: every portal's live and canary versions and the versions released. */
export const RELEASES_PATH = '/api/admin/releases';
/** `GET /api/admin/releases/audit?page=N[&portal=x]`: the registry's changes, newest first. */
export const auditPath = (page: number, portal?: PortalName) =>
  `${RELEASES_PATH}/audit?page=${page}${portal ? `&portal=${portal}` : ''}`;
/** `POST /api/admin/releases/:portal` `{ version, canary? }`. */
export const portalPath = (portal: PortalName) => `${RELEASES_PATH}/${encodeURIComponent(portal)}`;
/** `POST …/:portal/promote`. */
export const promotePath = (portal: PortalName) => `${portalPath(portal)}/promote`;
/** `POST …/:portal/rollback` `{ version }`. */
export const rollbackPath = (portal: PortalName) => `${portalPath(portal)}/rollback`;
/** `DELETE …/:portal/canary`. */
export const canaryPath = (portal: PortalName) => `${portalPath(portal)}/canary`;

export const releasesQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.releases.registry(),
    queryFn: async (): Promise<PortalRelease[]> => {
      const res = await api.get<Partial<PortalReleasesResponse>>(RELEASES_PATH);
      return Array.isArray(res.portals) ? res.portals : [];
    },
  });

export const releaseAuditQuery = (page: number, portal?: PortalName) =>
  queryOptions({
    queryKey: queryKeys.admin.releases.audit(portal, page),
    queryFn: async (): Promise<Pick<ReleaseAuditResponse, 'entries' | 'page' | 'pages'>> => {
      const res = await api.get<Partial<ReleaseAuditResponse>>(auditPath(page, portal));
      return { entries: res.entries ?? [], page: res.page ?? page, pages: res.pages ?? 1 };
    },
  });

/**
 * `GET /release-status.json` from the shell's server, on the page's own origin (not the API). Null
 * where there is no such server (the dev servers, a portal on its own): no file, or not JSON.
 */
export async function fetchShellStatus(): Promise<ReleaseStatusResponse | null> {
  const res = await fetch(RELEASE_STATUS_PATH, { headers: { Accept: 'application/json' } });
  if (res.status === 404 || !(res.headers.get('content-type') ?? '').includes('json')) return null;
  if (!res.ok) throw new Error(`The shell answered ${res.status}`);
  return (await res.json()) as ReleaseStatusResponse;
}

export const shellStatusQuery = () =>
  queryOptions({ queryKey: queryKeys.admin.releases.shellStatus(), queryFn: fetchShellStatus, retry: false });

/** A change of one portal's release, as the console asks for it. */
export type ReleaseChange =
  | { kind: 'release'; portal: PortalName; version: string; canary?: number }
  | { kind: 'promote'; portal: PortalName }
  | { kind: 'rollback'; portal: PortalName; version: string }
  | { kind: 'stop-canary'; portal: PortalName };

export type ReleaseChangeResult = { message?: string; release?: PortalRelease };

export function sendReleaseChange(change: ReleaseChange): Promise<ReleaseChangeResult> {
  switch (change.kind) {
    case 'release': {
      const body =
        change.canary === undefined ? { version: change.version } : { version: change.version, canary: change.canary };
      return api.post<ReleaseChangeResult>(portalPath(change.portal), body);
    }
    case 'promote':
      return api.post<ReleaseChangeResult>(promotePath(change.portal));
    case 'rollback':
      return api.post<ReleaseChangeResult>(rollbackPath(change.portal), { version: change.version });
    case 'stop-canary':
      return apiRequest<ReleaseChangeResult>(canaryPath(change.portal), { method: 'DELETE' });
  }
}
