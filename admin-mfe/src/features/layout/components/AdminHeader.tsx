import { Button } from '@courseport/shared-ui';
import { Flex, Spin, Typography } from '@courseport/shared-ui/heavy';
import { BackToSiteLink } from './BackToSiteLink';

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

export function AdminHeader({ refreshing, autoRefreshing, onRefresh }: AdminHeaderProps) {
  return (
    <Flex component="header" wrap justify="space-between" align="flex-end" gap={12} style={{ marginBottom: 8 }}>
      <Flex vertical gap={4}>
        <BackToSiteLink />
        <Typography.Title level={2} style={{ margin: 0 }}>
          Admin Dashboard
        </Typography.Title>
      </Flex>
      <Flex wrap align="center" gap={12}>
        {autoRefreshing && !refreshing && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <Flex align="center" gap={6} component="span">
              <Spin size="small" />
              <span>Auto-refreshing...</span>
            </Flex>
          </Typography.Text>
        )}
        <Button icon={<RefreshIcon />} onClick={onRefresh} disabled={refreshing}>
          {refreshing ? 'Refreshing...' : 'Refresh'}
        </Button>
      </Flex>
    </Flex>
  );
}
