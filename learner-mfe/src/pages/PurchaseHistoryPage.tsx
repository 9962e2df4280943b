import {
  EmptyState,
  Link,
  type PageDataLoader,
  pageTitle,
  type QueryState,
  QueryStates,
  usePageTitle,
  useQueryState,
} from '@courseport/shared-ui';
import { isSignedInIn } from '../api/page-data';
import { ArrowLeftIcon } from '../components/icons';
import { LearnerPage } from '../components/LearnerPage';
import { PageHeading } from '../components/PageHeading';
import { SignInPrompt } from '../components/SignInPrompt';
import { PurchaseList } from '../features/purchases/components/PurchaseList';
import { useLearnerAccess } from '../hooks/useLearnerAccess';
import '../styles/purchases.css';
import { purchasesQuery } from '../features/purchases/api/purchases';
import { usePurchaseHistory } from '../features/purchases/hooks/usePurchaseHistory';

export const PURCHASE_HISTORY_TITLE = pageTitle('Purchase history');

function NoPurchases() {
  return (
    <EmptyState
      title="You have not bought any course yet"
      description={<p className="ln-muted">Your receipts will be listed here.</p>}
      action={
        <Link to="/course-list" className="ln-link-button ln-link-button-primary">
          Browse Courses
        </Link>
      }
    />
  );
}

function Purchases() {
  const access = useLearnerAccess();
  // Anyone signed in may have bought a course, whatever their roles are now.
  const { state, retry } = useQueryState(usePurchaseHistory(access === 'student' || access === 'not-student'), {
    fallback: 'Failed to load your purchases',
  });

  if (access === 'signed-out') return <SignInPrompt message="Please sign in to see your purchase history" />;
  return (
    <QueryStates
      // Until the session is known nothing is listed.
      state={access === 'loading' && state.status === 'ready' ? LOADING : state}
      loadingText="Loading your purchases..."
      errorTitle="Could not load your purchases"
      onRetry={retry}
      empty={<NoPurchases />}
    >
      {(purchases) => <PurchaseList purchases={purchases} />}
    </QueryStates>
  );
}

const LOADING: QueryState<never> = { status: 'loading' };

/** `/purchase-history`: every course the signed-in user bought (or tried to), newest first, with its receipt number. */
function PurchaseHistory() {
  usePageTitle('Purchase history');
  return (
    <LearnerPage className="ln-purchases-page">
      <header className="ln-page-head">
        <Link to="/my-enrollments" className="ln-back-link">
          <ArrowLeftIcon />
          My Enrollments
        </Link>
        <PageHeading>Purchase history</PageHeading>
        <p className="ln-subtitle">Every course you have bought, with its receipt number.</p>
      </header>
      <section className="ln-card" aria-label="Purchases">
        <Purchases />
      </section>
    </LearnerPage>
  );
}

/**
 * What the page shows first, for the signed-in user whose profile is in the cache (any role may have
 * bought a course): their purchases (the server's render, or the browser's start-up, #34).
 */
export const loadPageData: PageDataLoader = async (client) => {
  if (isSignedInIn(client)) await client.prefetchQuery(purchasesQuery());
};

/** No antd on this page (#34): a plain table with antd's look. */
export default function PurchaseHistoryPage() {
  return <PurchaseHistory />;
}
