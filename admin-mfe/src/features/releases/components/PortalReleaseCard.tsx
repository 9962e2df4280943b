import { Button, type PortalRelease, type PortalReleaseStatus, tagTone } from '@courseport/shared-ui';
import { Alert, Card, Flex, Modal, Tag, Typography } from '@courseport/shared-ui/heavy';
import type { ReleaseChange } from '../api/releases';
import type { ShellStatusState } from '../hooks/useReleases';
import { ReleaseForm } from './ReleaseForm';
import { formatWhen } from './when';

export const NO_RELEASE_TEXT = "No release recorded: the shell serves the build at the portal's URL";
export const SHELL_STATUS_UNAVAILABLE = "The shell's release status is not available here";

interface PortalReleaseCardProps {
  release: PortalRelease;
  /** What the shell's server serves for this portal; undefined while unknown. */
  status: PortalReleaseStatus | undefined;
  shellState: ShellStatusState;
  busy: boolean;
  onChange: (change: ReleaseChange) => Promise<boolean>;
}

/** What the shell actually serves for a portal, and the versions it refused with why. */
function ShellStatus({ status, shellState }: Pick<PortalReleaseCardProps, 'status' | 'shellState'>) {
  if (shellState === 'loading') return <Typography.Text type="secondary">Checking the shell...</Typography.Text>;
  if (shellState === 'unavailable')
    return <Typography.Text type="secondary">{SHELL_STATUS_UNAVAILABLE}</Typography.Text>;
  if (shellState === 'error' || !status)
    return <Typography.Text type="secondary">The shell's release status could not be loaded</Typography.Text>;
  const serving = status.serving.version ?? "the build at the portal's URL";
  return (
    <Typography.Text>
      The shell serves <strong>{serving}</strong>
      {status.canary && (
        <>
          {', '}
          canary <strong>{status.canary.version}</strong> to {status.canary.percent}% of visitors
        </>
      )}
    </Typography.Text>
  );
}

/** One portal in the release console: live, canary, what the shell serves, and every action on it. */
export function PortalReleaseCard({ release, status, shellState, busy, onChange }: PortalReleaseCardProps) {
  const { portal, live, canary } = release;
  const headingId = `release-${portal}`;
  const earlier = release.versions.filter((v) => v.version !== live?.version);
  const refused = status?.refused ?? [];

  const confirm = (title: string, content: string, okText: string, change: ReleaseChange, danger = false) =>
    Modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { danger },
      cancelText: 'Cancel',
      onOk: () => onChange(change),
    });

  return (
    <section aria-labelledby={headingId}>
      <Card>
        <Flex vertical gap={12}>
          <Flex wrap justify="space-between" align="center" gap={8}>
            <Typography.Title level={3} id={headingId} style={{ margin: 0, fontSize: 18 }}>
              {portal}
            </Typography.Title>
            {canary && <Tag style={tagTone('gold')}>Canary running</Tag>}
          </Flex>

          {refused.length > 0 && (
            <Alert
              type="warning"
              showIcon
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
                <Typography.Text type="secondary">{NO_RELEASE_TEXT}</Typography.Text>
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
            <dt>Shell</dt>
            <dd>
              <ShellStatus status={status} shellState={shellState} />
            </dd>
          </dl>

          {canary && (
            <Flex wrap gap={8}>
              <Button
                type="primary"
                disabled={busy}
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
            </Flex>
          )}

          {earlier.length > 0 && (
            <section aria-labelledby={`${headingId}-versions`}>
              <Typography.Title level={4} id={`${headingId}-versions`} style={{ fontSize: 15 }}>
                Other versions
              </Typography.Title>
              <ul className="cp-admin-release-versions">
                {earlier.map((v) => (
                  <li key={v.version}>
                    <span>
                      <strong>{v.version}</strong>{' '}
                      <Typography.Text type="secondary">
                        first released {formatWhen(v.firstReleasedAt)}
                        {v.wasLive ? '' : ' (canary only)'}
                      </Typography.Text>
                    </span>
                    <Button
                      size="small"
                      disabled={busy}
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
        </Flex>
      </Card>
    </section>
  );
}
