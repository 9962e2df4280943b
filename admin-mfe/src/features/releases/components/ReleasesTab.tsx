import { EmptyState, QueryStates } from '@courseport/shared-ui';
import { Flex } from '@courseport/shared-ui/antd/flex';
import { Typography } from '@courseport/shared-ui/antd/typography';
import type { ReleaseAudit } from '../hooks/useReleaseAudit';
import type { Releases } from '../hooks/useReleases';
import { PortalReleaseCard } from './PortalReleaseCard';
import { ReleaseAuditTrail } from './ReleaseAuditTrail';

export const SHELL_STATUS_UNAVAILABLE = "The shell's release status is not available here";
export const SHELL_STATUS_FAILED = "The shell's release status could not be loaded";

interface ReleasesTabProps {
  releases: Releases;
  audit: ReleaseAudit;
}

/**
 * The release console: per portal the live and canary versions, what the shell serves and refused,
 * release, promote, stop a canary, roll back; then the audit trail.
 */
export function ReleasesTab({ releases, audit }: ReleasesTabProps) {
  const { portals, state, shell, shellState, busyPortals, change, refresh } = releases;

  const content = (
    <QueryStates
      state={state}
      loadingText="Loading releases..."
      errorTitle="Could not load the releases"
      onRetry={() => void refresh()}
      empty={<EmptyState title="No portals in the release registry" />}
    >
      {() => (
        <div className="cp-admin-releases">
          {portals.map((release) => (
            <PortalReleaseCard
              key={release.portal}
              release={release}
              status={shell?.portals.find((p) => p.portal === release.portal)}
              checking={shellState === 'loading'}
              busy={busyPortals.has(release.portal)}
              onChange={change}
            />
          ))}
        </div>
      )}
    </QueryStates>
  );

  return (
    <Flex vertical gap={32}>
      <section aria-labelledby="release-portals">
        <Typography.Title level={2} id="release-portals" style={{ fontSize: 20 }}>
          Portal releases
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Which version of each portal the shell serves, a canary to a share of visitors, and a way back.
          {shell?.sharedUi ? ` This shell provides @courseport/shared-ui ${shell.sharedUi}.` : ''}
        </Typography.Paragraph>
        {shellState === 'unavailable' && (
          <Typography.Paragraph type="secondary">{SHELL_STATUS_UNAVAILABLE}</Typography.Paragraph>
        )}
        {shellState === 'error' && <Typography.Paragraph type="secondary">{SHELL_STATUS_FAILED}</Typography.Paragraph>}
        {content}
      </section>
      <ReleaseAuditTrail audit={audit} portals={portals.map((p) => p.portal)} />
    </Flex>
  );
}
