import { EmptyState, ErrorState, errorText, Link, LoadingState, pageTitle, usePageTitle } from '@courseport/shared-ui';
import { Themed } from '@courseport/shared-ui/heavy';
import { ArrowLeftIcon } from '../components/icons';
import { LearnerPage } from '../components/LearnerPage';
import { PageHeading } from '../components/PageHeading';
import { SignInPrompt } from '../components/SignInPrompt';
import { PurchaseList } from '../features/purchases/components/PurchaseList';
import { useLearnerAccess } from '../hooks/useLearnerAccess';
import '../styles/purchases.css';
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
  const history = usePurchaseHistory(access === 'student' || access === 'not-student');

  if (access === 'signed-out') return <SignInPrompt message="Please sign in to see your purchase history" />;
  if (!history.data && history.isError && !history.isFetching) {
    return (
      <ErrorState
        title="Could not load your purchases"
        message={errorText(history.error, 'Failed to load your purchases')}
        onRetry={() => void history.refetch()}
      />
    );
  }
  if (access === 'loading' || !history.data) return <LoadingState text="Loading your purchases..." />;
  if (history.data.length === 0) return <NoPurchases />;
  return <PurchaseList purchases={history.data} />;
}

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

/** Rendered in the platform's antd theme (its components load on demand). */
export default function PurchaseHistoryPage() {
  return (
    <Themed>
      <PurchaseHistory />
    </Themed>
  );
}
