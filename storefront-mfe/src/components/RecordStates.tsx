import { type QueryState, QueryStates } from '@courseport/shared-ui';
import type { ReactNode } from 'react';
import { isNotFound, RecordNotFound } from './StorefrontPage';

/**
 * What a record's page (a course, an instructor, a certificate) shows until its record is there:
 * `heading` (the page's h1 meanwhile), then Loading..., the not-found view with a way to the course
 * list, or the error with Retry. The page draws the ready record itself.
 */
export function RecordStates({
  state,
  heading,
  notFound,
  errorTitle,
  onRetry,
}: {
  state: QueryState<unknown>;
  heading: ReactNode;
  notFound: { title: string; description: string };
  errorTitle: string;
  onRetry: () => void;
}) {
  return (
    <>
      {heading}
      <QueryStates
        state={state}
        errorTitle={errorTitle}
        retryLabel="Retry"
        onRetry={onRetry}
        errorView={(error) => (isNotFound(error) ? <RecordNotFound {...notFound} /> : undefined)}
      >
        {() => null}
      </QueryStates>
    </>
  );
}
