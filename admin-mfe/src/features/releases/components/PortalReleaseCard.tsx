import { Button, type PortalRelease, type PortalReleaseStatus, tagTone } from '@courseport/shared-ui';
import { Alert } from '@courseport/shared-ui/antd/alert';
import { Card } from '@courseport/shared-ui/antd/card';
import { Flex } from '@courseport/shared-ui/antd/flex';
import { Modal } from '@courseport/shared-ui/antd/modal';
import { Tag } from '@courseport/shared-ui/antd/tag';
import { Typography } from '@courseport/shared-ui/antd/typography';
import type { ReleaseChange } from '../api/releases';
import { ReleaseForm } from './ReleaseForm';
import { formatWhen } from './when';

export const NO_RELEASE_TEXT = "No release recorded: the shell serves the build at the portal's URL";

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
    <Typography.Text>
      The shell serves <strong>{status.serving.version ?? "the build at the portal's URL"}</strong>
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
export function PortalReleaseCard({ release, status, checking, busy, onChange }: PortalReleaseCardProps) {
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
            {(status || checking) && (
              <>
                <dt>Shell</dt>
                <dd>
                  {status ? (
                    <ShellServes status={status} />
                  ) : (
                    <Typography.Text type="secondary">Checking the shell...</Typography.Text>
                  )}
                </dd>
              </>
            )}
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
