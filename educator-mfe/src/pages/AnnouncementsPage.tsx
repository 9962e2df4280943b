import { EmptyState, Link, QueryStates, useParams, useQuery, useSession } from '@courseport/shared-ui';
import { educatorCoursesQuery } from '../api/courses';
import { RichTextEditor } from '../features/add-course/components/RichTextEditor';
import { AnnouncementForm } from '../features/announcements/components/AnnouncementForm';
import { AnnouncementsList } from '../features/announcements/components/AnnouncementsList';
import { useAnnouncements } from '../features/announcements/hooks/useAnnouncements';
import { PageHeader } from '../features/layout/components/PageHeader';
import { useIsEducator } from '../features/layout/hooks/useSignedInUser';
import { PATHS } from '../lib/paths';
import '../styles/questions.css';

/**
 * /educator/courses/:id/announcements: write to every student of a course (a title and rich text:
 * Add Course's editor, which loads when first used), and the announcements sent, editable and
 * deletable by their author. The server keeps a daily limit per course; its refusal shows in the form.
 */
export default function AnnouncementsPage() {
  const { id: courseId = '' } = useParams();
  const isEducator = useIsEducator();
  const sessionKnown = useSession((s) => s.status !== 'loading' && (s.status !== 'signed-in' || s.userLoaded));
  const myId = useSession((s) => s.user?._id ?? '');
  const courses = useQuery({ ...educatorCoursesQuery(), enabled: isEducator });
  const courseTitle = courses.data?.find((c) => c._id === courseId)?.courseTitle;
  const list = useAnnouncements(courseId, isEducator);

  const back = (
    <Link className="ed-action-link" to={PATHS.myCourses}>
      ← My Courses
    </Link>
  );

  if (!isEducator && sessionKnown) {
    return (
      <div className="ed-page">
        <PageHeader title="Announcements" />
        <EmptyState title="Educator access required" description="Only educators write announcements here." />
      </div>
    );
  }

  return (
    <div className="ed-page">
      <PageHeader
        title="Announcements"
        subtitle={courseTitle ? `To every student of ${courseTitle}` : 'To every student of this course'}
        action={back}
      />
      <section className="ed-panel ed-ann-new" aria-labelledby="ed-ann-new-title">
        <h2 id="ed-ann-new-title" className="ed-ann-heading">
          New announcement
        </h2>
        <p className="ed-qa-hint">
          Enrolled students see it in the course and get it by mail unless they turned those mails off. A course can
          send a few announcements a day.
        </p>
        <AnnouncementForm
          Editor={RichTextEditor}
          submitLabel="Post announcement"
          busy={list.posting}
          onSubmit={list.post}
          resetOnSuccess
        />
      </section>
      <section className="ed-ann-sent" aria-labelledby="ed-ann-sent-title">
        <h2 id="ed-ann-sent-title" className="ed-ann-heading">
          Sent announcements
        </h2>
        <QueryStates
          state={list.state}
          loadingText="Loading announcements..."
          errorTitle="Error Loading Announcements"
          onRetry={list.retry}
          isEmpty={() => list.announcements.length === 0}
          empty={
            <EmptyState
              title="No announcements yet"
              description="Tell your students about new lessons, live sessions or changes: what you post above shows here."
            />
          }
        >
          {() => (
            <AnnouncementsList
              announcements={list.announcements}
              myId={myId}
              Editor={RichTextEditor}
              editingId={list.editingId}
              deletingId={list.deletingId}
              hasMore={list.hasMore}
              loadingMore={list.loadingMore}
              onLoadMore={() => void list.loadMore()}
              onEdit={list.edit}
              onDelete={list.remove}
            />
          )}
        </QueryStates>
      </section>
    </div>
  );
}
