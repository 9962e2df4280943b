import { type AdminEmail, Button, EmptyState, type QueryState, QueryStates, useToast } from '@courseport/shared-ui';
import { useState } from 'react';
import { PlainCard } from '../../../components/PlainCard';
import { CONFIRM_LOAD_FAILED, openConfirmDialog, preloadConfirmDialog } from '../../../lib/confirm-dialog';
import { sameEmail } from '../api/adminEmails';

/** Why the signed-in admin's own address has no working Remove (the API refuses it too). */
export const OWN_EMAIL_NOTE =
  'You cannot remove your own email. Ask another admin to remove it if you no longer need access.';

interface AdminEmailsTabProps {
  /** The list, or loading, or why it could not be loaded (nothing to show): an error state with Try Again. */
  state: QueryState<AdminEmail[]>;
  onRetry: () => void;
  /** The signed-in admin's e-mail(s): their entry cannot be removed here. */
  ownEmails: readonly string[];
  adding: boolean;
  removingIds: ReadonlySet<string>;
  /** Resolves true when the e-mail was added. */
  onAdd: (email: string) => Promise<boolean>;
  onRemove: (emailId: string) => Promise<void>;
}

/**
 * The admin e-mail allow-list: plain markup with antd's look (#34: the tab's first screen draws no
 * antd; admin.css); the removal's confirmation loads antd when it is wanted.
 */
export function AdminEmailsTab(props: AdminEmailsTabProps) {
  const { state, onRetry, ownEmails, adding, removingIds, onAdd, onRemove } = props;
  const toast = useToast();
  const [value, setValue] = useState('');

  const submit = async () => {
    if (adding) return;
    if (await onAdd(value)) setValue('');
  };

  const confirmRemove = (item: AdminEmail) =>
    void openConfirmDialog({
      title: 'Remove admin email',
      content: 'Are you sure you want to remove this email from the allowed list?',
      okText: 'Remove',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => onRemove(item._id),
    }).catch((error: unknown) => toast.failure(error, CONFIRM_LOAD_FAILED, { network: 'fallback' }));

  return (
    <PlainCard title="Admin Email Management">
      <p className="cp-admin-secondary">Users who sign in with one of these e-mail addresses get admin access.</p>
      <div className="cp-admin-add-row">
        <input
          className="cp-input"
          type="email"
          aria-label="Admin email address"
          placeholder="admin@example.com"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void submit();
            }
          }}
        />
        <Button type="primary" onClick={submit} disabled={adding || !value.trim()}>
          {adding ? 'Adding...' : 'Add Email'}
        </Button>
      </div>

      <QueryStates
        state={state}
        loadingText="Loading admin emails..."
        errorTitle="Could not load admin emails"
        onRetry={onRetry}
        empty={<EmptyState title="No admin emails configured yet." />}
      >
        {(emails) => (
          <section aria-labelledby="allowed-admin-emails">
            <h3 className="cp-admin-list-title" id="allowed-admin-emails">
              Allowed Admin Emails ({emails.length})
            </h3>
            <ul className="cp-admin-items">
              {emails.map((item) => {
                const own = ownEmails.some((email) => sameEmail(email, item.email));
                const noteId = `own-admin-email-${item._id}`;
                return (
                  <li key={item._id} className="cp-admin-item cp-admin-email">
                    <span className="cp-admin-item-text">
                      <strong className="cp-admin-item-name cp-admin-break-all">{item.email}</strong>
                      <span className="cp-admin-item-facts">
                        <span>Added by: {item.addedBy?.name ?? 'Unknown'}</span>
                        <span>Added on: {new Date(item.addedAt).toLocaleDateString()}</span>
                      </span>
                      {own && (
                        <span className="cp-admin-item-note" id={noteId}>
                          {OWN_EMAIL_NOTE}
                        </span>
                      )}
                    </span>
                    <Button
                      danger
                      size="small"
                      aria-label={`Remove ${item.email}`}
                      aria-describedby={own ? noteId : undefined}
                      disabled={own || removingIds.has(item._id)}
                      onPointerEnter={preloadConfirmDialog}
                      onFocus={preloadConfirmDialog}
                      onClick={() => confirmRemove(item)}
                    >
                      Remove
                    </Button>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
      </QueryStates>
    </PlainCard>
  );
}
