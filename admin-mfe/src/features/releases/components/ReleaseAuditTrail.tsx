import { EmptyState, QueryStates, type ReleaseAction, type ReleaseAuditEntry } from '@courseport/shared-ui';
import { Flex } from '@courseport/shared-ui/antd/flex';
import { PagesNav } from '@courseport/shared-ui/antd/pages-nav';
import { Table } from '@courseport/shared-ui/antd/table';
import { Typography } from '@courseport/shared-ui/antd/typography';
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
          <Table<ReleaseAuditEntry>
            rowKey="id"
            dataSource={entries}
            // Fits the dashboard's column on desktops; narrower screens scroll it sideways.
            scroll={{ x: 760 }}
            pagination={false}
            columns={[
              { title: 'Portal', key: 'portal', dataIndex: 'portal' },
              { title: 'Action', key: 'action', render: (_, e) => ACTIONS[e.action] ?? e.action },
              {
                title: 'From → to',
                key: 'change',
                render: (_, e) => <span className="cp-nowrap">{`${e.from ?? '–'} → ${e.to ?? '–'}`}</span>,
              },
              { title: 'Percent', key: 'percent', render: (_, e) => (e.percent === null ? '' : `${e.percent}%`) },
              { title: 'By', key: 'by', dataIndex: 'by' },
              { title: 'When', key: 'at', render: (_, e) => <span className="cp-nowrap">{formatWhen(e.at)}</span> },
            ]}
          />
          <PagesNav
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
      <Flex vertical gap={12}>
        <Flex wrap justify="space-between" align="center" gap={8}>
          <Typography.Title level={2} id="release-audit" style={{ margin: 0, fontSize: 20 }}>
            Audit trail
          </Typography.Title>
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
        </Flex>
        {content}
      </Flex>
    </section>
  );
}
