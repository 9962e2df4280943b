import { errorText, formatDate, useMutation, useToast } from '@courseport/shared-ui';
import { Input } from '@courseport/shared-ui/antd/input';
import { InputNumber } from '@courseport/shared-ui/antd/input-number';
import { Modal } from '@courseport/shared-ui/antd/modal';
import { type FormEvent, useId, useState } from 'react';
import { adjustBalance, holdEducator, recordPayment, setEducatorFee } from '../api/payouts';
import { requestKey, today } from '../format';
import { type Dialog, ErrorAlert, Field, useReload } from './fields';

/*
 * The Payouts tab's dialogs (antd's Modal and fields, in the platform's theme): loaded when a row's
 * action is pointed at, focused or pressed, not with the tab (#34).
 */

/** The dialog of a row's action: hold, fee, adjustment, or a payment's record. */
export function ActionDialog({ dialog, onClose }: { dialog: NonNullable<Dialog>; onClose: () => void }) {
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
        <div className="cp-admin-stack cp-admin-stack-12">
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
              <span className="cp-admin-secondary">
                {dialog.payout.runId}: {formatDate(dialog.payout.createdAt)}
              </span>
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
        </div>
      </form>
    </Modal>
  );
}
