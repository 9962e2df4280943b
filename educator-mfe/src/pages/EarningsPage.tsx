import {
  Button,
  EmptyState,
  errorText,
  QueryStates,
  useInfiniteQuery,
  useQuery,
  useQueryState,
  useSearchParams,
} from '@courseport/shared-ui';
import { balanceQuery, ledgerQuery, payoutAccountQuery, payoutsQuery } from '../features/earnings/api/earnings';
import { BalanceCards } from '../features/earnings/components/BalanceCards';
import { LedgerTable } from '../features/earnings/components/LedgerTable';
import { PayoutAccount } from '../features/earnings/components/PayoutAccount';
import { PayoutsTable } from '../features/earnings/components/PayoutsTable';
import { Statements } from '../features/earnings/components/Statements';
import { PageHeader } from '../features/layout/components/PageHeader';

function Balance() {
  const { state, retry } = useQueryState(useQuery(balanceQuery()), { fallback: 'Could not load your balance' });
  return (
    <QueryStates state={state} loadingText="Loading your balance..." errorTitle="Error Loading Balance" onRetry={retry}>
      {(balance) => <BalanceCards balance={balance} />}
    </QueryStates>
  );
}

function Ledger() {
  const query = useInfiniteQuery(ledgerQuery());
  const { state, retry } = useQueryState(query, { fallback: 'Could not load your ledger' });
  return (
    <section aria-labelledby="ed-ledger-title" className="ed-earnings-section">
      <h2 id="ed-ledger-title" className="ed-section-title">
        Ledger
      </h2>
      <QueryStates
        state={state}
        loadingText="Loading your ledger..."
        errorTitle="Error Loading Ledger"
        onRetry={retry}
        isEmpty={(data) => data.pages.every((page) => page.entries.length === 0)}
        empty={
          <EmptyState
            title="No money moved yet"
            description="Each sale of your courses, with its platform fee and any coupon, appears here, as do refunds, payouts and adjustments."
          />
        }
      >
        {(data) => (
          <div className="ed-panel ed-panel-table">
            <LedgerTable entries={data.pages.flatMap((page) => page.entries)} />
            {query.isFetchNextPageError && (
              <p className="ed-earnings-error" role="alert">
                Could not load more entries: {errorText(query.error, 'please try again')}
              </p>
            )}
            {query.hasNextPage && (
              <div className="ed-earnings-more">
                <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
                  Load more
                </Button>
              </div>
            )}
          </div>
        )}
      </QueryStates>
    </section>
  );
}

/** How the educator is paid: Stripe Connect's state (asked of Stripe again on the way back from its onboarding). */
function PayoutMethod() {
  const [params] = useSearchParams();
  const back = params.get('connect') === 'return' || params.get('connect') === 'refresh';
  const { state, retry } = useQueryState(useQuery(payoutAccountQuery(back)), {
    fallback: 'Could not load how you are paid',
  });
  return (
    <section aria-labelledby="ed-method-title" className="ed-earnings-section">
      <h2 id="ed-method-title" className="ed-section-title">
        How you are paid
      </h2>
      <QueryStates
        state={state}
        loadingText="Loading your payout method..."
        errorTitle="Error Loading Payout Method"
        onRetry={retry}
      >
        {(account) => <PayoutAccount account={account} />}
      </QueryStates>
    </section>
  );
}

function Payouts() {
  const { state, retry } = useQueryState(useQuery(payoutsQuery()), { fallback: 'Could not load your payouts' });
  return (
    <section aria-labelledby="ed-payouts-title" className="ed-earnings-section">
      <h2 id="ed-payouts-title" className="ed-section-title">
        Payouts
      </h2>
      <QueryStates
        state={state}
        loadingText="Loading your payouts..."
        errorTitle="Error Loading Payouts"
        onRetry={retry}
        empty={
          <EmptyState
            title="No payouts yet"
            description="Once a sale's refund window has passed, its money is paid out in the next monthly payout, and it shows here with the bank's reference."
          />
        }
      >
        {(payouts) => (
          <div className="ed-panel ed-panel-table">
            <PayoutsTable payouts={payouts} />
          </div>
        )}
      </QueryStates>
    </section>
  );
}

/** /educator/earnings (#36): the balance, the ledger, payouts and monthly statements. No antd. */
export default function EarningsPage() {
  return (
    <div className="ed-page ed-earnings">
      <PageHeader
        title="Earnings"
        subtitle="What your courses earned, what was paid out, and your monthly statements"
      />
      <Balance />
      <PayoutMethod />
      <Ledger />
      <Payouts />
      <Statements />
    </div>
  );
}
