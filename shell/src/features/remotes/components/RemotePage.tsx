import { Button, LoadingState, type RemoteName, StatusMessage } from '@courseport/shared-ui';
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { hasPreloadHints, loadedPage, loadPage, resetRemote } from '../../../lib/registry';

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
      <StatusMessage
        tone="warning"
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

/** Loads the page once per mount (at once if it already has); a Retry remount loads it afresh. */
function LazyPage({ remote, module }: { remote: RemoteName; module: string }) {
  const [Page] = useState<ComponentType>(() => loadedPage(remote, module) ?? lazy(() => loadPage(remote, module)));
  return (
    <Suspense fallback={<LoadingState />}>
      <Page />
    </Suspense>
  );
}

/** Renders one exposed page of a remote portal, lazily loaded, with a fallback and Retry. */
export function RemotePage({ remote, module }: { remote: RemoteName; module: string }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteBoundary
      key={attempt}
      onRetry={() => {
        if (hasPreloadHints(remote)) return location.reload();
        resetRemote(remote);
        setAttempt((n) => n + 1);
      }}
    >
      <LazyPage remote={remote} module={module} />
    </RemoteBoundary>
  );
}
