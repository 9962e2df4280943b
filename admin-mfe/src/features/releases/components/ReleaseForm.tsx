import { Button, isReleaseVersion, MAX_CANARY_PERCENT, MIN_CANARY_PERCENT } from '@courseport/shared-ui';
import { Flex } from '@courseport/shared-ui/antd/flex';
import { Input } from '@courseport/shared-ui/antd/input';
import { Typography } from '@courseport/shared-ui/antd/typography';
import { useId, useState } from 'react';
import type { PortalName } from '../api/releases';

export const VERSION_PROBLEM = 'Enter a version such as 2.1.0 (semver, at most 64 characters)';
export const PERCENT_PROBLEM = `Enter a canary percent from ${MIN_CANARY_PERCENT} to ${MAX_CANARY_PERCENT}`;

/** The canary percent typed, as a whole number in range, or null. */
export function canaryPercent(text: string): number | null {
  if (!/^\d{1,2}$/.test(text.trim())) return null;
  const percent = Number(text.trim());
  return percent >= MIN_CANARY_PERCENT && percent <= MAX_CANARY_PERCENT ? percent : null;
}

interface ReleaseFormProps {
  portal: PortalName;
  busy: boolean;
  /** Resolves true once recorded (the form then clears). Without `canary` the version goes live now. */
  onRelease: (version: string, canary?: number) => Promise<boolean>;
}

/** Releases a version of one portal: live at once, or as a canary to a share of visitors. */
export function ReleaseForm({ portal, busy, onRelease }: ReleaseFormProps) {
  const id = useId();
  const [version, setVersion] = useState('');
  const [percent, setPercent] = useState('');
  const [problem, setProblem] = useState<{ field: 'version' | 'percent'; text: string } | null>(null);

  const submit = async (asCanary: boolean) => {
    const trimmed = version.trim();
    if (!isReleaseVersion(trimmed)) return setProblem({ field: 'version', text: VERSION_PROBLEM });
    const canary = asCanary ? canaryPercent(percent) : undefined;
    if (canary === null) return setProblem({ field: 'percent', text: PERCENT_PROBLEM });
    setProblem(null);
    if (await onRelease(trimmed, canary)) {
      setVersion('');
      setPercent('');
    }
  };

  const invalid = (field: 'version' | 'percent') =>
    problem?.field === field
      ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem`, status: 'error' as const }
      : {};

  return (
    <form
      className="cp-admin-release-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(false);
      }}
    >
      <Flex wrap gap={12} align="flex-end">
        <div className="cp-admin-release-field">
          <label htmlFor={`${id}-version`} className="cp-admin-field-label">
            {`New ${portal} version`}
          </label>
          <Input
            id={`${id}-version`}
            placeholder="2.1.0"
            autoComplete="off"
            spellCheck={false}
            value={version}
            onChange={(e) => setVersion(e.target.value)}
            {...invalid('version')}
          />
        </div>
        <div className="cp-admin-release-field cp-admin-release-percent">
          <label htmlFor={`${id}-percent`} className="cp-admin-field-label">
            {`Canary percent (${MIN_CANARY_PERCENT}–${MAX_CANARY_PERCENT})`}
          </label>
          <Input
            id={`${id}-percent`}
            inputMode="numeric"
            placeholder="10"
            autoComplete="off"
            value={percent}
            suffix="%"
            onChange={(e) => setPercent(e.target.value)}
            {...invalid('percent')}
          />
        </div>
        <Flex wrap gap={8}>
          <Button type="primary" htmlType="submit" disabled={busy}>
            Go live<span className="cp-visually-hidden">{` with this ${portal} version`}</span>
          </Button>
          <Button disabled={busy} onClick={() => void submit(true)}>
            Start canary<span className="cp-visually-hidden">{` of this ${portal} version`}</span>
          </Button>
        </Flex>
      </Flex>
      {problem && (
        <Typography.Text id={`${id}-problem`} type="danger" role="alert" className="cp-admin-field-error">
          {problem.text}
        </Typography.Text>
      )}
    </form>
  );
}
