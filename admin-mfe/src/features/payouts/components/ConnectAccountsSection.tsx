import type { AdminConnectAccount } from '@courseport/contracts';
import {
  Button,
  EmptyState,
  errorText,
  formatDate,
  QueryStates,
  type TagTone,
  tagTone,
  useInfiniteQuery,
  useQueryState,
} from '@courseport/shared-ui';
import { Notice } from '../../../components/Notice';
import { connectAccountsQuery } from '../api/payouts';

export const LOCAL_PAYOUTS_TEXT =
  'This platform takes payments without Stripe, so educators have no Stripe Connect accounts: their payouts are made by bank transfer from the payout runs above, each recorded with its bank reference.';

const STATES: Record<AdminConnectAccount['state'], { label: string; tone: TagTone }> = {
  none: { label: 'Not connected', tone: 'default' },
  details_due: { label: 'Details due', tone: 'gold' },
  payouts_enabled: { label: 'Payouts enabled', tone: 'green' },
};

/** Stripe's requirement codes as words: `individual.id_number` → 'individual id number'. */
export const requirementText = (code: string) => code.replace(/[._]+/g, ' ').trim();

function Requirements({ account }: { account: AdminConnectAccount }) {
  if (account.state === 'none') return <>—</>;
  const due = account.currentlyDue ?? [];
  return (
    <span className="cp-admin-tag-note">
      {due.length === 0 ? (
        <span className="cp-admin-secondary">Nothing due</span>
      ) : (
        <ul className="cp-admin-due">
          {due.map((code) => (
            <li key={code}>{requirementText(code)}</li>
          ))}
        </ul>
      )}
      {account.disabledReason && (
        <span className="cp-admin-secondary cp-admin-small">Disabled: {requirementText(account.disabledReason)}</span>
      )}
    </span>
  );
}

/**
 * The Payouts tab's Stripe Connect section (#36): each educator's Connect state (not connected,
 * details due with what Stripe still needs, payouts enabled), a page at a time. Without Stripe it
 * says payouts are made by bank transfer.
 */
export function ConnectAccountsSection() {
  const query = useInfiniteQuery(connectAccountsQuery());
  const { state, retry } = useQueryState(query, { fallback: 'Could not load the Stripe Connect accounts' });
  return (
    <section aria-labelledby="cp-admin-connect-title">
      <h2 id="cp-admin-connect-title" className="cp-admin-section-title">
        Stripe Connect accounts
      </h2>
      <QueryStates
        state={state}
        loadingText="Loading Stripe Connect accounts..."
        errorTitle="Could not load Stripe Connect accounts"
        onRetry={retry}
        isEmpty={(data) => data.pages[0]?.available === true && data.pages.every((page) => page.accounts.length === 0)}
        empty={
          <EmptyState
            title="No educators yet"
            description="Each educator appears here with their Stripe Connect state once they are approved."
          />
        }
      >
        {(data) =>
          data.pages[0]?.available === false ? (
            <Notice
              tone="info"
              role="status"
              title="Payouts are made by bank transfer"
              description={LOCAL_PAYOUTS_TEXT}
            />
          ) : (
            <div className="cp-admin-stack cp-admin-stack-12">
              {/* A plain table (#34) in a scroll box the keyboard reaches. */}
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach (WCAG 2.1.1). */}
              <section className="cp-table-scroll" tabIndex={0} aria-label="Stripe Connect accounts table">
                <table className="cp-table cp-admin-money-table" aria-label="Stripe Connect accounts">
                  <thead>
                    <tr>
                      <th scope="col">Educator</th>
                      <th scope="col">State</th>
                      <th scope="col" className="cp-admin-due-cell">
                        Requirements due
                      </th>
                      <th scope="col">Account</th>
                      <th scope="col">Updated</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.pages
                      .flatMap((page) => page.accounts)
                      .map((a) => (
                        <tr key={a.educatorId} className="cp-admin-connect-row">
                          <td>
                            <strong>{a.name}</strong>
                          </td>
                          <td>
                            <span className="cp-tag" style={tagTone(STATES[a.state].tone)}>
                              {STATES[a.state].label}
                            </span>
                          </td>
                          <td className="cp-admin-due-cell cp-admin-wrap">
                            <Requirements account={a} />
                          </td>
                          <td>{a.accountId ?? '—'}</td>
                          <td>{a.updatedAt ? formatDate(a.updatedAt) : '—'}</td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              </section>
              {query.isFetchNextPageError && (
                <Notice
                  tone="error"
                  title={`Could not load more accounts: ${errorText(query.error, 'please try again')}`}
                />
              )}
              {query.hasNextPage && (
                <div>
                  <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
                    Load more
                  </Button>
                </div>
              )}
            </div>
          )
        }
      </QueryStates>
    </section>
  );
}
