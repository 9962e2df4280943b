import { EmptyState, QueryStates } from '@courseport/shared-ui';
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

  // What the shell says of itself, on a line of its own kept from the first render (the server's,
  // before the browser asks the shell): the note comes without moving the page (#34).
  let shellNote = '';
  if (shell?.sharedUi) shellNote = `This shell provides @courseport/shared-ui ${shell.sharedUi}.`;
  else if (shellState === 'unavailable') shellNote = SHELL_STATUS_UNAVAILABLE;
  else if (shellState === 'error') shellNote = SHELL_STATUS_FAILED;

  return (
    <div className="cp-admin-stack cp-admin-stack-12 cp-admin-releases-tab">
      <section aria-labelledby="release-portals">
        <h2 id="release-portals" className="cp-admin-releases-title">
          Portal releases
        </h2>
        <p className="cp-admin-secondary cp-admin-paragraph">
          Which version of each portal the shell serves, a canary to a share of visitors, and a way back.
        </p>
        <p className="cp-admin-secondary cp-admin-paragraph cp-admin-shell-note">{shellNote}</p>
        {content}
      </section>
      <ReleaseAuditTrail audit={audit} portals={portals.map((p) => p.portal)} />
    </div>
  );
}
