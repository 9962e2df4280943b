import type { ReactNode } from 'react';

const ENVELOPE = (
  <svg
    viewBox="0 0 24 24"
    width="56"
    height="56"
    aria-hidden="true"
    fill="none"
    style={{ stroke: 'var(--cp-color-primary)' }}
    strokeWidth="1.5"
  >
    <circle cx="12" cy="12" r="11.25" style={{ fill: 'var(--cp-color-primary-halo)', stroke: 'none' }} />
    <rect x="5.5" y="7.5" width="13" height="9" rx="1.5" />
    <path d="M6 8.5l6 4.5 6-4.5" strokeLinejoin="round" />
  </svg>
);

/** A link was mailed: the API's message, the address it went to, and what to do next. */
export function CheckInbox({ email, message, action }: { email: string; message: string; action: ReactNode }) {
  return (
    <div style={{ display: 'grid', justifyItems: 'center', gap: 8, textAlign: 'center', paddingTop: 8 }}>
      {ENVELOPE}
      <p role="status" style={{ margin: 0, fontSize: 15, color: 'var(--cp-color-heading)' }}>
        {message}
      </p>
      <p style={{ margin: 0, color: 'var(--cp-color-text-body)' }}>
        Sent to <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong>. It may take a minute to arrive; if it
        does not, check your spam folder.
      </p>
      <div style={{ width: '100%', marginTop: 16 }}>{action}</div>
    </div>
  );
}
