import { Button, LoadingState, type RemoteName, Result } from '@courseport/shared-ui';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { loadPage, resetRemote } from './registry';

export const UNAVAILABLE_TEXT = 'This section is unavailable';

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a portal that fails to load or throws while rendering; the shell frame stays up. */
class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Portal failed:', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Result
        status="warning"
        title={UNAVAILABLE_TEXT}
        subTitle="Something went wrong while loading this part of Courseport. The rest of the site still works."
        extra={
          <Button type="primary" onClick={this.props.onRetry}>
            Retry
          </Button>
        }
      />
    );
  }
}

/** Renders one exposed page of a remote portal, lazily loaded, with a fallback and Retry. */
export function RemotePage({ remote, module }: { remote: RemoteName; module: string }) {
  const [attempt, setAttempt] = useState(0);
  const Page = useMemo<ComponentType>(
    () => lazy(() => loadPage(remote, module)),
    // A new attempt builds a new lazy component, so a failed load is tried again.
    // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger
    [remote, module, attempt],
  );
  return (
    <RemoteBoundary
      key={attempt}
      onRetry={() => {
        resetRemote(remote);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<LoadingState />}>
        <Page />
      </Suspense>
    </RemoteBoundary>
  );
}
