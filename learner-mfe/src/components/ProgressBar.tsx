import { percentText } from '@courseport/shared-ui';

export interface ProgressBarProps {
  /** 0–100. */
  percent: number;
  /** The bar's accessible name. */
  label: string;
  className?: string;
}

/**
 * A course's progress: a bar with the percentage beside it, green when done. antd's small Progress,
 * drawn here with shared-ui's `.cp-progress` (+ `-rail`, `-track`; learner.css colours it when done): the pages that show
 * one (My Enrollments, the player) need no antd for it, so a returning student's first load carries
 * none (#34).
 */
export function ProgressBar({ percent, label, className }: ProgressBarProps) {
  return (
    <div
      className={className ? `cp-progress ln-progress ${className}` : 'cp-progress ln-progress'}
      role="progressbar"
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={label}
    >
      <span className="cp-progress-rail">
        <span className="cp-progress-track" style={{ width: `${percent}%` }} />
      </span>
      <span className="ln-progress-text">{percentText(percent)}</span>
    </div>
  );
}
