import { Button, isReleaseVersion, MAX_CANARY_PERCENT, MIN_CANARY_PERCENT } from '@courseport/shared-ui';
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
    problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem` } : {};

  return (
    <form
      className="cp-admin-release-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(false);
      }}
    >
      <div className="cp-admin-row cp-admin-release-fields">
        <div className="cp-admin-release-field">
          <label htmlFor={`${id}-version`} className="cp-admin-field-label">
            {`New ${portal} version`}
          </label>
          <input
            id={`${id}-version`}
            className="cp-input"
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
          {/* antd's Input with a suffix: the % sign inside the box, after the number. */}
          <span className="cp-admin-affix">
            <input
              id={`${id}-percent`}
              className="cp-input"
              inputMode="numeric"
              placeholder="10"
              autoComplete="off"
              value={percent}
              onChange={(e) => setPercent(e.target.value)}
              {...invalid('percent')}
            />
            <span className="cp-admin-affix-suffix" aria-hidden="true">
              %
            </span>
          </span>
        </div>
        <div className="cp-admin-row">
          <Button type="primary" htmlType="submit" disabled={busy}>
            Go live<span className="cp-visually-hidden">{` with this ${portal} version`}</span>
          </Button>
          <Button disabled={busy} onClick={() => void submit(true)}>
            Start canary<span className="cp-visually-hidden">{` of this ${portal} version`}</span>
          </Button>
        </div>
      </div>
      {problem && (
        <span id={`${id}-problem`} role="alert" className="cp-admin-field-error cp-admin-danger">
          {problem.text}
        </span>
      )}
    </form>
  );
}
