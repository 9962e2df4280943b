import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartSpec } from '../chart-spec';

/** A CSS custom property's value on `element` (the design tokens: no colour is written here). */
const token = (element: Element, name: string) => getComputedStyle(element).getPropertyValue(name).trim();

const HEIGHT = 220;

function options(spec: ChartSpec, element: HTMLElement, width: number): uPlot.Options {
  const text = token(element, '--cp-color-text-muted');
  const grid = token(element, '--cp-color-border');
  const count = spec.labels.length;
  const hasBars = spec.series.some((s) => s.kind === 'bars');
  const axis = (scale: string, side: 0 | 1 | 2 | 3, format?: (value: number) => string): uPlot.Axis => ({
    scale,
    side,
    stroke: text,
    grid: { show: side === 3, stroke: grid, width: 1 },
    ticks: { show: false },
    size: 56,
    values: (_u, splits) => splits.map((value) => (format ? format(value) : String(value))),
  });
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    scales: {
      // Each point is one day, month or lesson: x is its position, drawn with its label.
      x: { time: false, range: hasBars ? [-0.5, count - 0.5] : [0, Math.max(count - 1, 1)] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
      ...(spec.right ? { y2: { range: spec.right.range } } : {}),
    },
    axes: [
      {
        stroke: text,
        grid: { show: false },
        ticks: { show: false },
        space: 64,
        incrs: [1, 2, 3, 5, 7, 10, 14, 15, 30, 31, 60, 90],
        values: (_u, splits) => splits.map((value) => (Number.isInteger(value) ? (spec.labels[value] ?? '') : '')),
      },
      axis('y', 3, spec.formatLeft),
      ...(spec.right ? [axis('y2', 1, spec.right.format)] : []),
    ],
    series: [
      {},
      ...spec.series.map(
        (series): uPlot.Series => ({
          label: series.label,
          scale: series.scale ?? 'y',
          stroke: token(element, series.color),
          width: 2,
          spanGaps: false,
          ...(series.kind === 'bars'
            ? {
                fill: token(element, series.color),
                paths: uPlot.paths.bars?.({ size: [0.6, 48], align: 0 }),
                points: { show: false },
              }
            : { points: { show: count <= 31, size: 5, fill: token(element, series.color) } }),
        }),
      ),
    ],
  };
}

/**
 * One chart drawn by uPlot (a small canvas chart library, in this page's lazy chunk only): lines
 * and bars over the spec's labels, coloured from the design tokens, as wide as its box.
 */
export default function UPlotChart({ spec }: { spec: ChartSpec }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [spec.labels.map((_, i) => i), ...spec.series.map((series) => series.values)];
    const plot = new uPlot(options(spec, element, Math.max(element.clientWidth, 240)), data, element);
    const observer = new ResizeObserver(() => {
      const width = Math.max(element.clientWidth, 240);
      if (width !== plot.width) plot.setSize({ width, height: HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [spec]);
  return <div ref={box} className="ed-an-canvas" data-testid="analytics-chart" />;
}
