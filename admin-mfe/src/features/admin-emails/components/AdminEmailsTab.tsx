import { type AdminEmail, Button, EmptyState, type QueryState, QueryStates } from '@courseport/shared-ui';
import { Card } from '@courseport/shared-ui/antd/card';
import { Flex } from '@courseport/shared-ui/antd/flex';
import { Input } from '@courseport/shared-ui/antd/input';
import { Modal } from '@courseport/shared-ui/antd/modal';
import { Typography } from '@courseport/shared-ui/antd/typography';
import { useState } from 'react';
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

export function AdminEmailsTab(props: AdminEmailsTabProps) {
  const { state, onRetry, ownEmails, adding, removingIds, onAdd, onRemove } = props;
  const [value, setValue] = useState('');

  const submit = async () => {
    if (adding) return;
    if (await onAdd(value)) setValue('');
  };

  const confirmRemove = (item: AdminEmail) =>
    Modal.confirm({
      title: 'Remove admin email',
      content: 'Are you sure you want to remove this email from the allowed list?',
      okText: 'Remove',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => onRemove(item._id),
    });

  return (
    <Card title="Admin Email Management">
      <Typography.Paragraph type="secondary">
        Users who sign in with one of these e-mail addresses get admin access.
      </Typography.Paragraph>
      <Flex wrap gap={8} style={{ marginBottom: 24 }}>
        <Input
          type="email"
          aria-label="Admin email address"
          placeholder="admin@example.com"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onPressEnter={submit}
          style={{ flex: '1 1 220px' }}
        />
        <Button type="primary" onClick={submit} disabled={adding || !value.trim()}>
          {adding ? 'Adding...' : 'Add Email'}
        </Button>
      </Flex>

      <QueryStates
        state={state}
        loadingText="Loading admin emails..."
        errorTitle="Could not load admin emails"
        onRetry={onRetry}
        empty={<EmptyState title="No admin emails configured yet." />}
      >
        {(emails) => (
          <section aria-labelledby="allowed-admin-emails">
            <Typography.Title level={5} id="allowed-admin-emails">
              Allowed Admin Emails ({emails.length})
            </Typography.Title>
            <Flex component="ul" vertical gap={8} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {emails.map((item) => {
                const own = ownEmails.some((email) => sameEmail(email, item.email));
                const noteId = `own-admin-email-${item._id}`;
                return (
                  <Flex
                    component="li"
                    key={item._id}
                    wrap
                    justify="space-between"
                    align="center"
                    gap={8}
                    style={{
                      border: '1px solid var(--cp-color-border)',
                      borderRadius: 'var(--cp-radius)',
                      padding: '10px 14px',
                    }}
                  >
                    <Flex vertical gap={2} style={{ minWidth: 0 }}>
                      <Typography.Text strong style={{ wordBreak: 'break-all' }}>
                        {item.email}
                      </Typography.Text>
                      <Flex wrap gap="0 16px">
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          Added by: {item.addedBy?.name ?? 'Unknown'}
                        </Typography.Text>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          Added on: {new Date(item.addedAt).toLocaleDateString()}
                        </Typography.Text>
                      </Flex>
                      {own && (
                        <Typography.Text type="secondary" id={noteId} style={{ fontSize: 12 }}>
                          {OWN_EMAIL_NOTE}
                        </Typography.Text>
                      )}
                    </Flex>
                    <Button
                      danger
                      size="small"
                      aria-label={`Remove ${item.email}`}
                      aria-describedby={own ? noteId : undefined}
                      disabled={own || removingIds.has(item._id)}
                      onClick={() => confirmRemove(item)}
                    >
                      Remove
                    </Button>
                  </Flex>
                );
              })}
            </Flex>
          </section>
        )}
      </QueryStates>
    </Card>
  );
}
