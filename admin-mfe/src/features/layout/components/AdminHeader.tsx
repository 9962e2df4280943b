import { Button, Spinner, useNavigate, useSession, useToast } from '@courseport/shared-ui';
import { useState } from 'react';
import { BackToSiteLink } from './BackToSiteLink';
import { PageHeading } from './PageHeading';

interface AdminHeaderProps {
  /** A manual refresh (the Refresh button) is running. */
  refreshing: boolean;
  /** An automatic poll is in flight. */
  autoRefreshing: boolean;
  onRefresh: () => void;
}

function RefreshIcon() {
  return (
    <svg
      aria-hidden="true"
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
    >
      <path d="M21 12a9 9 0 1 1-2.64-6.36" strokeLinecap="round" />
      <path d="M21 3v6h-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The shell hides its navigation bar (and with it the account menu) on /admin: sign out here. */
function SignOutButton() {
  const signOut = useSession((s) => s.signOut);
  const navigate = useNavigate();
  const toast = useToast();
  const [signingOut, setSigningOut] = useState(false);

  const run = async () => {
    setSigningOut(true);
    try {
      await signOut();
      navigate('/');
    } catch (error) {
      toast.failure(error, 'Could not sign out. Please try again.');
      setSigningOut(false);
    }
  };

  return (
    <Button onClick={run} disabled={signingOut}>
      {signingOut ? 'Signing out...' : 'Sign out'}
    </Button>
  );
}

/** The dashboard's header: plain markup with antd's look (admin.css; #34: no antd on the first screen). */
export function AdminHeader({ refreshing, autoRefreshing, onRefresh }: AdminHeaderProps) {
  return (
    <header className="cp-admin-header">
      <div className="cp-admin-header-title">
        <BackToSiteLink />
        <PageHeading style={{ fontSize: 30 }}>Admin Dashboard</PageHeading>
      </div>
      <div className="cp-admin-header-actions">
        {autoRefreshing && !refreshing && (
          <span className="cp-admin-auto-refresh">
            <Spinner size="small" />
            <span>Auto-refreshing...</span>
          </span>
        )}
        <Button icon={<RefreshIcon />} onClick={onRefresh} disabled={refreshing}>
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </Button>
        <SignOutButton />
      </div>
    </header>
  );
}
