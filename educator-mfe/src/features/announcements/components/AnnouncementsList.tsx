import type { Announcement } from '@courseport/contracts';
import { Button, loadAntd, useToast } from '@courseport/shared-ui';
import { useState } from 'react';
import { RichHtml } from '../../../components/RichHtml';
import { localDate } from '../../../lib/dates';
import { AnnouncementForm, type BodyEditor } from './AnnouncementForm';

const preloadDialog = () => void loadAntd.modal().catch(() => undefined);

interface ListProps {
  announcements: Announcement[];
  /** The signed-in user's id: only their own can be edited or deleted here. */
  myId: string;
  Editor: BodyEditor;
  editingId: string | null;
  deletingId: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onEdit: (id: string, input: { title: string; body: string }) => Promise<void>;
  onDelete: (id: string) => void;
}

function AnnouncementItem({
  announcement,
  mine,
  props,
}: {
  announcement: Announcement;
  mine: boolean;
  props: ListProps;
}) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const name = `'${announcement.title}'`;
  const confirmDelete = () =>
    void loadAntd
      .modal()
      .then(({ Modal }) =>
        Modal.confirm({
          title: 'Delete this announcement?',
          content: (
            <>
              <strong>{announcement.title}</strong>
              <p style={{ margin: '8px 0 0' }}>
                Students no longer see it in the course. Mails already sent cannot be taken back.
              </p>
            </>
          ),
          okText: 'Delete',
          okButtonProps: { danger: true },
          cancelText: 'Cancel',
          onOk: () => props.onDelete(announcement._id),
        }),
      )
      .catch((error: unknown) => toast.failure(error, 'Could not delete the announcement'));

  return (
    <li className="ed-panel ed-ann-item">
      {editing ? (
        <AnnouncementForm
          Editor={props.Editor}
          initial={announcement}
          submitLabel="Save changes"
          busy={props.editingId === announcement._id}
          onSubmit={(input) => props.onEdit(announcement._id, input).then(() => setEditing(false))}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <h3 className="ed-qa-title">{announcement.title}</h3>
          <p className="ed-qa-date">
            {`Sent ${localDate(announcement.createdAt)} by ${announcement.author.name}`}
            {announcement.updatedAt !== announcement.createdAt ? ' · edited' : ''}
          </p>
          <RichHtml html={announcement.body} richKey={`announcement-${announcement._id}`} className="ed-rich-text" />
          {mine && (
            <div className="ed-qa-actions">
              <Button size="small" aria-label={`Edit ${name}`} onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button
                size="small"
                danger
                aria-label={`Delete ${name}`}
                loading={props.deletingId === announcement._id}
                onPointerEnter={preloadDialog}
                onFocus={preloadDialog}
                onClick={confirmDelete}
              >
                Delete
              </Button>
            </div>
          )}
        </>
      )}
    </li>
  );
}

/** The course's announcements, newest first, 'Load more' for older ones. */
export function AnnouncementsList(props: ListProps) {
  return (
    <div className="ed-qa">
      <ul className="ed-qa-list" aria-label="Sent announcements">
        {props.announcements.map((announcement) => (
          <AnnouncementItem
            key={announcement._id}
            announcement={announcement}
            mine={announcement.author._id === props.myId}
            props={props}
          />
        ))}
      </ul>
      {props.hasMore && (
        <div className="ed-qa-more">
          <Button loading={props.loadingMore} onClick={props.onLoadMore}>
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
