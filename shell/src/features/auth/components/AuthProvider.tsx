import { LoadingState, type PublicConfig } from '@courseport/shared-ui';
import { lazy, type ReactNode, Suspense } from 'react';
import { LocalAuthProvider } from './LocalAuthProvider';

const ClerkAuthProvider = lazy(() => import('./ClerkAuthProvider'));

/** The auth bridge: Clerk when the deployment is configured for it, local accounts otherwise. */
export function AuthProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  if (config.authMode === 'clerk' && config.clerkPublishableKey) {
    return (
      <Suspense fallback={<LoadingState />}>
        <ClerkAuthProvider publishableKey={config.clerkPublishableKey}>{children}</ClerkAuthProvider>
      </Suspense>
    );
  }
  return <LocalAuthProvider>{children}</LocalAuthProvider>;
}
