/**
 * antd's line Progress (the percentage beside the bar; red when stopped, a moving sheen while under
 * way) drawn without antd, with shared-ui's `.cp-progress` (#34): the pages that show an upload
 * or a video being processed load no antd for it. `label` names the bar for screen readers.
 */
export function ProgressBar({
  percent,
  label,
  status = 'normal',
  size = 'default',
}: {
  percent: number;
  label: string;
  status?: 'normal' | 'active' | 'exception';
  size?: 'default' | 'small';
}) {
  const value = Math.min(100, Math.max(0, Math.round(percent)));
  const classes = ['cp-progress', 'ed-progress', `is-${status}`, size === 'small' && 'is-small'];
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      role="progressbar"
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuetext={`${value}%`}
      aria-label={label}
    >
      <span className="cp-progress-rail">
        <span className="cp-progress-track" style={{ width: `${value}%` }} />
      </span>
      <span className="ed-progress-text">{`${value}%`}</span>
    </div>
  );
}
