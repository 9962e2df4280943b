import {
  LoadingState,
  Navigate,
  type PageDataLoader,
  queryKeys,
  rolesOf,
  type UserProfile,
  useLocation,
  usePageTitle,
  useQueryClient,
  useSession,
} from '@courseport/shared-ui';
import { prepareServerRichText } from '@courseport/shared-ui/rich-text';
import { type ReactNode, useEffect, useState } from 'react';
import { adminEmailsQuery } from '../features/admin-emails/api/adminEmails';
import { useAdminEmails } from '../features/admin-emails/hooks/useAdminEmails';
import { categoriesQuery } from '../features/categories/api/categories';
import { useAdminCategories } from '../features/categories/hooks/useAdminCategories';
import { adminDiscussionsQuery } from '../features/discussions/api/discussions';
import { adminDiscussionKeys } from '../features/discussions/api/keys';
import { educatorRequestsQuery } from '../features/educator-requests/api/educatorRequests';
import { RequestsTab } from '../features/educator-requests/components/RequestsTab';
import { useEducatorRequests } from '../features/educator-requests/hooks/useEducatorRequests';
import { AccessDenied } from '../features/layout/components/AccessDenied';
import { AdminHeader } from '../features/layout/components/AdminHeader';
import { type AdminTab, AdminTabs } from '../features/layout/components/AdminTabs';
import { BrandBar } from '../features/layout/components/BrandBar';
import { PATHS } from '../features/layout/components/paths';
import { payoutKeys } from '../features/payouts/api/keys';
import {
  balancesQuery,
  connectAccountsQuery,
  payoutsListQuery,
  platformFeeQuery,
} from '../features/payouts/api/payouts';
import { purchasesQuery } from '../features/purchases/api/purchases';
import { usePurchases } from '../features/purchases/hooks/usePurchases';
import { releaseAuditQuery, releasesQuery } from '../features/releases/api/releases';
import { useReleaseAudit } from '../features/releases/hooks/useReleaseAudit';
import { useReleases } from '../features/releases/hooks/useReleases';
import { adminReviewsQuery } from '../features/reviews/api/reviews';
import { useAdminReviews } from '../features/reviews/hooks/useAdminReviews';
import { ChunkedTab, lazyTab } from '../lib/lazy-tab';
import '../styles/admin.css';

/** Each tab's address: `/admin` is Educator Requests (`/admin/requests` too). */
export const ADMIN_TABS = [
  { key: 'requests', label: 'Educator Requests', path: PATHS.requests },
  { key: 'emails', label: 'Admin Emails', path: PATHS.emails },
  { key: 'purchases', label: 'Purchases', path: PATHS.purchases },
  { key: 'reviews', label: 'Reviews', path: PATHS.reviews },
  { key: 'categories', label: 'Categories', path: PATHS.categories },
  { key: 'releases', label: 'Releases', path: PATHS.releases },
  { key: 'payouts', label: 'Payouts', path: PATHS.payouts },
  { key: 'discussions', label: 'Q&A', path: PATHS.discussions },
] as const;
type TabKey = (typeof ADMIN_TABS)[number]['key'];

/**
 * The tabs after the first, each in its own chunk with antd (#34): the first load carries Educator
 * Requests (plain markup, no antd) and the chunk of the tab the address opens, not all six. Their
 * data hooks stay here (small, no antd): an opened tab keeps its data, and Refresh reloads it.
 */
const TAB_CHUNKS = {
  emails: lazyTab(() => import('../features/admin-emails/components/AdminEmailsTab').then((m) => m.AdminEmailsTab)),
  purchases: lazyTab(() => import('../features/purchases/components/PurchasesTab').then((m) => m.PurchasesTab)),
  reviews: lazyTab(() => import('../features/reviews/components/ReviewsTab').then((m) => m.ReviewsTab)),
  categories: lazyTab(() => import('../features/categories/components/CategoriesTab').then((m) => m.CategoriesTab)),
  releases: lazyTab(() => import('../features/releases/components/ReleasesTab').then((m) => m.ReleasesTab)),
  payouts: lazyTab(() => import('../features/payouts/components/PayoutsTab').then((m) => m.PayoutsTab)),
  discussions: lazyTab(() => import('../features/discussions/components/DiscussionsTab').then((m) => m.DiscussionsTab)),
};

/** Starts loading a tab's chunk (pointed at or focused: it is likely opened next). */
function prepareTab(key: TabKey) {
  if (key !== 'requests') void TAB_CHUNKS[key].load().catch(() => undefined);
}

/** Every tab's chunk (tests open tabs at once, as a returning admin's cached chunks do). */
export const loadAdminTabs = () => Promise.all(Object.values(TAB_CHUNKS).map(({ load }) => load()));

/**
 * What the dashboard shows first, for the signed-in admin whose profile is in the cache (#34: the
 * server's render, or the browser's start-up): the educator requests, and the opened tab's list.
 */
export const loadPageData: PageDataLoader = async (client, params) => {
  const user = client.getQueryData<UserProfile>(queryKeys.user.profile());
  if (!user || !rolesOf(user).includes('admin')) return;
  const tab = tabOfPath(`/admin/${params['*'] ?? ''}`);
  await Promise.all([
    // The opened tab's chunk: the server renders the tab itself, not its loading state.
    tab && tab !== 'requests' ? TAB_CHUNKS[tab].load() : null,
    client.prefetchQuery(educatorRequestsQuery()),
    tab === 'emails' ? client.prefetchQuery(adminEmailsQuery()) : null,
    tab === 'categories' ? client.prefetchQuery(categoriesQuery()) : null,
    // The purchases' first page (the tab's infinite query; 'Show more' fetches the next ones).
    tab === 'purchases' ? client.prefetchInfiniteQuery(purchasesQuery()) : null,
    // The reviews' first page, all of them (the tab's first filter), and the Q&A's first page
    // (every state, no search), with the server's sanitizer of the posts' HTML.
    tab === 'reviews' ? client.prefetchQuery(adminReviewsQuery('all', 1)) : null,
    ...(tab === 'discussions'
      ? [client.prefetchInfiniteQuery(adminDiscussionsQuery('all', '')), prepareServerRichText()]
      : []),
    // #36: the Payouts tab's fee, balances, payouts and runs, and the Connect accounts' first page.
    ...(tab === 'payouts'
      ? [
          client.prefetchQuery(platformFeeQuery()),
          client.prefetchQuery(balancesQuery()),
          client.prefetchQuery(payoutsListQuery()),
          client.prefetchInfiniteQuery(connectAccountsQuery()),
        ]
      : []),
    // The Releases tab's registry and the audit trail's first page, every portal (#34). What the
    // shell serves (`/release-status.json`, the shell's own origin) is asked for in the browser.
    ...(tab === 'releases' ? [client.prefetchQuery(releasesQuery()), client.prefetchQuery(releaseAuditQuery(1))] : []),
  ]);
};

/** The tab a path names: '' and 'requests' are Educator Requests; null for no tab of ours. */
export function tabOfPath(pathname: string): TabKey | null {
  const rest = pathname.replace(/^\/admin\/?/, '').replace(/\/+$/, '');
  if (rest === '' || rest === 'requests') return 'requests';
  return ADMIN_TABS.find((tab) => tab.key === rest)?.key ?? null;
}

/**
 * /admin and /admin/<tab>: educator requests, the admin e-mail allow-list, purchases (refunds),
 * reviews (hiding), categories, portal releases, payouts and Q&A (hiding questions and answers, #35),
 * for admins only.
 */
function AdminGate() {
  const active = tabOfPath(useLocation().pathname);
  const admin = useSession((s) => s.status === 'signed-in' && s.userLoaded && s.roles.includes('admin'));
  // Each tab its own title ('Admin Emails · Admin · Courseport'); 'Admin · Courseport' otherwise.
  usePageTitle(admin ? (ADMIN_TABS.find((tab) => tab.key === active)?.label ?? '') : '', 'Admin');
  const status = useSession((s) => s.status);
  const userLoaded = useSession((s) => s.userLoaded);
  const roles = useSession((s) => s.roles);

  if (status === 'loading' || (status === 'signed-in' && !userLoaded)) return <LoadingState />;
  // The dashboard (and with it every admin API call) is only mounted for admins.
  if (status !== 'signed-in' || !roles.includes('admin')) return <AccessDenied />;
  // An address under /admin that names no tab: the first one.
  if (active === null) return <Navigate to="/admin" replace />;
  return <AdminDashboard active={active} />;
}

function AdminDashboard({ active }: { active: TabKey }) {
  // Each tab's data is loaded the first time the tab is opened (Educator Requests: at once).
  const [opened, setOpened] = useState<ReadonlySet<TabKey>>(() => new Set([active]));
  useEffect(() => {
    setOpened((tabs) => (tabs.has(active) ? tabs : new Set([...tabs, active])));
  }, [active]);
  const isOpen = (key: TabKey) => key === active || opened.has(key);
  const requests = useEducatorRequests();
  const emailsOpened = isOpen('emails');
  const emails = useAdminEmails(emailsOpened);
  const purchasesOpened = isOpen('purchases');
  const purchases = usePurchases(purchasesOpened);
  const reviewsOpened = isOpen('reviews');
  const reviews = useAdminReviews(reviewsOpened);
  const categoriesOpened = isOpen('categories');
  const categories = useAdminCategories(categoriesOpened);
  const releasesOpened = isOpen('releases');
  const releases = useReleases(releasesOpened);
  const releaseAudit = useReleaseAudit(releasesOpened);
  const payoutsOpened = isOpen('payouts');
  const discussionsOpened = isOpen('discussions');
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

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
        payoutsOpened ? queryClient.refetchQueries({ queryKey: payoutKeys.all }) : undefined,
        discussionsOpened ? queryClient.refetchQueries({ queryKey: adminDiscussionKeys.all }) : undefined,
      ]);
    } finally {
      setRefreshing(false);
    }
  };

  const panels: Record<TabKey, ReactNode> = {
    requests: (
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
    emails: (
      <ChunkedTab
        tab={TAB_CHUNKS.emails}
        props={{
          state: emails.state,
          onRetry: emails.refresh,
          ownEmails: emails.ownEmails,
          adding: emails.adding,
          removingIds: emails.removingIds,
          onAdd: emails.add,
          onRemove: emails.remove,
        }}
      />
    ),
    purchases: (
      <ChunkedTab
        tab={TAB_CHUNKS.purchases}
        props={{
          purchases: purchases.purchases,
          total: purchases.total,
          state: purchases.state,
          loadingMore: purchases.loadingMore,
          refundingIds: purchases.refundingIds,
          onRetry: purchases.refresh,
          onLoadMore: purchases.loadMore,
          onRefund: purchases.refund,
        }}
      />
    ),
    reviews: (
      <ChunkedTab
        tab={TAB_CHUNKS.reviews}
        props={{
          reviews: reviews.reviews,
          total: reviews.total,
          page: reviews.page,
          pageSize: reviews.pageSize,
          filter: reviews.filter,
          state: reviews.state,
          busyIds: reviews.busyIds,
          onFilterChange: reviews.setFilter,
          onPageChange: reviews.setPage,
          onRetry: reviews.refresh,
          onHide: reviews.hide,
          onRestore: reviews.restore,
        }}
      />
    ),
    categories: (
      <ChunkedTab
        tab={TAB_CHUNKS.categories}
        props={{
          state: categories.state,
          onRetry: categories.refresh,
          adding: categories.adding,
          renaming: categories.renaming,
          busySlugs: categories.busySlugs,
          onAdd: categories.add,
          onRename: categories.rename,
          onDelete: categories.remove,
        }}
      />
    ),
    releases: <ChunkedTab tab={TAB_CHUNKS.releases} props={{ releases, audit: releaseAudit }} />,
    payouts: <ChunkedTab tab={TAB_CHUNKS.payouts} props={{}} />,
    discussions: <ChunkedTab tab={TAB_CHUNKS.discussions} props={{}} />,
  };

  return (
    // No <main>: the shell's frame is the page's main landmark.
    <div className="cp-admin">
      <AdminHeader refreshing={refreshing} autoRefreshing={requests.autoRefreshing} onRefresh={refresh} />
      <AdminTabs
        active={active}
        tabs={ADMIN_TABS.map(
          (tab): AdminTab => ({ ...tab, panel: panels[tab.key], prepare: () => prepareTab(tab.key) }),
        )}
      />
    </div>
  );
}

/**
 * The first screen (the header, the tabs, Educator Requests) draws no antd; the other tabs and the
 * dialogs load it, in the platform's theme, when they are opened (#34).
 */
export default function AdminDashboardPage() {
  return (
    <>
      <BrandBar />
      <AdminGate />
    </>
  );
}

// The chunk of the tab the address opens loads with this module (a top-level await): the shell
// waits for both before it renders or takes over the server's markup, so the tab is drawn at once,
// never a loading state that React would then put in place of the server's tab. A chunk that
// fails is left to the tab's boundary (the shell's error screen and its Retry).
if (typeof window !== 'undefined') {
  const tab = tabOfPath(window.location.pathname);
  if (tab && tab !== 'requests') await TAB_CHUNKS[tab].load().catch(() => undefined);
}
