import { Button } from '@courseport/shared-ui';
import { Component, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import type { ChartSpec } from '../chart-spec';
import { type Column, DataTable } from './DataTable';

// The chart library (uPlot) comes in its own chunk, fetched when the first chart is drawn: the
// page's totals and tables paint without waiting for it (#36).
const UPlotChart = lazy(() => import('../charts/UPlotChart'));

/** A chart that cannot load (its chunk failed) leaves a note: its numbers are in the data table. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <p className="ed-an-chart-note">The chart could not be drawn; its numbers are in the data table.</p>
    ) : (
      this.props.children
    );
  }
}

/**
 * A chart with its text alternative (`summary`), a "Show data table" toggle with the same numbers
 * for screen readers and keyboards (the canvas itself is hidden from them), and a CSV download.
 */
export function ChartPanel({
  title,
  summary,
  spec,
  columns,
  rows,
  onDownload,
  legend,
  initiallyOpen = false,
}: {
  title: string;
  summary: string;
  spec: ChartSpec;
  columns: Column[];
  rows: Array<{ key: string; cells: string[] }>;
  onDownload: () => void;
  legend: Array<{ label: string; color: string; kind: 'line' | 'bars' }>;
  /** The table shown from the start (a section whose numbers are the point: each lesson's). */
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const tableId = useId();
  const headingId = useId();
  return (
    <section className="ed-panel ed-an-panel" aria-labelledby={headingId}>
      <div className="ed-an-panel-head">
        <h3 id={headingId} className="ed-an-panel-title">
          {title}
        </h3>
        <div className="ed-an-panel-actions">
          <Button
            aria-expanded={open}
            aria-controls={open ? tableId : undefined}
            aria-describedby={headingId}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide data table' : 'Show data table'}
          </Button>
          <Button aria-describedby={headingId} onClick={onDownload}>
            Download CSV
          </Button>
        </div>
      </div>
      <figure className="ed-an-figure">
        <ul className="ed-an-legend" aria-hidden="true">
          {legend.map((item) => (
            <li key={item.label}>
              <span className={`ed-an-key ed-an-key-${item.kind}`} style={{ background: `var(${item.color})` }} />
              {item.label}
            </li>
          ))}
        </ul>
        <div className="ed-an-chart" aria-hidden="true">
          <ChartBoundary>
            <Suspense fallback={<div className="ed-an-chart-loading">Loading chart…</div>}>
              <UPlotChart spec={spec} />
            </Suspense>
          </ChartBoundary>
        </div>
        <figcaption className="ed-an-summary">{summary}</figcaption>
      </figure>
      {open && <DataTable id={tableId} caption={title} columns={columns} rows={rows} />}
    </section>
  );
}
