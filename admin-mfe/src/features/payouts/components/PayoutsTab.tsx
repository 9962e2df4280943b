import type { AdminEducatorBalance, AdminPayout, PayoutRun } from '@courseport/contracts';
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
  useQueryClient,
  useQueryState,
  useToast,
} from '@courseport/shared-ui';
import { Alert } from '@courseport/shared-ui/antd/alert';
import { Card } from '@courseport/shared-ui/antd/card';
import { Flex } from '@courseport/shared-ui/antd/flex';
import { Input } from '@courseport/shared-ui/antd/input';
import { InputNumber } from '@courseport/shared-ui/antd/input-number';
import { Modal } from '@courseport/shared-ui/antd/modal';
import { Table } from '@courseport/shared-ui/antd/table';
import { Tag } from '@courseport/shared-ui/antd/tag';
import { Typography } from '@courseport/shared-ui/antd/typography';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { payoutKeys } from '../api/keys';
import {
  adjustBalance,
  balancesQuery,
  holdEducator,
  type PayoutsList,
  payoutsListQuery,
  platformFeeQuery,
  recordPayment,
  releaseEducator,
  runPayout,
  setEducatorFee,
  setPlatformFee,
} from '../api/payouts';
import { monthOf, paise, requestKey, today } from '../format';
import { ConnectAccountsSection } from './ConnectAccountsSection';

export const RUN_CONFIRM_TEXT =
  'Every educator with money available by the cut-off, and no hold, is paid it. Record each payment with its bank reference once the money is sent.';

type Dialog =
  | { kind: 'hold' | 'fee' | 'adjust'; educator: AdminEducatorBalance }
  | { kind: 'record'; payout: AdminPayout }
  | null;

/** Reloads everything the tab shows after a change. */
function useReload() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: payoutKeys.all });
}

/** A field with its visible label above it. */
function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <label htmlFor={id} className="cp-admin-field-label">
        {label}
      </label>
      {children}
      {hint && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The API's refusal, said where the admin is looking. */
const ErrorAlert = ({ message }: { message: string | null }) =>
  message ? <Alert type="error" showIcon title={message} role="alert" /> : null;

function PlatformFeeCard() {
  const id = useId();
  const toast = useToast();
  const reload = useReload();
  const query = useQuery(platformFeeQuery());
  const { state, retry } = useQueryState(query, { fallback: 'Could not load the platform fee' });
  const [draft, setDraft] = useState<number | null>(null);
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
    const value = draft ?? query.data?.percent;
    if (value === undefined || value === null) return setError('Enter a fee from 0 to 100 percent');
    save.mutate(value);
  };
  return (
    <Card title={<h2 className="cp-admin-card-title">Platform fee</h2>} style={{ flex: '1 1 300px' }}>
      <QueryStates state={state} loadingText="Loading the fee..." errorTitle="Could not load the fee" onRetry={retry}>
        {(fee) => (
          <form onSubmit={submit}>
            <Flex vertical gap={12}>
              <Typography.Text>
                New sales pay <strong>{fee.percent}%</strong> to the platform
                {fee.updatedAt ? ` (set ${formatDate(fee.updatedAt)})` : ' (the configured default)'}. Earlier sales
                keep the fee they were charged.
              </Typography.Text>
              <Field id={id} label="Fee in percent" hint="0 to 100, at most two decimals">
                <Flex gap={8} wrap>
                  <InputNumber<number>
                    id={id}
                    min={0}
                    max={100}
                    step={1}
                    value={draft ?? fee.percent}
                    onChange={(value) => setDraft(value)}
                    style={{ width: 140 }}
                  />
                  <Button type="primary" htmlType="submit" loading={save.isPending}>
                    Save fee
                  </Button>
                </Flex>
              </Field>
              <ErrorAlert message={error} />
            </Flex>
          </form>
        )}
      </QueryStates>
    </Card>
  );
}

function RunCard() {
  const id = useId();
  const currency = useCurrency();
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
    Modal.confirm({
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
    });
  return (
    <Card title={<h2 className="cp-admin-card-title">Run a payout</h2>} style={{ flex: '1 1 300px' }}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          Pays every educator's available balance up to the end of the month (or of a day). Running the same cut-off
          again pays nobody twice.
        </Typography.Text>
        <label className="cp-admin-check">
          <input type="checkbox" checked={byDay} onChange={(e) => setByDay(e.target.checked)} /> Up to a day instead of
          a whole month
        </label>
        <Field id={id} label={byDay ? 'Cut-off day' : 'Month'}>
          <Flex gap={8} wrap>
            {byDay ? (
              <Input
                id={id}
                type="date"
                value={day}
                max={today()}
                onChange={(event) => setDay(event.target.value)}
                style={{ width: 180 }}
              />
            ) : (
              <Input
                id={id}
                type="month"
                value={month}
                max={monthOf(0)}
                onChange={(event) => setMonth(event.target.value)}
                style={{ width: 180 }}
              />
            )}
            <Button type="primary" onClick={confirm} loading={run.isPending} disabled={!cutoff}>
              Run payout
            </Button>
          </Flex>
        </Field>
        {result?.ok === true && (
          <Alert
            type="success"
            showIcon
            role="status"
            title={result.message}
            description={`${result.run.payouts} ${result.run.payouts === 1 ? 'educator' : 'educators'} paid, ${paise(currency, result.run.total)} in total.`}
          />
        )}
        {result?.ok === false && <ErrorAlert message={result.message} />}
      </Flex>
    </Card>
  );
}

function BalancesSection({ onAction }: { onAction: (dialog: Dialog) => void }) {
  const currency = useCurrency();
  const toast = useToast();
  const reload = useReload();
  const { state, retry } = useQueryState(useQuery(balancesQuery()), { fallback: 'Could not load the balances' });
  const release = useMutation({ mutationFn: releaseEducator });
  const confirmRelease = (educator: AdminEducatorBalance) =>
    Modal.confirm({
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
    });
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
          <Table<AdminEducatorBalance>
            rowKey="educatorId"
            dataSource={balances}
            pagination={false}
            scroll={{ x: 960 }}
            tableLayout="auto"
            aria-label="Educators' balances"
            columns={[
              { title: 'Educator', key: 'name', render: (_, b) => <Typography.Text strong>{b.name}</Typography.Text> },
              { title: 'Pending', key: 'pending', align: 'right', render: (_, b) => paise(currency, b.pending) },
              { title: 'Available', key: 'available', align: 'right', render: (_, b) => paise(currency, b.available) },
              { title: 'Paid', key: 'paid', align: 'right', render: (_, b) => paise(currency, b.paid) },
              {
                title: 'Fee',
                key: 'fee',
                render: (_, b) =>
                  b.feeOverridePercent === null ? `${b.feePercent}% (platform)` : `${b.feeOverridePercent}% (own)`,
              },
              {
                title: 'Hold',
                key: 'hold',
                render: (_, b) =>
                  b.hold ? (
                    <Flex vertical gap={2} align="flex-start">
                      <Tag style={tagTone('red')}>On hold</Tag>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {b.hold.reason} (since {formatDate(b.hold.since)})
                      </Typography.Text>
                    </Flex>
                  ) : (
                    <Tag style={tagTone('green')}>Paid normally</Tag>
                  ),
              },
              {
                title: 'Actions',
                key: 'actions',
                fixed: 'right',
                render: (_, b) => (
                  <Flex gap={6} wrap>
                    {b.hold ? (
                      <Button size="small" aria-label={`Release ${b.name}'s hold`} onClick={() => confirmRelease(b)}>
                        Release
                      </Button>
                    ) : (
                      <Button
                        size="small"
                        aria-label={`Hold ${b.name}'s payouts`}
                        onClick={() => onAction({ kind: 'hold', educator: b })}
                      >
                        Hold
                      </Button>
                    )}
                    <Button
                      size="small"
                      aria-label={`Set ${b.name}'s fee`}
                      onClick={() => onAction({ kind: 'fee', educator: b })}
                    >
                      Fee
                    </Button>
                    <Button
                      size="small"
                      aria-label={`Adjust ${b.name}'s balance`}
                      onClick={() => onAction({ kind: 'adjust', educator: b })}
                    >
                      Adjust
                    </Button>
                  </Flex>
                ),
              },
            ]}
          />
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
          <Flex vertical gap={16}>
            <Table<AdminPayout>
              rowKey="id"
              dataSource={payouts}
              pagination={false}
              scroll={{ x: 900 }}
              tableLayout="auto"
              aria-label="Payouts"
              locale={{ emptyText: 'No educator had money to pay in these runs.' }}
              columns={[
                {
                  title: 'Educator',
                  key: 'name',
                  render: (_, p) => <Typography.Text strong>{p.educatorName}</Typography.Text>,
                },
                { title: 'Run', key: 'run', dataIndex: 'runId' },
                { title: 'Amount', key: 'amount', align: 'right', render: (_, p) => paise(currency, p.amount) },
                {
                  title: 'Status',
                  key: 'status',
                  render: (_, p) =>
                    p.status === 'paid' ? (
                      <Tag style={tagTone('green')}>Paid</Tag>
                    ) : (
                      <Tag style={tagTone('gold')}>Processing</Tag>
                    ),
                },
                { title: 'Bank reference', key: 'ref', render: (_, p) => p.bankReference ?? '—' },
                { title: 'Paid on', key: 'paidAt', render: (_, p) => (p.paidAt ? formatDate(p.paidAt) : '—') },
                {
                  title: 'Actions',
                  key: 'actions',
                  fixed: 'right',
                  render: (_, p) => (
                    <Button
                      size="small"
                      type={p.status === 'paid' ? 'default' : 'primary'}
                      aria-label={`${p.status === 'paid' ? 'Edit payment' : 'Record payment'} of ${p.educatorName} (${p.runId})`}
                      onClick={() => onAction({ kind: 'record', payout: p })}
                    >
                      {p.status === 'paid' ? 'Edit payment' : 'Record payment'}
                    </Button>
                  ),
                },
              ]}
            />
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
          </Flex>
        )}
      </QueryStates>
    </section>
  );
}

/** The dialog of a row's action: hold, fee, adjustment, or a payment's record. */
function ActionDialog({ dialog, onClose }: { dialog: NonNullable<Dialog>; onClose: () => void }) {
  const id = useId();
  const toast = useToast();
  const reload = useReload();
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState(dialog.kind === 'record' ? (dialog.payout.bankReference ?? '') : '');
  const [date, setDate] = useState(
    dialog.kind === 'record' && dialog.payout.paidAt ? dialog.payout.paidAt.slice(0, 10) : today(),
  );
  const [ownFee, setOwnFee] = useState(dialog.kind === 'fee' && dialog.educator.feeOverridePercent !== null);
  const [number, setNumber] = useState<number | null>(
    dialog.kind === 'fee' ? (dialog.educator.feeOverridePercent ?? dialog.educator.feePercent) : null,
  );
  const [key] = useState(requestKey);

  const action = useMutation({
    mutationFn: async (): Promise<{ message?: string }> => {
      switch (dialog.kind) {
        case 'hold':
          return holdEducator(dialog.educator.educatorId, text);
        case 'fee':
          return setEducatorFee(dialog.educator.educatorId, ownFee ? number : null);
        case 'adjust':
          return adjustBalance(dialog.educator.educatorId, {
            amount: Math.round((number ?? 0) * 100),
            reason: text,
            requestKey: key,
          });
        case 'record':
          return recordPayment(dialog.payout.id, { bankReference: text, paidAt: date });
      }
    },
    onSuccess: (res) => {
      toast.success(res.message || 'Saved');
      void reload();
      onClose();
    },
    onError: (e) => setError(errorText(e, 'Could not save')),
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setError(null);
    if (dialog.kind === 'adjust' && !number) return setError('Enter an amount other than 0');
    if (dialog.kind === 'fee' && ownFee && number === null) return setError('Enter a fee from 0 to 100 percent');
    action.mutate();
  };

  const name = dialog.kind === 'record' ? dialog.payout.educatorName : dialog.educator.name;
  const titles = {
    hold: `Hold ${name}'s payouts`,
    fee: `${name}'s fee`,
    adjust: `Adjust ${name}'s balance`,
    record: `Record the payment to ${name}`,
  };
  const ok = { hold: 'Hold payouts', fee: 'Save fee', adjust: 'Record adjustment', record: 'Record payment' };

  return (
    <Modal
      open
      title={titles[dialog.kind]}
      okText={ok[dialog.kind]}
      cancelText="Cancel"
      confirmLoading={action.isPending}
      onOk={() => submit()}
      onCancel={onClose}
    >
      <form onSubmit={submit}>
        <Flex vertical gap={12}>
          {dialog.kind === 'hold' && (
            <Field id={id} label="Reason" hint="3 to 300 characters; the educator sees it.">
              <Input.TextArea id={id} value={text} rows={3} maxLength={300} onChange={(e) => setText(e.target.value)} />
            </Field>
          )}
          {dialog.kind === 'fee' && (
            <>
              <label className="cp-admin-check">
                <input type="checkbox" checked={ownFee} onChange={(e) => setOwnFee(e.target.checked)} /> Their own fee
                (else the platform's)
              </label>
              {ownFee && (
                <Field id={id} label="Fee in percent" hint="0 to 100, at most two decimals; for new sales only.">
                  <InputNumber<number>
                    id={id}
                    min={0}
                    max={100}
                    step={1}
                    value={number}
                    onChange={setNumber}
                    style={{ width: 140 }}
                  />
                </Field>
              )}
            </>
          )}
          {dialog.kind === 'adjust' && (
            <>
              <Field id={id} label="Amount in rupees" hint="Negative to take money back, for example -250.50.">
                <InputNumber<number>
                  id={id}
                  step={1}
                  precision={2}
                  value={number}
                  onChange={setNumber}
                  style={{ width: 180 }}
                />
              </Field>
              <Field id={`${id}-reason`} label="Reason" hint="3 to 300 characters; shown on the educator's ledger.">
                <Input.TextArea
                  id={`${id}-reason`}
                  value={text}
                  rows={3}
                  maxLength={300}
                  onChange={(e) => setText(e.target.value)}
                />
              </Field>
            </>
          )}
          {dialog.kind === 'record' && (
            <>
              <Typography.Text type="secondary">
                {dialog.payout.runId}: {formatDate(dialog.payout.createdAt)}
              </Typography.Text>
              <Field id={id} label="Bank reference" hint="The transfer's reference, such as a NEFT or UTR number.">
                <Input id={id} value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
              </Field>
              <Field id={`${id}-date`} label="Paid on">
                <Input
                  id={`${id}-date`}
                  type="date"
                  value={date}
                  max={today()}
                  onChange={(e) => setDate(e.target.value)}
                  style={{ width: 180 }}
                />
              </Field>
            </>
          )}
          <ErrorAlert message={error} />
          {/* Enter in a field submits; the dialog's own button does too. */}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Flex>
      </form>
    </Modal>
  );
}

/**
 * The Payouts tab (#36): the platform fee, a payout run, educators' balances and holds, payouts,
 * and every educator's Stripe Connect state.
 */
export function PayoutsTab() {
  const [dialog, setDialog] = useState<Dialog>(null);
  return (
    <Flex vertical gap={24}>
      <Flex gap={16} wrap>
        <PlatformFeeCard />
        <RunCard />
      </Flex>
      <BalancesSection onAction={setDialog} />
      <PayoutsSection onAction={setDialog} />
      <ConnectAccountsSection />
      {dialog && <ActionDialog key={JSON.stringify(dialog)} dialog={dialog} onClose={() => setDialog(null)} />}
    </Flex>
  );
}
