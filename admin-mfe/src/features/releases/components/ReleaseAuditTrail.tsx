import { EmptyState, Pager, QueryStates, type ReleaseAction } from '@courseport/shared-ui';
import { useId } from 'react';
import type { PortalName } from '../api/releases';
import type { ReleaseAudit } from '../hooks/useReleaseAudit';
import { formatWhen } from './when';

const ACTIONS: Record<ReleaseAction, string> = {
  release: 'Released',
  canary: 'Canary started',
  promote: 'Canary promoted',
  rollback: 'Rolled back',
  'stop-canary': 'Canary stopped',
};

const ALL = 'all';

interface ReleaseAuditTrailProps {
  audit: ReleaseAudit;
  /** The portals the filter offers. */
  portals: PortalName[];
}

/** Every change of the release registry, newest first, a page at a time; for one portal or all. */
export function ReleaseAuditTrail({ audit, portals }: ReleaseAuditTrailProps) {
  const filterId = useId();
  const { entries, page, pages, pageSize, portal, state } = audit;

  const content = (
    <QueryStates
      state={state}
      loadingText="Loading the audit trail..."
      errorTitle="Could not load the audit trail"
      onRetry={audit.refresh}
      isEmpty={() => entries.length === 0}
      empty={<EmptyState title={portal ? `No release changes for ${portal} yet` : 'No release changes yet'} />}
    >
      {() => (
        <>
          {/* A plain table (#34) in a scroll box the keyboard reaches: it fits the dashboard's
              column on desktops; narrower screens scroll it sideways. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach (WCAG 2.1.1). */}
          <section className="cp-table-scroll" tabIndex={0} aria-label="Release changes">
            <table className="cp-table cp-admin-audit">
              <thead>
                <tr>
                  <th scope="col">Portal</th>
                  <th scope="col">Action</th>
                  <th scope="col">From → to</th>
                  <th scope="col">Percent</th>
                  <th scope="col">By</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id}>
                    <td>{e.portal}</td>
                    <td>{ACTIONS[e.action] ?? e.action}</td>
                    <td>
                      <span className="cp-nowrap">{`${e.from ?? '–'} → ${e.to ?? '–'}`}</span>
                    </td>
                    <td>{e.percent === null ? '' : `${e.percent}%`}</td>
                    <td>{e.by}</td>
                    <td>
                      <span className="cp-nowrap">{formatWhen(e.at)}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <Pager
            label="Audit trail pages"
            page={page}
            pageSize={pageSize}
            total={pages * pageSize}
            onChange={audit.setPage}
          />
        </>
      )}
    </QueryStates>
  );

  return (
    <section aria-labelledby="release-audit">
      <div className="cp-admin-stack cp-admin-stack-12">
        <div className="cp-admin-card-head">
          <h2 id="release-audit" className="cp-admin-releases-title">
            Audit trail
          </h2>
          <span>
            <label htmlFor={filterId} className="cp-admin-inline-label">
              Portal
            </label>
            <select
              id={filterId}
              className="cp-admin-select"
              value={portal ?? ALL}
              onChange={(e) => audit.setPortal(e.target.value === ALL ? undefined : (e.target.value as PortalName))}
            >
              <option value={ALL}>All portals</option>
              {portals.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </span>
        </div>
        {content}
      </div>
    </section>
  );
}
