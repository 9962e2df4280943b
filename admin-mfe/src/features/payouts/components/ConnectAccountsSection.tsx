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
import { Alert } from '@courseport/shared-ui/antd/alert';
import { Flex } from '@courseport/shared-ui/antd/flex';
import { Table } from '@courseport/shared-ui/antd/table';
import { Tag } from '@courseport/shared-ui/antd/tag';
import { Typography } from '@courseport/shared-ui/antd/typography';
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
    <Flex vertical gap={2} align="flex-start">
      {due.length === 0 ? (
        <Typography.Text type="secondary">Nothing due</Typography.Text>
      ) : (
        <ul className="cp-admin-due">
          {due.map((code) => (
            <li key={code}>{requirementText(code)}</li>
          ))}
        </ul>
      )}
      {account.disabledReason && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Disabled: {requirementText(account.disabledReason)}
        </Typography.Text>
      )}
    </Flex>
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
            <Alert
              type="info"
              showIcon
              role="status"
              title="Payouts are made by bank transfer"
              description={LOCAL_PAYOUTS_TEXT}
            />
          ) : (
            <Flex vertical gap={12}>
              <Table<AdminConnectAccount>
                rowKey="educatorId"
                dataSource={data.pages.flatMap((page) => page.accounts)}
                pagination={false}
                scroll={{ x: 760 }}
                tableLayout="auto"
                aria-label="Stripe Connect accounts"
                columns={[
                  {
                    title: 'Educator',
                    key: 'name',
                    render: (_, a) => <Typography.Text strong>{a.name}</Typography.Text>,
                  },
                  {
                    title: 'State',
                    key: 'state',
                    render: (_, a) => <Tag style={tagTone(STATES[a.state].tone)}>{STATES[a.state].label}</Tag>,
                  },
                  {
                    title: 'Requirements due',
                    key: 'due',
                    className: 'cp-admin-due-cell',
                    render: (_, a) => <Requirements account={a} />,
                  },
                  { title: 'Account', key: 'account', render: (_, a) => a.accountId ?? '—' },
                  {
                    title: 'Updated',
                    key: 'updated',
                    render: (_, a) => (a.updatedAt ? formatDate(a.updatedAt) : '—'),
                  },
                ]}
              />
              {query.isFetchNextPageError && (
                <Alert
                  type="error"
                  showIcon
                  role="alert"
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
            </Flex>
          )
        }
      </QueryStates>
    </section>
  );
}
