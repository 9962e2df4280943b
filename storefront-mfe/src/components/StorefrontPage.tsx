import { ApiError, EmptyState, Link } from '@courseport/shared-ui';
import type { ReactNode } from 'react';
import '../styles/storefront.css';
import { Footer } from './Footer';

/**
 * The frame of every storefront page: the page's content, then the shared footer. No <main>:
 * the shell (and the standalone mode) already renders the page inside its own.
 */
export function StorefrontPage({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={className ? `sf-page cp-page ${className}` : 'sf-page cp-page'}>
      <div className="sf-main">{children}</div>
      <Footer />
    </div>
  );
}

/** A page's record (a course, an instructor, a certificate) does not exist (404): a way to the course list. */
/** Whether a record's query failed because the record does not exist (a 404). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export function RecordNotFound({ title, description }: { title: string; description: string }) {
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <Link to="/course-list" className="sf-link-button sf-link-button-primary">
          Browse all courses
        </Link>
      }
    />
  );
}

/** A page's h1 while its record is not shown, for screen readers (the record's own title is the h1 then). */
export const HiddenHeading = ({ children }: { children: string }) => (
  <h1 tabIndex={-1} className="cp-visually-hidden">
    {children}
  </h1>
);
