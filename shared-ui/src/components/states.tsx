import { Button, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { StatusMessage } from './StatusMessage';

export function LoadingState({ text = 'Loading...' }: { text?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ display: 'grid', placeItems: 'center', gap: 12, padding: '64px 16px' }}
    >
      <Spin size="large" />
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
    <Empty
      style={{ padding: '48px 16px' }}
      description={
        <>
          <strong style={{ display: 'block', fontSize: 16 }}>{title}</strong>
          {description}
        </>
      }
    >
      {action}
    </Empty>
  );
}
