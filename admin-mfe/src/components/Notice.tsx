import type { ReactNode } from 'react';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

// Each tone's mark inside its circle: i, a tick, !, a cross.
const MARKS: Record<NoticeTone, string> = {
  info: 'M12 11v6m0-10h.01',
  success: 'M8 12.5l2.5 2.5L16 9.5',
  warning: 'M12 7v6m0 4h.01',
  error: 'M9 9l6 6m0-6l-6 6',
};

interface NoticeProps {
  tone: NoticeTone;
  title: ReactNode;
  description?: ReactNode;
  /** antd's Alert says `alert`; a notice that is not news (a note, a result) may say `status`. */
  role?: 'alert' | 'status';
}

/**
 * A message in a box with its icon: antd's Alert look (`showIcon`, a title and an optional
 * description) without antd, for the admin tabs' first screens (#34; admin.css `.cp-admin-notice`).
 */
export function Notice({ tone, title, description, role = 'alert' }: NoticeProps) {
  return (
    <div role={role} className={`cp-admin-notice cp-admin-notice-${tone}${description ? ' has-description' : ''}`}>
      <svg className="cp-admin-notice-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="11" />
        <path d={MARKS[tone]} />
      </svg>
      <div className="cp-admin-notice-content">
        <div className="cp-admin-notice-title">{title}</div>
        {description && <div className="cp-admin-notice-description">{description}</div>}
      </div>
    </div>
  );
}
