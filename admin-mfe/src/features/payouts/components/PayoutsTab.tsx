import type { AdminEducatorBalance, PayoutRun } from '@courseport/contracts';
import {
  Button,
  EmptyState,
  errorText,
  formatDate,
  QueryStates,
  tagTone,
  useCurrency,
  useMutation,
  useQuery,
  useQueryState,
  useToast,
} from '@courseport/shared-ui';
import { type FormEvent, Suspense, useId, useState } from 'react';
import { Notice } from '../../../components/Notice';
import { PlainCard } from '../../../components/PlainCard';
import { CONFIRM_LOAD_FAILED, openConfirmDialog, preloadConfirmDialog } from '../../../lib/confirm-dialog';
import { lazyDialog } from '../../../lib/lazy-dialog';
import {
  balancesQuery,
  type PayoutsList,
  payoutsListQuery,
  platformFeeQuery,
  releaseEducator,
  runPayout,
  setPlatformFee,
} from '../api/payouts';
import { monthOf, paise, today } from '../format';
import { ConnectAccountsSection } from './ConnectAccountsSection';
import { type Dialog, ErrorAlert, Field, useReload } from './fields';

export const RUN_CONFIRM_TEXT =
  'Every educator with money available by the cut-off, and no hold, is paid it. Record each payment with its bank reference once the money is sent.';

/** The rows' dialogs (antd's Modal, in the platform's theme): loaded when first wanted (#34). */
const { Dialog: ActionDialog, preload: preloadActionDialog } = lazyDialog(() =>
  import('./ActionDialog').then((m) => m.ActionDialog),
);
const dialogEvents = { onPointerEnter: preloadActionDialog, onFocus: preloadActionDialog };

/** The confirmations' antd Modal (run a payout, release a hold): loaded the same way. */
const confirmEvents = { onPointerEnter: preloadConfirmDialog, onFocus: preloadConfirmDialog };

/** A money table's cell of a status tag (antd's Tag look, shared-ui's `.cp-tag`). */
const Tag = ({ tone, children }: { tone: 'green' | 'gold' | 'red'; children: string }) => (
  <span className="cp-tag" style={tagTone(tone)}>
    {children}
  </span>
);

function PlatformFeeCard() {
  const id = useId();
  const toast = useToast();
  const reload = useReload();
  const query = useQuery(platformFeeQuery());
  const { state, retry } = useQueryState(query, { fallback: 'Could not load the platform fee' });
  // What the field holds while it is being changed (null: the fee saved).
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: setPlatformFee,
    onSuccess: (res) => {
      toast.success(res.message || 'Platform fee saved');
      setDraft(null);
      setError(null);
      void reload();
    },
    onError: (e) => setError(errorText(e, 'Could not save the platform fee')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = (draft ?? String(query.data?.percent ?? '')).trim();
    const value = Number(text);
    if (text === '' || !Number.isFinite(value)) return setError('Enter a fee from 0 to 100 percent');
    save.mutate(value);
  };
  return (
    <PlainCard title="Platform fee">
      <QueryStates state={state} loadingText="Loading the fee..." errorTitle="Could not load the fee" onRetry={retry}>
        {(fee) => (
          // The server checks the fee (0 to 100, two decimals) and says what is wrong.
          <form onSubmit={submit} noValidate>
            <div className="cp-admin-stack cp-admin-stack-12">
              <span>
                New sales pay <strong>{fee.percent}%</strong> to the platform
                {fee.updatedAt ? ` (set ${formatDate(fee.updatedAt)})` : ' (the configured default)'}. Earlier sales
                keep the fee they were charged.
              </span>
              <Field id={id} label="Fee in percent" hint="0 to 100, at most two decimals">
                <div className="cp-admin-row">
                  <input
                    id={id}
                    className="cp-input cp-admin-input-140"
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={100}
                    step="any"
                    value={draft ?? fee.percent}
                    onChange={(event) => setDraft(event.target.value)}
                  />
                  <Button type="primary" htmlType="submit" loading={save.isPending}>
                    Save fee
                  </Button>
                </div>
              </Field>
              <ErrorAlert message={error} />
            </div>
          </form>
        )}
      </QueryStates>
    </PlainCard>
  );
}

function RunCard() {
  const id = useId();
  const currency = useCurrency();
  const toast = useToast();
  const reload = useReload();
  const [month, setMonth] = useState(() => monthOf(-1));
  const [byDay, setByDay] = useState(false);
  const [day, setDay] = useState(today);
  const cutoff = byDay ? day : month;
  const [result, setResult] = useState<
    { ok: true; run: PayoutRun; message: string } | { ok: false; message: string } | null
  >(null);
  const run = useMutation({ mutationFn: runPayout });
  const confirm = () =>
    void openConfirmDialog({
      title: byDay ? `Run the payout up to ${cutoff}?` : `Run the payout for ${cutoff}?`,
      content: RUN_CONFIRM_TEXT,
      okText: 'Run payout',
      cancelText: 'Cancel',
      onOk: async () => {
        setResult(null);
        try {
          const res = await run.mutateAsync(cutoff);
          setResult({ ok: true, run: res.run, message: res.message || 'Payout run finished' });
        } catch (error) {
          setResult({ ok: false, message: errorText(error, 'The payout run failed') });
        }
        void reload();
      },
    }).catch((error: unknown) => toast.failure(error, CONFIRM_LOAD_FAILED, { network: 'fallback' }));
  return (
    <PlainCard title="Run a payout">
      <div className="cp-admin-stack cp-admin-stack-12">
        <span className="cp-admin-secondary">
          Pays every educator's available balance up to the end of the month (or of a day). Running the same cut-off
          again pays nobody twice.
        </span>
        <label className="cp-admin-check">
          <input type="checkbox" checked={byDay} onChange={(e) => setByDay(e.target.checked)} /> Up to a day instead of
          a whole month
        </label>
        <Field id={id} label={byDay ? 'Cut-off day' : 'Month'}>
          <div className="cp-admin-row">
            {byDay ? (
              <input
                id={id}
                className="cp-input cp-admin-input-180"
                type="date"
                value={day}
                max={today()}
                onChange={(event) => setDay(event.target.value)}
              />
            ) : (
              <input
                id={id}
                className="cp-input cp-admin-input-180"
                type="month"
                value={month}
                max={monthOf(0)}
                onChange={(event) => setMonth(event.target.value)}
              />
            )}
            <Button type="primary" onClick={confirm} {...confirmEvents} loading={run.isPending} disabled={!cutoff}>
              Run payout
            </Button>
          </div>
        </Field>
        {result?.ok === true && (
          <Notice
            tone="success"
            role="status"
            title={result.message}
            description={`${result.run.payouts} ${result.run.payouts === 1 ? 'educator' : 'educators'} paid, ${paise(currency, result.run.total)} in total.`}
          />
        )}
        {result?.ok === false && <ErrorAlert message={result.message} />}
      </div>
    </PlainCard>
  );
}

function BalancesSection({ onAction }: { onAction: (dialog: Dialog) => void }) {
  const currency = useCurrency();
  const toast = useToast();
  const reload = useReload();
  const { state, retry } = useQueryState(useQuery(balancesQuery()), { fallback: 'Could not load the balances' });
  const release = useMutation({ mutationFn: releaseEducator });
  const confirmRelease = (educator: AdminEducatorBalance) =>
    void openConfirmDialog({
      title: `Release ${educator.name}'s payouts?`,
      content: 'Their available balance is paid in the next payout run.',
      okText: 'Release hold',
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          const res = await release.mutateAsync(educator.educatorId);
          toast.success(res.message || 'Hold released');
        } catch (error) {
          toast.failure(error, 'Could not release the hold');
        }
        void reload();
      },
    }).catch((error: unknown) => toast.failure(error, CONFIRM_LOAD_FAILED, { network: 'fallback' }));
  return (
    <section aria-labelledby="cp-admin-balances-title">
      <h2 id="cp-admin-balances-title" className="cp-admin-section-title">
        Educators' balances
      </h2>
      <QueryStates
        state={state}
        loadingText="Loading balances..."
        errorTitle="Could not load balances"
        onRetry={retry}
        empty={
          <EmptyState
            title="No educator has earned anything yet"
            description="An educator appears here with their first sale, adjustment or hold."
          />
        }
      >
        {(balances) => (
          // A plain table (#34) in a scroll box the keyboard reaches; the actions stay at its right edge.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach (WCAG 2.1.1).
          <section className="cp-table-scroll" tabIndex={0} aria-label="Educators' balances table">
            <table className="cp-table cp-admin-money-table" aria-label="Educators' balances">
              <thead>
                <tr>
                  <th scope="col">Educator</th>
                  <th scope="col" className="cp-admin-num">
                    Pending
                  </th>
                  <th scope="col" className="cp-admin-num">
                    Available
                  </th>
                  <th scope="col" className="cp-admin-num">
                    Paid
                  </th>
                  <th scope="col">Fee</th>
                  <th scope="col">Hold</th>
                  <th scope="col" className="cp-admin-sticky-end">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {balances.map((b) => (
                  <tr key={b.educatorId} className="cp-admin-balance-row">
                    <td>
                      <strong>{b.name}</strong>
                    </td>
                    <td className="cp-admin-num">{paise(currency, b.pending)}</td>
                    <td className="cp-admin-num">{paise(currency, b.available)}</td>
                    <td className="cp-admin-num">{paise(currency, b.paid)}</td>
                    <td>
                      {b.feeOverridePercent === null ? `${b.feePercent}% (platform)` : `${b.feeOverridePercent}% (own)`}
                    </td>
                    <td>
                      {b.hold ? (
                        <span className="cp-admin-tag-note">
                          <Tag tone="red">On hold</Tag>
                          <span className="cp-admin-reason">
                            {b.hold.reason} (since {formatDate(b.hold.since)})
                          </span>
                        </span>
                      ) : (
                        <Tag tone="green">Paid normally</Tag>
                      )}
                    </td>
                    <td className="cp-admin-sticky-end">
                      <span className="cp-admin-row cp-admin-row-tight">
                        {b.hold ? (
                          <Button
                            size="small"
                            aria-label={`Release ${b.name}'s hold`}
                            {...confirmEvents}
                            onClick={() => confirmRelease(b)}
                          >
                            Release
                          </Button>
                        ) : (
                          <Button
                            size="small"
                            aria-label={`Hold ${b.name}'s payouts`}
                            {...dialogEvents}
                            onClick={() => onAction({ kind: 'hold', educator: b })}
                          >
                            Hold
                          </Button>
                        )}
                        <Button
                          size="small"
                          aria-label={`Set ${b.name}'s fee`}
                          {...dialogEvents}
                          onClick={() => onAction({ kind: 'fee', educator: b })}
                        >
                          Fee
                        </Button>
                        <Button
                          size="small"
                          aria-label={`Adjust ${b.name}'s balance`}
                          {...dialogEvents}
                          onClick={() => onAction({ kind: 'adjust', educator: b })}
                        >
                          Adjust
                        </Button>
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </QueryStates>
    </section>
  );
}

function PayoutsSection({ onAction }: { onAction: (dialog: Dialog) => void }) {
  const currency = useCurrency();
  const { state, retry } = useQueryState(useQuery(payoutsListQuery()), { fallback: 'Could not load the payouts' });
  return (
    <section aria-labelledby="cp-admin-payouts-title">
      <h2 id="cp-admin-payouts-title" className="cp-admin-section-title">
        Payouts
      </h2>
      <QueryStates
        state={state}
        loadingText="Loading payouts..."
        errorTitle="Could not load payouts"
        onRetry={retry}
        isEmpty={(list: PayoutsList) => list.payouts.length === 0 && list.runs.length === 0}
        empty={
          <EmptyState
            title="No payouts yet"
            description="Run a payout for a month above: each educator paid gets a payout here, to record with its bank reference."
          />
        }
      >
        {({ payouts, runs }) => (
          <div className="cp-admin-stack">
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach (WCAG 2.1.1). */}
            <section className="cp-table-scroll" tabIndex={0} aria-label="Payouts table">
              <table className="cp-table cp-admin-money-table" aria-label="Payouts">
                <thead>
                  <tr>
                    <th scope="col">Educator</th>
                    <th scope="col">Run</th>
                    <th scope="col" className="cp-admin-num">
                      Amount
                    </th>
                    <th scope="col">Status</th>
                    <th scope="col">Bank reference</th>
                    <th scope="col">Paid on</th>
                    <th scope="col" className="cp-admin-sticky-end">
                      Actions
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {payouts.map((p) => (
                    <tr key={p.id} className="cp-admin-payout-row">
                      <td>
                        <strong>{p.educatorName}</strong>
                      </td>
                      <td>{p.runId}</td>
                      <td className="cp-admin-num">{paise(currency, p.amount)}</td>
                      <td>{p.status === 'paid' ? <Tag tone="green">Paid</Tag> : <Tag tone="gold">Processing</Tag>}</td>
                      <td>{p.bankReference ?? '—'}</td>
                      <td>{p.paidAt ? formatDate(p.paidAt) : '—'}</td>
                      <td className="cp-admin-sticky-end">
                        <Button
                          size="small"
                          type={p.status === 'paid' ? 'default' : 'primary'}
                          aria-label={`${p.status === 'paid' ? 'Edit payment' : 'Record payment'} of ${p.educatorName} (${p.runId})`}
                          {...dialogEvents}
                          onClick={() => onAction({ kind: 'record', payout: p })}
                        >
                          {p.status === 'paid' ? 'Edit payment' : 'Record payment'}
                        </Button>
                      </td>
                    </tr>
                  ))}
                  {payouts.length === 0 && (
                    <tr>
                      <td colSpan={7} className="cp-admin-table-placeholder cp-admin-wrap">
                        <span className="cp-admin-empty">No educator had money to pay in these runs.</span>
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
            </section>
            {runs.length > 0 && (
              // A plain table in a scroll box the keyboard reaches: it has nothing else to focus.
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach (WCAG 2.1.1).
              <section className="cp-table-scroll" tabIndex={0} aria-label="Payout runs">
                <table className="cp-table">
                  <caption className="cp-admin-caption">Payout runs</caption>
                  <thead>
                    <tr>
                      <th scope="col">Run</th>
                      <th scope="col">Started</th>
                      <th scope="col">Status</th>
                      <th scope="col" className="cp-admin-num">
                        Educators paid
                      </th>
                      <th scope="col" className="cp-admin-num">
                        Total
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {runs.map((r) => (
                      <tr key={r.id}>
                        <td className="cp-nowrap">{r.id}</td>
                        <td className="cp-nowrap">{formatDate(r.startedAt)}</td>
                        <td>{r.status === 'finished' ? 'Finished' : 'Running (run it again to finish)'}</td>
                        <td className="cp-admin-num">{r.payouts}</td>
                        <td className="cp-admin-num cp-nowrap">{paise(currency, r.total)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            )}
          </div>
        )}
      </QueryStates>
    </section>
  );
}

/**
 * The Payouts tab (#36): the platform fee, a payout run, educators' balances and holds, payouts,
 * and every educator's Stripe Connect state. Plain markup with antd's look (#34): its dialogs and
 * confirmations load antd when wanted.
 */
export function PayoutsTab() {
  const [dialog, setDialog] = useState<Dialog>(null);
  return (
    <div className="cp-admin-stack cp-admin-stack-12 cp-admin-payouts-tab">
      <div className="cp-admin-cards">
        <PlatformFeeCard />
        <RunCard />
      </div>
      <BalancesSection onAction={setDialog} />
      <PayoutsSection onAction={setDialog} />
      <ConnectAccountsSection />
      {dialog && (
        <Suspense fallback={null}>
          <ActionDialog key={JSON.stringify(dialog)} dialog={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </div>
  );
}
