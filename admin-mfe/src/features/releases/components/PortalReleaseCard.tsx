import { Button, type PortalRelease, type PortalReleaseStatus, tagTone, useToast } from '@courseport/shared-ui';
import { Notice } from '../../../components/Notice';
import { CONFIRM_LOAD_FAILED, openConfirmDialog, preloadConfirmDialog } from '../../../lib/confirm-dialog';
import type { ReleaseChange } from '../api/releases';
import { ReleaseForm } from './ReleaseForm';
import { formatWhen } from './when';

export const NO_RELEASE_TEXT = "No release recorded: the shell serves the build at the portal's URL";

/** The confirmations' antd Modal, loaded when an action's button is pointed at or focused (#34). */
const confirmEvents = { onPointerEnter: preloadConfirmDialog, onFocus: preloadConfirmDialog };

interface PortalReleaseCardProps {
  release: PortalRelease;
  /** What the shell's server serves for this portal; undefined while unknown. */
  status: PortalReleaseStatus | undefined;
  /** The shell's status is still being read. */
  checking: boolean;
  busy: boolean;
  onChange: (change: ReleaseChange) => Promise<boolean>;
}

/** What the shell actually serves for a portal (its refusals are an alert of their own). */
function ShellServes({ status }: { status: PortalReleaseStatus }) {
  return (
    <span>
      The shell serves <strong>{status.serving.version ?? "the build at the portal's URL"}</strong>
      {status.canary && (
        <>
          {', '}
          canary <strong>{status.canary.version}</strong> to {status.canary.percent}% of visitors
        </>
      )}
    </span>
  );
}

/** One portal in the release console: live, canary, what the shell serves, and every action on it. */
export function PortalReleaseCard({ release, status, checking, busy, onChange }: PortalReleaseCardProps) {
  const { portal, live, canary } = release;
  const headingId = `release-${portal}`;
  const earlier = release.versions.filter((v) => v.version !== live?.version);
  const refused = status?.refused ?? [];
  const toast = useToast();

  const confirm = (title: string, content: string, okText: string, change: ReleaseChange, danger = false) =>
    void openConfirmDialog({
      title,
      content,
      okText,
      okButtonProps: { danger },
      cancelText: 'Cancel',
      onOk: () => onChange(change),
    }).catch((error: unknown) => toast.failure(error, CONFIRM_LOAD_FAILED, { network: 'fallback' }));

  return (
    <section aria-labelledby={headingId} className="cp-admin-card">
      <div className="cp-admin-stack cp-admin-stack-12">
        <div className="cp-admin-card-head">
          <h3 id={headingId} className="cp-admin-release-portal">
            {portal}
          </h3>
          {canary && (
            <span className="cp-tag" style={tagTone('gold')}>
              Canary running
            </span>
          )}
        </div>

        {refused.length > 0 && (
          <Notice
            tone="warning"
            title={`The shell refused ${refused.length === 1 ? 'a version' : `${refused.length} versions`} of ${portal}`}
            description={
              <ul className="cp-admin-refused">
                {refused.map((r) => (
                  <li key={r.version}>
                    <strong>{r.version}</strong>: {r.reason}
                  </li>
                ))}
              </ul>
            }
          />
        )}

        <dl className="cp-admin-release-facts">
          <dt>Live</dt>
          <dd>
            {live ? (
              <>
                <strong>{live.version}</strong> since {formatWhen(live.since)} by {live.by}
              </>
            ) : (
              <span className="cp-admin-secondary">{NO_RELEASE_TEXT}</span>
            )}
          </dd>
          {canary && (
            <>
              <dt>Canary</dt>
              <dd>
                <strong>{canary.version}</strong> to {canary.percent}% of visitors since {formatWhen(canary.since)} by{' '}
                {canary.by}
              </dd>
            </>
          )}
          {(status || checking) && (
            <>
              <dt>Shell</dt>
              {/* Room for what the shell serves (asked for in the browser): it comes without a shift. */}
              <dd className="cp-admin-release-shell">
                {status ? (
                  <ShellServes status={status} />
                ) : (
                  <span className="cp-admin-secondary">Checking the shell...</span>
                )}
              </dd>
            </>
          )}
        </dl>

        {canary && (
          <div className="cp-admin-row">
            <Button
              type="primary"
              disabled={busy}
              {...confirmEvents}
              onClick={() =>
                confirm(
                  `Promote ${portal} ${canary.version}?`,
                  `Every visitor gets ${portal} ${canary.version} at once.`,
                  'Promote',
                  { kind: 'promote', portal },
                )
              }
            >
              Promote canary<span className="cp-visually-hidden">{` of ${portal} ${canary.version}`}</span>
            </Button>
            <Button
              danger
              disabled={busy}
              {...confirmEvents}
              onClick={() =>
                confirm(
                  `Stop the ${portal} canary ${canary.version}?`,
                  `Its visitors go back to ${live ? `${portal} ${live.version}` : `the ${portal} build at the portal's URL`}.`,
                  'Stop canary',
                  { kind: 'stop-canary', portal },
                  true,
                )
              }
            >
              Stop canary<span className="cp-visually-hidden">{` of ${portal} ${canary.version}`}</span>
            </Button>
          </div>
        )}

        {earlier.length > 0 && (
          <section aria-labelledby={`${headingId}-versions`}>
            <h4 id={`${headingId}-versions`} className="cp-admin-release-versions-title">
              Other versions
            </h4>
            <ul className="cp-admin-release-versions">
              {earlier.map((v) => (
                <li key={v.version}>
                  <span>
                    <strong>{v.version}</strong>{' '}
                    <span className="cp-admin-secondary">
                      first released {formatWhen(v.firstReleasedAt)}
                      {v.wasLive ? '' : ' (canary only)'}
                    </span>
                  </span>
                  <Button
                    size="small"
                    disabled={busy}
                    {...confirmEvents}
                    onClick={() =>
                      confirm(
                        `Roll back ${portal} to ${v.version}?`,
                        `${portal} ${v.version} goes live for every visitor at once.`,
                        'Roll back',
                        { kind: 'rollback', portal, version: v.version },
                        true,
                      )
                    }
                  >
                    Roll back<span className="cp-visually-hidden">{` ${portal}`}</span> to {v.version}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        )}

        <ReleaseForm
          portal={portal}
          busy={busy}
          onRelease={(version, percent) =>
            onChange(
              percent === undefined
                ? { kind: 'release', portal, version }
                : { kind: 'release', portal, version, canary: percent },
            )
          }
        />
      </div>
    </section>
  );
}
