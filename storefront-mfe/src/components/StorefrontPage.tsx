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
