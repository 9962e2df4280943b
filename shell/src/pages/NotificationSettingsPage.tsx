import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from '@courseport/contracts/notifications';
import {
  Button,
  ErrorState,
  errorText,
  LoadingState,
  type PageDataLoader,
  queryKeys,
  useMutation,
  usePageTitle,
  useQuery,
  useQueryClient,
  useSession,
  useToast,
} from '@courseport/shared-ui';
import { useState } from 'react';
import {
  type MailCourse,
  mailCoursesQuery,
  preferencesQuery,
  savePreferences,
} from '../features/notifications/api/notifications';

/** The form's copy of the preferences: edited here, saved with the button. */
function PreferencesForm({ saved, courses }: { saved: NotificationPreferences; courses: MailCourse[] }) {
  const client = useQueryClient();
  const toast = useToast();
  const [mail, setMail] = useState(saved.mail);
  const [muted, setMuted] = useState(new Set(saved.mutedCourses));
  const save = useMutation({
    mutationFn: () => savePreferences({ mail, mutedCourses: [...muted] }),
    onSuccess: (preferences) => {
      client.setQueryData(preferencesQuery().queryKey, preferences);
      toast.success('Notification settings saved');
    },
  });
  const toggle = (kind: NotificationKind) => setMail({ ...mail, [kind]: !mail[kind] });
  const toggleCourse = (id: string) => {
    const next = new Set(muted);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setMuted(next);
  };

  return (
    <form
      className="cp-settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <fieldset className="cp-settings-group">
        <legend>Email me about</legend>
        {NOTIFICATION_KINDS.map((kind) => (
          <label key={kind} className="cp-settings-check">
            <input type="checkbox" checked={mail[kind]} onChange={() => toggle(kind)} />
            {NOTIFICATION_KIND_LABELS[kind]}
          </label>
        ))}
      </fieldset>
      {courses.length > 0 && (
        <fieldset className="cp-settings-group" disabled={!mail.announcement}>
          <legend>Announcements by email, per course</legend>
          {courses.map((course) => (
            <label key={course._id} className="cp-settings-check">
              <input type="checkbox" checked={!muted.has(course._id)} onChange={() => toggleCourse(course._id)} />
              {course.courseTitle}
            </label>
          ))}
        </fieldset>
      )}
      <p className="cp-settings-hint">
        Everything still shows under the bell; these settings are only about email. Several notifications close together
        come as one digest.
      </p>
      {save.isError && (
        <p className="cp-unsub-error" role="alert">
          {errorText(save.error)}
        </p>
      )}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        Save settings
      </Button>
    </form>
  );
}

/**
 * What the page shows first, for the signed-in user whose profile is in the cache: their mail
 * settings and their courses (the server's render, or the browser's start-up, #34).
 */
export const loadPageData: PageDataLoader = async (client) => {
  if (!client.getQueryData(queryKeys.user.profile())) return;
  await Promise.all([client.prefetchQuery(preferencesQuery()), client.prefetchQuery(mailCoursesQuery())]);
};

/** `/settings/notifications` (#35): which notifications are mailed, and which courses' announcements. */
export default function NotificationSettingsPage() {
  usePageTitle('Notification settings');
  const status = useSession((s) => s.status);
  const openSignIn = useSession((s) => s.openSignIn);
  const signedIn = status === 'signed-in';
  const preferences = useQuery({ ...preferencesQuery(), enabled: signedIn });
  const courses = useQuery({ ...mailCoursesQuery(), enabled: signedIn });

  let body: React.ReactNode;
  if (status === 'loading') body = <LoadingState />;
  else if (!signedIn)
    body = (
      <div className="cp-settings-signin">
        <p>Sign in to choose which notifications are emailed to you.</p>
        <Button type="primary" onClick={() => openSignIn('sign-in')}>
          Sign in
        </Button>
      </div>
    );
  else if (preferences.isPending || courses.isPending) body = <LoadingState text="Loading your settings…" />;
  else if (preferences.isError || courses.isError)
    body = (
      <ErrorState
        title="Your settings could not be loaded"
        message={errorText(preferences.error ?? courses.error)}
        onRetry={() => {
          void preferences.refetch();
          void courses.refetch();
        }}
      />
    );
  else body = <PreferencesForm saved={preferences.data} courses={courses.data} />;

  return (
    <section className="cp-settings">
      <h1 className="cp-page-heading cp-settings-heading">Notification settings</h1>
      {body}
    </section>
  );
}
