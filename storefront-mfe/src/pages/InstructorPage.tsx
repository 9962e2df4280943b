import { type PageDataLoader, usePageTitle, useParams, useQuery, useQueryState } from '@courseport/shared-ui';
import { RecordStates } from '../components/RecordStates';
import { HiddenHeading, isNotFound, StorefrontPage } from '../components/StorefrontPage';
import { INSTRUCTOR_NOT_FOUND, instructorQuery } from '../features/instructor/api/instructor';
import { InstructorView } from '../features/instructor/components/InstructorView';
import '../styles/instructor.css';

function InstructorContent({ id }: { id: string }) {
  const { state, retry } = useQueryState(useQuery(instructorQuery(id)), {
    fallback: 'Failed to fetch the instructor',
  });
  const notFound = state.status === 'error' && isNotFound(state.error);
  usePageTitle(state.status === 'ready' ? state.data.name : notFound ? INSTRUCTOR_NOT_FOUND : 'Instructor');
  if (state.status === 'ready') return <InstructorView instructor={state.data} />;
  return (
    <RecordStates
      state={state}
      heading={<HiddenHeading>Instructor</HiddenHeading>}
      notFound={{
        title: INSTRUCTOR_NOT_FOUND,
        description: 'This instructor does not exist or no longer teaches here.',
      }}
      errorTitle="Could not load this instructor"
      onRetry={retry}
    />
  );
}

/** `/instructor/:id`: an educator's public page, with their courses. */
export default function InstructorPage() {
  const id = useParams().id ?? '';
  return (
    <StorefrontPage>
      <InstructorContent key={id} id={id} />
    </StorefrontPage>
  );
}

/** The server renders the page with the instructor in the cache. */
export const loadPageData: PageDataLoader = (client, { id = '' }) => client.prefetchQuery(instructorQuery(id));
