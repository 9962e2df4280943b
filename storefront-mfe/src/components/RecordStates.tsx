import { ApiError, EmptyState, ErrorState, errorText, Link, LoadingState } from '@courseport/shared-ui';
import type { ReactNode } from 'react';

/** One record a page is about (a course, an instructor, a certificate): loading, failed, or there. */
export type RecordState<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T };

/** Whether a call failed because its record does not exist (404). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The state of a record's query; data already shown stays when a background refetch fails. */
export function recordState<T>(query: { data: T | undefined; error: unknown; status: string }): RecordState<T> {
  if (query.data !== undefined) return { status: 'ready', data: query.data };
  return query.status === 'error' ? { status: 'error', error: query.error } : { status: 'loading' };
}

/** Whether the record failed because it does not exist (404). */
export const recordNotFound = (state: RecordState<unknown>) => state.status === 'error' && isNotFound(state.error);

/**
 * What a record's page shows until the record is there: `heading` (the page's h1 meanwhile), then
 * Loading..., the not-found state with a way to the course list, or the error with Retry.
 */
export function RecordStates({
  state,
  heading,
  notFound,
  failed,
  onRetry,
}: {
  state: Exclude<RecordState<unknown>, { status: 'ready' }>;
  heading: ReactNode;
  notFound: { title: string; description: string };
  failed: { title: string; fallback: string };
  onRetry: () => void;
}) {
  let content: ReactNode;
  if (state.status === 'loading') content = <LoadingState />;
  else if (isNotFound(state.error)) {
    content = (
      <EmptyState
        title={notFound.title}
        description={notFound.description}
        action={
          <Link to="/course-list" className="sf-link-button sf-link-button-primary">
            Browse all courses
          </Link>
        }
      />
    );
  } else {
    content = (
      <ErrorState
        title={failed.title}
        message={errorText(state.error, failed.fallback)}
        onRetry={onRetry}
        retryLabel="Retry"
      />
    );
  }
  return (
    <>
      {heading}
      {content}
    </>
  );
}

/** A page's h1 while its record is not shown, for screen readers (the record's own title is the h1 then). */
export const HiddenHeading = ({ children }: { children: string }) => (
  <h1 tabIndex={-1} className="cp-visually-hidden">
    {children}
  </h1>
);
