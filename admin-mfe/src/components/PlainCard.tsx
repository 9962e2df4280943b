import { type ReactNode, useId } from 'react';

/**
 * antd's Card look without antd (#34: a tab's first screen draws no antd): a bordered box, its
 * title (a heading under the dashboard's h1) in a head row, its body below (admin.css
 * `.cp-admin-plain-card`). The card is a region named by its title.
 */
export function PlainCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="cp-admin-plain-card" aria-labelledby={titleId}>
      <h2 className="cp-admin-plain-card-head" id={titleId}>
        {title}
      </h2>
      <div className="cp-admin-plain-card-body">{children}</div>
    </section>
  );
}
