import type { ReactNode } from 'react';
import { Button } from './Button';
import { Spinner } from './Spinner';
import { StatusMessage } from './StatusMessage';

export function LoadingState({ text = 'Loading...' }: { text?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ display: 'grid', placeItems: 'center', gap: 12, padding: '64px 16px' }}
    >
      <Spinner size="large" />
      <span>{text}</span>
    </div>
  );
}

export interface ErrorStateProps {
  title: string;
  message?: string;
  onRetry?: () => void;
  retryLabel?: string;
}

export function ErrorState({ title, message, onRetry, retryLabel = 'Try Again' }: ErrorStateProps) {
  return (
    <StatusMessage
      tone="warning"
      title={title}
      subTitle={message}
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            {retryLabel}
          </Button>
        ) : undefined
      }
    />
  );
}

/** An empty box, as antd's Empty draws it. */
const EMPTY_IMAGE = (
  <svg width="64" height="41" viewBox="0 0 64 41" aria-hidden="true" focusable="false">
    <g transform="translate(0 1)" fill="none" fillRule="evenodd">
      <ellipse style={{ fill: 'var(--cp-color-illustration-shadow)' }} cx="32" cy="33" rx="32" ry="7" />
      <g fillRule="nonzero" style={{ stroke: 'var(--cp-color-border-control)' }}>
        <path d="M55 12.76L44.854 1.258C44.367.474 43.656 0 42.907 0H21.093c-.749 0-1.46.474-1.947 1.257L9 12.761V22h46v-9.24z" />
        <path
          d="M41.613 15.931c0-1.605.994-2.93 2.227-2.931H55v18.137C55 33.26 53.68 35 52.05 35h-40.1C10.32 35 9 33.259 9 31.137V13h11.16c1.233 0 2.227 1.323 2.227 2.928v.022c0 1.605 1.005 2.901 2.237 2.901h14.752c1.232 0 2.237-1.308 2.237-2.913v-.007z"
          style={{ fill: 'var(--cp-color-illustration-fill)' }}
        />
      </g>
    </g>
  </svg>
);

export function EmptyState({
  title,
  description,
  action,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="cp-empty">
      {EMPTY_IMAGE}
      <div>
        <strong className="cp-empty-title">{title}</strong>
        {description}
      </div>
      {action && <div className="cp-empty-action">{action}</div>}
    </div>
  );
}
