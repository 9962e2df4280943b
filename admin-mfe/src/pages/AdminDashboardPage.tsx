import { LoadingState, useMinWidth, usePageTitle, useSession } from '@courseport/shared-ui';
import { Tabs, Themed } from '@courseport/shared-ui/heavy';
import { useState } from 'react';
import { AdminEmailsTab } from '../features/admin-emails/components/AdminEmailsTab';
import { useAdminEmails } from '../features/admin-emails/hooks/useAdminEmails';
import { CategoriesTab } from '../features/categories/components/CategoriesTab';
import { useAdminCategories } from '../features/categories/hooks/useAdminCategories';
import { RequestsTab } from '../features/educator-requests/components/RequestsTab';
import { useEducatorRequests } from '../features/educator-requests/hooks/useEducatorRequests';
import { AccessDenied } from '../features/layout/components/AccessDenied';
import { AdminHeader } from '../features/layout/components/AdminHeader';
import { PurchasesTab } from '../features/purchases/components/PurchasesTab';
import { usePurchases } from '../features/purchases/hooks/usePurchases';
import { ReleasesTab } from '../features/releases/components/ReleasesTab';
import { useReleaseAudit } from '../features/releases/hooks/useReleaseAudit';
import { useReleases } from '../features/releases/hooks/useReleases';
import { ReviewsTab } from '../features/reviews/components/ReviewsTab';
import { useAdminReviews } from '../features/reviews/hooks/useAdminReviews';
import '../styles/admin.css';

/**
 * /admin: educator requests, the admin e-mail allow-list, purchases (refunds), reviews (hiding),
 * categories and portal releases, for admins only.
 */
function AdminGate() {
  usePageTitle('Admin');
  const status = useSession((s) => s.status);
  const userLoaded = useSession((s) => s.userLoaded);
  const roles = useSession((s) => s.roles);

  if (status === 'loading' || (status === 'signed-in' && !userLoaded)) return <LoadingState />;
  // The dashboard (and with it every admin API call) is only mounted for admins.
  if (status !== 'signed-in' || !roles.includes('admin')) return <AccessDenied />;
  return <AdminDashboard />;
}

function AdminDashboard() {
  const requests = useEducatorRequests();
  // The allow-list is loaded the first time its tab is opened.
  const [emailsOpened, setEmailsOpened] = useState(false);
  const emails = useAdminEmails(emailsOpened);
  // So are the purchases.
  const [purchasesOpened, setPurchasesOpened] = useState(false);
  const purchases = usePurchases(purchasesOpened);
  // And the reviews.
  const [reviewsOpened, setReviewsOpened] = useState(false);
  const reviews = useAdminReviews(reviewsOpened);
  // And the categories.
  const [categoriesOpened, setCategoriesOpened] = useState(false);
  const categories = useAdminCategories(categoriesOpened);
  // And the release console.
  const [releasesOpened, setReleasesOpened] = useState(false);
  const releases = useReleases(releasesOpened);
  const releaseAudit = useReleaseAudit(releasesOpened);
  const [refreshing, setRefreshing] = useState(false);
  // Phones: closer tabs (the rest are in the overflow menu).
  const roomy = useMinWidth('sm');

  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([
        requests.refresh(),
        emailsOpened ? emails.refresh() : undefined,
        purchasesOpened ? purchases.refresh() : undefined,
        reviewsOpened ? reviews.refresh() : undefined,
        categoriesOpened ? categories.refresh() : undefined,
        releasesOpened ? releases.refresh() : undefined,
        releasesOpened ? releaseAudit.refresh() : undefined,
      ]);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    // No <main>: the shell's frame is the page's main landmark.
    <div className="cp-admin">
      <AdminHeader refreshing={refreshing} autoRefreshing={requests.autoRefreshing} onRefresh={refresh} />
      <Tabs
        defaultActiveKey="requests"
        tabBarGutter={roomy ? 32 : 16}
        onChange={(key) => {
          if (key === 'emails') setEmailsOpened(true);
          if (key === 'purchases') setPurchasesOpened(true);
          if (key === 'reviews') setReviewsOpened(true);
          if (key === 'categories') setCategoriesOpened(true);
          if (key === 'releases') setReleasesOpened(true);
        }}
        items={[
          {
            key: 'requests',
            label: 'Educator Requests',
            children: (
              <RequestsTab
                requests={requests.requests}
                loading={requests.loading}
                loadError={requests.loadError}
                onRetry={requests.refresh}
                busyIds={requests.busyIds}
                onApprove={requests.approve}
                onReject={requests.reject}
              />
            ),
          },
          {
            key: 'emails',
            label: 'Admin Emails',
            children: (
              <AdminEmailsTab
                emails={emails.emails}
                loading={emails.loading}
                loadError={emails.loadError}
                onRetry={emails.refresh}
                ownEmails={emails.ownEmails}
                adding={emails.adding}
                removingIds={emails.removingIds}
                onAdd={emails.add}
                onRemove={emails.remove}
              />
            ),
          },
          {
            key: 'purchases',
            label: 'Purchases',
            children: (
              <PurchasesTab
                purchases={purchases.purchases}
                total={purchases.total}
                status={purchases.status}
                error={purchases.error}
                loadingMore={purchases.loadingMore}
                refundingIds={purchases.refundingIds}
                onRetry={purchases.refresh}
                onLoadMore={purchases.loadMore}
                onRefund={purchases.refund}
              />
            ),
          },
          {
            key: 'reviews',
            label: 'Reviews',
            children: (
              <ReviewsTab
                reviews={reviews.reviews}
                total={reviews.total}
                page={reviews.page}
                pageSize={reviews.pageSize}
                filter={reviews.filter}
                status={reviews.status}
                error={reviews.error}
                busyIds={reviews.busyIds}
                onFilterChange={reviews.setFilter}
                onPageChange={reviews.setPage}
                onRetry={reviews.refresh}
                onHide={reviews.hide}
                onRestore={reviews.restore}
              />
            ),
          },
          {
            key: 'categories',
            label: 'Categories',
            children: (
              <CategoriesTab
                categories={categories.categories}
                loading={categories.loading}
                loadError={categories.loadError}
                onRetry={categories.refresh}
                adding={categories.adding}
                renaming={categories.renaming}
                busySlugs={categories.busySlugs}
                onAdd={categories.add}
                onRename={categories.rename}
                onDelete={categories.remove}
              />
            ),
          },
          {
            key: 'releases',
            label: 'Releases',
            children: <ReleasesTab releases={releases} audit={releaseAudit} />,
          },
        ]}
      />
    </div>
  );
}

/** Rendered in the platform's antd theme (its components load on demand). */
export default function AdminDashboardPage() {
  return (
    <Themed>
      <AdminGate />
    </Themed>
  );
}
