import { STATEMENT_MONTH_PATTERN } from '@courseport/contracts/payouts';
import { Button, errorText } from '@courseport/shared-ui';
import { useId, useState } from 'react';
import { downloadStatement } from '../api/earnings';
import { monthOf } from '../format';

type Format = 'csv' | 'pdf';

/** A month's statement (sales, refunds, fees, net, payouts) as CSV or PDF. */
export function Statements() {
  const inputId = useId();
  const hintId = useId();
  const [month, setMonth] = useState(() => monthOf(-1));
  const [busy, setBusy] = useState<Format | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'done'; text: string } | null>(null);
  const latest = monthOf(0);

  const download = async (format: Format) => {
    if (!STATEMENT_MONTH_PATTERN.test(month)) {
      setMessage({ kind: 'error', text: 'Choose a month, such as 2026-10' });
      return;
    }
    setBusy(format);
    setMessage(null);
    try {
      await downloadStatement(month, format);
      setMessage({ kind: 'done', text: `Statement for ${month} downloaded (${format.toUpperCase()})` });
    } catch (error) {
      setMessage({ kind: 'error', text: errorText(error, 'Could not download the statement') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="ed-statements-title" className="ed-panel ed-earnings-statements">
      <h2 id="ed-statements-title" className="ed-section-title">
        Monthly statements
      </h2>
      <p id={hintId} className="ed-earnings-note">
        Every sale, refund, fee, adjustment and payout of the month, with its totals.
      </p>
      <div className="ed-earnings-statement-form">
        <label htmlFor={inputId} className="ed-earnings-label">
          Month
        </label>
        <input
          id={inputId}
          className="ed-earnings-month"
          type="month"
          value={month}
          max={latest}
          aria-describedby={hintId}
          onChange={(event) => {
            setMessage(null);
            setMonth(event.target.value);
          }}
        />
        <Button onClick={() => void download('csv')} loading={busy === 'csv'} disabled={busy !== null}>
          Download CSV
        </Button>
        <Button onClick={() => void download('pdf')} loading={busy === 'pdf'} disabled={busy !== null}>
          Download PDF
        </Button>
      </div>
      <p className="ed-earnings-error" role="alert">
        {message?.kind === 'error' && message.text}
      </p>
      <p className="ed-earnings-note" role="status">
        {message?.kind === 'done' && message.text}
      </p>
    </section>
  );
}
