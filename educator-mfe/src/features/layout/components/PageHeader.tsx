import type { ReactNode } from 'react';

/** A page's title, an optional subtitle and an optional action on the right. */
export function PageHeader({
  title,
  subtitle,
  action,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <header className="ed-page-head">
      <div>
        <h1 className="ed-page-title">{title}</h1>
        {subtitle && <p className="ed-page-subtitle">{subtitle}</p>}
      </div>
      {action}
    </header>
  );
}
