import type { ReactNode } from 'react';
import '../../../styles/storefront.css';
import { Footer } from './Footer';

/** The frame of every storefront page: the page's content, then the shared footer. */
export function StorefrontPage({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={className ? `sf-page ${className}` : 'sf-page'}>
      <main className="sf-main">{children}</main>
      <Footer />
    </div>
  );
}
