import { ScreenPlaceholder } from '@courseport/shared-ui';

export default function AdminDashboardPage() {
  return <ScreenPlaceholder portal="admin" title="Admin Dashboard" />;
}
