import { Button, Link, plural, useQuery, useQueryState } from '@courseport/shared-ui';
import { waitingCountQuery } from '../../../api/submissions';
import { PATHS } from '../../../lib/paths';

/** The dashboard's "Submissions waiting for review": how many, and a link to review them. */
export function WaitingSubmissions() {
  const { state, retry } = useQueryState(useQuery(waitingCountQuery()), {
    fallback: 'Failed to count the submissions waiting for review',
    network: 'fallback',
  });
  return (
    <section className="ed-panel ed-waiting-card" aria-labelledby="ed-waiting-title">
      <h2 id="ed-waiting-title" className="cp-visually-hidden">
        Submissions waiting for review
      </h2>
      {state.status === 'loading' && (
        <p className="ed-waiting-count" role="status">
          Counting submissions waiting for review...
        </p>
      )}
      {state.status === 'error' && (
        <>
          <p className="ed-waiting-count" role="alert">
            {state.message}
          </p>
          <Button onClick={retry}>Count again</Button>
        </>
      )}
      {state.status === 'ready' && (
        <>
          <p className="ed-waiting-count">
            {state.data === 0
              ? 'No submission waiting for review'
              : `${plural(state.data, 'submission')} waiting for review`}
          </p>
          <Link to={PATHS.submissions}>Review project submissions</Link>
        </>
      )}
    </section>
  );
}
