import type { AdminDiscussionPost, DiscussionAdminState } from '@courseport/contracts';
import {
  Button,
  EmptyState,
  formatDate,
  QueryStates,
  tagTone,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  useQueryState,
  useToast,
} from '@courseport/shared-ui';
import { type FormEvent, Suspense, useId, useState } from 'react';
import { SegmentedFilter } from '../../../components/SegmentedFilter';
import { lazyDialog } from '../../../lib/lazy-dialog';
import { adminDiscussionsQuery, hidePost, restorePost } from '../api/discussions';
import { adminDiscussionKeys } from '../api/keys';
import { PostBody } from './PostBody';

export const LOAD_FAILED = 'Could not load questions and answers';
export const HIDE_FAILED = 'Could not hide it';
export const RESTORE_FAILED = 'Could not restore it';

const FILTERS: { label: string; value: DiscussionAdminState }[] = [
  { label: 'All', value: 'all' },
  { label: 'Visible', value: 'visible' },
  { label: 'Hidden', value: 'hidden' },
];

/** The hide dialog (antd's Modal): loaded when first wanted, preloaded when a Hide button is pointed at or focused. */
const { Dialog: HidePostDialog, preload: preloadHideDialog } = lazyDialog(() =>
  import('./HidePostModal').then((m) => m.HidePostModal),
);

/** What the empty list says: nothing at all, nothing in this state, or nothing matching the search. */
function emptyTitle(state: DiscussionAdminState, q: string) {
  if (q) return `No questions or answers match “${q}”`;
  if (state === 'hidden') return 'No hidden questions or answers';
  if (state === 'visible') return 'No visible questions or answers';
  return 'No questions or answers yet';
}

function PostRow({
  post,
  busy,
  onHide,
  onRestore,
}: {
  post: AdminDiscussionPost;
  busy: boolean;
  onHide: () => void;
  onRestore: () => void;
}) {
  const headingId = useId();
  const what = post.kind === 'question' ? 'question' : 'answer';
  const name = `${post.author.name}'s ${what} ${post.kind === 'answer' ? 'to ' : ''}“${post.questionTitle}”`;
  const red = tagTone('red');
  return (
    <li>
      <article className="cp-admin-post" aria-labelledby={headingId}>
        <div className="cp-admin-post-tags">
          <span className="cp-tag" style={tagTone(post.kind === 'question' ? 'purple' : 'blue')}>
            {post.kind === 'question' ? 'Question' : 'Answer'}
          </span>
          {post.hidden ? (
            <span className="cp-tag" style={red}>
              Hidden
            </span>
          ) : (
            <span className="cp-tag" style={tagTone('green')}>
              Visible
            </span>
          )}
          {post.byInstructor && (
            <span className="cp-tag" style={tagTone('gold')}>
              Instructor
            </span>
          )}
        </div>
        <h3 id={headingId} className="cp-admin-post-title">
          {post.kind === 'question' ? post.questionTitle : `Answer to “${post.questionTitle}”`}
        </h3>
        <p className="cp-admin-post-meta">
          {`${post.course.courseTitle || 'A deleted course'}${post.lectureTitle ? ` · ${post.lectureTitle}` : ''}`}
        </p>
        <p className="cp-admin-post-meta">
          {`By ${post.author.name} on ${formatDate(post.createdAt)}${post.editedAt ? ' (edited)' : ''}`}
        </p>
        <PostBody id={post._id} html={post.body} />
        {post.hidden && (
          <p className="cp-admin-review-hidden" style={{ color: red.color, background: red.background }}>
            <strong>Hidden</strong>
            {` on ${formatDate(post.hidden.hiddenAt)} by ${post.hidden.hiddenBy.name}: `}
            <span className="cp-admin-review-reason">{post.hidden.reason}</span>
          </p>
        )}
        <div className="cp-admin-row">
          {/* One button whose action follows the state: the focus stays on it after the dialog. */}
          <Button
            danger={!post.hidden}
            aria-label={`${post.hidden ? 'Restore' : 'Hide'} ${name}`}
            disabled={busy}
            onPointerEnter={post.hidden ? undefined : preloadHideDialog}
            onFocus={post.hidden ? undefined : preloadHideDialog}
            onClick={post.hidden ? onRestore : onHide}
          >
            {post.hidden ? (busy ? 'Restoring...' : 'Restore') : 'Hide'}
          </Button>
        </div>
      </article>
    </li>
  );
}

/**
 * Every course's questions and answers, newest first (#35): visible, hidden or both, searched; an
 * admin hides one with a reason (its author sees why, students no longer see it) or restores it.
 */
export function DiscussionsTab() {
  const toast = useToast();
  const client = useQueryClient();
  const searchId = useId();
  const [state, setState] = useState<DiscussionAdminState>('all');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [hiding, setHiding] = useState<AdminDiscussionPost | null>(null);
  /** The dialog stays mounted once opened (its closing animation, the focus going back). */
  const [dialogWanted, setDialogWanted] = useState(false);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());

  const query = useInfiniteQuery(adminDiscussionsQuery(state, q));
  const { state: listState, retry } = useQueryState(query, { fallback: LOAD_FAILED, network: 'fallback' });
  const posts = query.data?.pages.flatMap((page) => page.posts) ?? [];

  const busy = (id: string, on: boolean) =>
    setBusyIds((ids) => {
      const next = new Set(ids);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const reload = () => client.invalidateQueries({ queryKey: adminDiscussionKeys.all });
  const hide = useMutation({ mutationFn: hidePost });
  const restore = useMutation({ mutationFn: restorePost });

  const submitHide = async (post: AdminDiscussionPost, reason: string) => {
    busy(post._id, true);
    try {
      const res = await hide.mutateAsync({ post, reason });
      await reload();
      toast.success(res.message || (post.kind === 'question' ? 'Question hidden' : 'Answer hidden'));
      setHiding(null);
    } catch (error) {
      toast.failure(error, HIDE_FAILED, { network: 'fallback' });
    } finally {
      busy(post._id, false);
    }
  };
  const submitRestore = async (post: AdminDiscussionPost) => {
    busy(post._id, true);
    try {
      const res = await restore.mutateAsync(post);
      await reload();
      toast.success(res.message || (post.kind === 'question' ? 'Question restored' : 'Answer restored'));
    } catch (error) {
      toast.failure(error, RESTORE_FAILED, { network: 'fallback' });
    } finally {
      busy(post._id, false);
    }
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };

  return (
    <div className="cp-admin-stack cp-admin-qa-tab">
      <h2 className="cp-visually-hidden">Questions and answers</h2>
      <div className="cp-admin-qa-controls">
        <search className="cp-admin-post-search">
          <form onSubmit={onSearch}>
            <label htmlFor={searchId} className="cp-admin-field-label">
              Search questions and answers
            </label>
            <div className="cp-admin-qa-search-row">
              <input
                id={searchId}
                className="cp-input"
                type="search"
                value={draft}
                maxLength={100}
                onChange={(e) => setDraft(e.target.value)}
              />
              <Button htmlType="submit">Search</Button>
            </div>
          </form>
        </search>
        <SegmentedFilter<DiscussionAdminState>
          label="Show questions and answers"
          options={FILTERS}
          value={state}
          onChange={setState}
        />
      </div>
      <QueryStates
        state={listState}
        loadingText="Loading questions and answers..."
        errorTitle={LOAD_FAILED}
        onRetry={retry}
        isEmpty={() => posts.length === 0}
        empty={<EmptyState title={emptyTitle(state, q)} />}
      >
        {() => (
          <>
            <ul className="cp-admin-reviews" aria-label="Questions and answers">
              {posts.map((post) => (
                <PostRow
                  key={post._id}
                  post={post}
                  busy={busyIds.has(post._id)}
                  onHide={() => {
                    setDialogWanted(true);
                    setHiding(post);
                  }}
                  onRestore={() => void submitRestore(post)}
                />
              ))}
            </ul>
            {query.hasNextPage && (
              <Button
                className="cp-admin-load-more"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? 'Loading more...' : 'Load more'}
              </Button>
            )}
          </>
        )}
      </QueryStates>
      {dialogWanted && (
        <Suspense fallback={null}>
          <HidePostDialog
            post={hiding}
            submitting={hiding !== null && busyIds.has(hiding._id)}
            onCancel={() => setHiding(null)}
            onSubmit={(reason) => {
              if (hiding) void submitHide(hiding, reason);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
