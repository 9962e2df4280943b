import {
  Button,
  type EducatorRequest,
  type EducatorRequestStatus,
  ErrorState,
  LoadingState,
  Pager,
  type TagTone,
  tagTone,
} from '@courseport/shared-ui';
import { Suspense, useState } from 'react';
import { lazyDialog } from '../../../lib/lazy-dialog';

const STATUS_TAGS: Record<EducatorRequestStatus, { label: string; tone: TagTone }> = {
  pending: { label: 'Pending', tone: 'gold' },
  approved: { label: 'Approved', tone: 'green' },
  rejected: { label: 'Rejected', tone: 'red' },
};

/** Rows per page (antd's table paged by ten; the page list shows only when there is a second page). */
const PAGE_SIZE = 10;

/** The rejection dialog (antd's Modal, in the platform's theme): loaded when first wanted. */
const { Dialog: RejectModal, preload: preloadRejectModal } = lazyDialog(() =>
  import('./RejectModal').then((m) => m.RejectModal),
);

interface RequestsTabProps {
  requests: EducatorRequest[];
  loading: boolean;
  /** Why the first load failed (nothing to show): an error state with Try Again, never the empty text. */
  loadError: string | null;
  onRetry: () => void;
  /** Requests whose approve/reject call is running. */
  busyIds: ReadonlySet<string>;
  onApprove: (requestId: string) => void;
  /** Resolves true when the request was rejected. */
  onReject: (requestId: string, reason: string) => Promise<boolean>;
}

function UserCell({ request }: { request: EducatorRequest }) {
  const image = request.userId?.imageUrl;
  return (
    <span className="cp-admin-user">
      <span className="cp-admin-avatar" aria-hidden="true">
        {image ? <img src={image} alt="" /> : request.name.charAt(0).toUpperCase()}
      </span>
      <strong>{request.name}</strong>
    </span>
  );
}

function StatusCell({ request }: { request: EducatorRequest }) {
  const tag = STATUS_TAGS[request.status];
  return (
    <span className="cp-admin-status">
      <span className="cp-tag" style={tagTone(tag.tone)}>
        {tag.label}
      </span>
      {request.status === 'rejected' && request.reason && (
        <span className="cp-admin-reason">Reason: {request.reason}</span>
      )}
    </span>
  );
}

/**
 * The educator requests: a plain table with antd's look (shared-ui's `.cp-table`, `.cp-tag`;
 * admin.css), so the dashboard's first screen needs no antd (#34). On phones the table scrolls
 * sideways in its box while the Actions column stays at its right edge (#30).
 */
export function RequestsTab({ requests, loading, loadError, onRetry, busyIds, onApprove, onReject }: RequestsTabProps) {
  const [rejecting, setRejecting] = useState<EducatorRequest | null>(null);
  /** The dialog stays mounted once opened (its closing animation, the focus going back). */
  const [dialogWanted, setDialogWanted] = useState(false);
  const [page, setPage] = useState(1);

  if (loadError !== null) {
    return <ErrorState title="Could not load educator requests" message={loadError} onRetry={onRetry} />;
  }

  const pageCount = Math.ceil(requests.length / PAGE_SIZE);
  // A list that shrank (a decision, a poll) shows its last page rather than an empty one.
  const shown = Math.min(page, Math.max(1, pageCount));
  const rows = requests.slice((shown - 1) * PAGE_SIZE, shown * PAGE_SIZE);

  const submitReject = async (reason: string) => {
    if (!rejecting) return;
    if (await onReject(rejecting._id, reason)) setRejecting(null);
  };

  const startReject = (request: EducatorRequest) => {
    setDialogWanted(true);
    setRejecting(request);
  };

  return (
    <>
      {/* The labelled region is the table's scroll box: on a phone it scrolls sideways, and the
          keyboard can scroll it too (one named tab stop). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach (WCAG 2.1.1). */}
      <section className="cp-table-scroll" tabIndex={0} aria-label="Educator requests">
        <table className="cp-table cp-admin-requests">
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Email</th>
              <th scope="col">Requested At</th>
              <th scope="col">Status</th>
              <th scope="col" className="cp-admin-actions-cell">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((request) => {
              const busy = busyIds.has(request._id);
              return (
                <tr key={request._id} className="cp-admin-request-row">
                  <td>
                    <UserCell request={request} />
                  </td>
                  <td>{request.email}</td>
                  <td>{new Date(request.requestedAt).toLocaleString()}</td>
                  <td>
                    <StatusCell request={request} />
                  </td>
                  <td className="cp-admin-actions-cell">
                    {request.status === 'pending' && (
                      <span className="cp-admin-actions">
                        {/* The theme's primary (white on it passes AA). */}
                        <Button
                          size="small"
                          type="primary"
                          aria-label={`Approve the request from ${request.name}`}
                          disabled={busy}
                          onClick={() => onApprove(request._id)}
                        >
                          Approve
                        </Button>
                        <Button
                          size="small"
                          danger
                          aria-label={`Reject the request from ${request.name}`}
                          disabled={busy}
                          onPointerEnter={preloadRejectModal}
                          onFocus={preloadRejectModal}
                          onClick={() => startReject(request)}
                        >
                          Reject
                        </Button>
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
            {rows.length === 0 && (
              <tr>
                <td colSpan={5} className="cp-admin-table-placeholder">
                  {/* While the first load runs: a loading state, not a false 'no requests'. */}
                  {loading ? <LoadingState /> : <span className="cp-admin-empty">No educator requests found</span>}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </section>
      <Pager
        label="Educator requests pages"
        page={shown}
        pageSize={PAGE_SIZE}
        total={requests.length}
        onChange={setPage}
      />
      {dialogWanted && (
        <Suspense fallback={null}>
          <RejectModal
            request={rejecting}
            submitting={rejecting !== null && busyIds.has(rejecting._id)}
            onCancel={() => setRejecting(null)}
            onSubmit={submitReject}
          />
        </Suspense>
      )}
    </>
  );
}
