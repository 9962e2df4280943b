import { Button, EmptyState, QueryStates, queryState, useInfiniteQuery } from '@courseport/shared-ui';
import { RichText } from '../../../components/RichText';
import { type LessonTabProps, shortDate } from '../../../lib/lesson';
import { announcementsQuery } from '../api/announcements';

/** The Announcements tab (#35): what the course's educator told its students, newest first. */
export function AnnouncementsPanel({ courseId }: LessonTabProps) {
  const query = useInfiniteQuery(announcementsQuery(courseId));
  const items = query.data?.pages.flatMap((page) => page.announcements);
  const state = queryState(
    { data: items, error: query.error, isError: query.isError, isFetching: query.isFetching },
    { fallback: 'Failed to load the announcements' },
  );
  return (
    <QueryStates
      state={state}
      errorTitle="Could not load the announcements"
      onRetry={() => void query.refetch()}
      loadingText="Loading announcements..."
      empty={
        <EmptyState
          title="No announcements yet"
          description={
            <p className="ln-muted">
              When the educator writes to everyone in this course, it shows here (and in your notifications).
            </p>
          }
        />
      }
    >
      {(announcements) => (
        <div className="ln-announcements">
          <ul className="ln-announcement-list" aria-label="Announcements">
            {announcements.map((announcement) => (
              <li key={announcement._id} className="ln-announcement">
                <article aria-labelledby={`ln-ann-${announcement._id}`}>
                  <h3 id={`ln-ann-${announcement._id}`} className="ln-qa-title">
                    {announcement.title}
                  </h3>
                  <p className="ln-qa-byline">
                    <span className="ln-qa-author">{announcement.author.name}</span>
                    <span className="ln-muted">{shortDate(announcement.createdAt)}</span>
                  </p>
                  <RichText
                    html={announcement.body}
                    richKey={`announcement-${announcement._id}`}
                    className="ln-qa-body"
                  />
                </article>
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <Button loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              Load more
            </Button>
          )}
        </div>
      )}
    </QueryStates>
  );
}

export default AnnouncementsPanel;
