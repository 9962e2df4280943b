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
import { Flex } from '@courseport/shared-ui/antd/flex';
import { Input } from '@courseport/shared-ui/antd/input';
import { Segmented } from '@courseport/shared-ui/antd/segmented';
import { Tag } from '@courseport/shared-ui/antd/tag';
import { sanitizeRichText } from '@courseport/shared-ui/rich-text';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { adminDiscussionsQuery, hidePost, restorePost } from '../api/discussions';
import { adminDiscussionKeys } from '../api/keys';
import { HidePostModal } from './HidePostModal';

export const LOAD_FAILED = 'Could not load questions and answers';
export const HIDE_FAILED = 'Could not hide it';
export const RESTORE_FAILED = 'Could not restore it';

const FILTERS: { label: string; value: DiscussionAdminState }[] = [
  { label: 'All', value: 'all' },
  { label: 'Visible', value: 'visible' },
  { label: 'Hidden', value: 'hidden' },
];

/** What the empty list says: nothing at all, nothing in this state, or nothing matching the search. */
function emptyTitle(state: DiscussionAdminState, q: string) {
  if (q) return `No questions or answers match “${q}”`;
  if (state === 'hidden') return 'No hidden questions or answers';
  if (state === 'visible') return 'No visible questions or answers';
  return 'No questions or answers yet';
}

/** A post's text as the API sanitized it, sanitized again here (DOMPurify, the platform's allow-list). */
function PostBody({ html }: { html: string }) {
  const safe = useMemo(() => sanitizeRichText(html, 2), [html]);
  return (
    <div
      className="cp-admin-post-body"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the API and again with DOMPurify and the platform's allow-list (shared-ui/rich-text).
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
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
        <Flex wrap gap={6} align="center">
          <Tag style={tagTone(post.kind === 'question' ? 'purple' : 'blue')}>
            {post.kind === 'question' ? 'Question' : 'Answer'}
          </Tag>
          {post.hidden ? <Tag style={red}>Hidden</Tag> : <Tag style={tagTone('green')}>Visible</Tag>}
          {post.byInstructor && <Tag style={tagTone('gold')}>Instructor</Tag>}
        </Flex>
        <h3 id={headingId} className="cp-admin-post-title">
          {post.kind === 'question' ? post.questionTitle : `Answer to “${post.questionTitle}”`}
        </h3>
        <p className="cp-admin-post-meta">
          {`${post.course.courseTitle || 'A deleted course'}${post.lectureTitle ? ` · ${post.lectureTitle}` : ''}`}
        </p>
        <p className="cp-admin-post-meta">
          {`By ${post.author.name} on ${formatDate(post.createdAt)}${post.editedAt ? ' (edited)' : ''}`}
        </p>
        <PostBody html={post.body} />
        {post.hidden && (
          <p className="cp-admin-review-hidden" style={{ color: red.color, background: red.background }}>
            <strong>Hidden</strong>
            {` on ${formatDate(post.hidden.hiddenAt)} by ${post.hidden.hiddenBy.name}: `}
            <span className="cp-admin-review-reason">{post.hidden.reason}</span>
          </p>
        )}
        <Flex wrap gap={8}>
          {/* One button whose action follows the state: the focus stays on it after the dialog. */}
          <Button
            danger={!post.hidden}
            aria-label={`${post.hidden ? 'Restore' : 'Hide'} ${name}`}
            disabled={busy}
            onClick={post.hidden ? onRestore : onHide}
          >
            {post.hidden ? (busy ? 'Restoring...' : 'Restore') : 'Hide'}
          </Button>
        </Flex>
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
    <Flex vertical gap={16}>
      <h2 className="cp-visually-hidden">Questions and answers</h2>
      <Flex wrap gap={12} align="end" justify="space-between">
        <search className="cp-admin-post-search">
          <form onSubmit={onSearch}>
            <label htmlFor={searchId} className="cp-admin-field-label">
              Search questions and answers
            </label>
            <Flex gap={8}>
              <Input
                id={searchId}
                type="search"
                value={draft}
                maxLength={100}
                onChange={(e) => setDraft(e.target.value)}
              />
              <Button htmlType="submit">Search</Button>
            </Flex>
          </form>
        </search>
        <Segmented<DiscussionAdminState>
          aria-label="Show questions and answers"
          options={FILTERS}
          value={state}
          onChange={setState}
        />
      </Flex>
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
                  onHide={() => setHiding(post)}
                  onRestore={() => void submitRestore(post)}
                />
              ))}
            </ul>
            {query.hasNextPage && (
              <Button
                style={{ alignSelf: 'center' }}
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? 'Loading more...' : 'Load more'}
              </Button>
            )}
          </>
        )}
      </QueryStates>
      <HidePostModal
        post={hiding}
        submitting={hiding !== null && busyIds.has(hiding._id)}
        onCancel={() => setHiding(null)}
        onSubmit={(reason) => {
          if (hiding) void submitHide(hiding, reason);
        }}
      />
    </Flex>
  );
}
