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
import { wishlistQuery } from '../features/wishlist/api/wishlist';
import { WishlistList } from '../features/wishlist/components/WishlistList';
import { useWishlist } from '../features/wishlist/hooks/useWishlist';
import { useLearnerAccess } from '../hooks/useLearnerAccess';
import '../styles/wishlist.css';

export const WISHLIST_TITLE = pageTitle('Wishlist');

function EmptyWishlist() {
  return (
    <EmptyState
      title="Your wishlist is empty"
      description={<p className="ln-muted">Save courses with the heart on their card to find them here.</p>}
      action={
        <Link to="/course-list" className="ln-link-button ln-link-button-primary">
          Browse courses
        </Link>
      }
    />
  );
}

function SavedCourses() {
  const access = useLearnerAccess();
  // Anyone signed in may save courses, whatever their roles are.
  const { state, retry } = useQueryState(useWishlist(access === 'student' || access === 'not-student'), {
    fallback: 'Failed to load your wishlist',
  });

  if (access === 'signed-out') return <SignInPrompt message="Please sign in to see your wishlist" />;
  return (
    <QueryStates
      // Until the session is known nothing is listed.
      state={access === 'loading' && state.status === 'ready' ? LOADING : state}
      loadingText="Loading your wishlist..."
      errorTitle="Could not load your wishlist"
      retryLabel="Retry"
      onRetry={retry}
      empty={<EmptyWishlist />}
    >
      {(items) => <WishlistList items={items} />}
    </QueryStates>
  );
}

const LOADING: QueryState<never> = { status: 'loading' };

/** `/wishlist`: the courses the signed-in user saved, newest saved first, with any price drop since. */
function Wishlist() {
  usePageTitle('Wishlist');
  return (
    <LearnerPage className="ln-wishlist-page">
      <header className="ln-page-head">
        <Link to="/my-enrollments" className="ln-back-link">
          <ArrowLeftIcon />
          My Enrollments
        </Link>
        <PageHeading>Wishlist</PageHeading>
        <p className="ln-subtitle">The courses you saved for later, newest first.</p>
      </header>
      <section className="ln-card" aria-label="Your wishlist">
        <SavedCourses />
      </section>
    </LearnerPage>
  );
}

/**
 * What the page shows first, for the signed-in user whose profile is in the cache (any role may save
 * courses): their wishlist (the server's render, or the browser's start-up, #34).
 */
export const loadPageData: PageDataLoader = async (client) => {
  if (isSignedInIn(client)) await client.prefetchQuery(wishlistQuery());
};

/**
 * No antd on this page (#34): its buttons are shared-ui's plain ones; the toasts of Remove and
 * Enroll Now load antd's notification with the first one.
 */
export default function WishlistPage() {
  return <Wishlist />;
}
