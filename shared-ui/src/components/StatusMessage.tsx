import type { ReactNode } from 'react';

// Each tone's colour and its halo (the colour at 8 % opacity) as tokens; SVG reads them through `style`.
const TONES = {
  warning: { color: 'var(--cp-color-warning)', halo: 'var(--cp-color-warning-halo)', path: 'M12 7v6m0 4h.01' },
  error: { color: 'var(--cp-color-error)', halo: 'var(--cp-color-error-halo)', path: 'M9 9l6 6m0-6l-6 6' },
  info: { color: 'var(--cp-color-primary)', halo: 'var(--cp-color-primary-halo)', path: 'M12 11v6m0-10h.01' },
} as const;

export interface StatusMessageProps {
  tone?: keyof typeof TONES;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}

/**
 * A page-level message (an error, a missing page, no access) with an optional action: antd's
 * Result look, without its illustrations in the first load.
 */
export function StatusMessage({ tone = 'warning', title, subTitle, extra }: StatusMessageProps) {
  const { color, halo, path } = TONES[tone];
  return (
    <div className="cp-status">
      <svg
        viewBox="0 0 24 24"
        width="72"
        height="72"
        aria-hidden="true"
        fill="none"
        style={{ stroke: color }}
        strokeWidth="1.8"
      >
        <circle cx="12" cy="12" r="10" style={{ fill: halo }} />
        <path d={path} strokeLinecap="round" />
      </svg>
      <div className="cp-status-title">{title}</div>
      {subTitle && <div className="cp-status-subtitle">{subTitle}</div>}
      {extra && <div className="cp-status-extra">{extra}</div>}
    </div>
  );
}
