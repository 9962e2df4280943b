/**
 * What a chart draws (the chart library's component reads it in its lazy chunk): one value per
 * label for each series, on the left scale or the right one. Colours are design tokens' names.
 */
export interface ChartSeries {
  label: string;
  values: Array<number | null>;
  /** A CSS custom property: '--cp-color-primary'. */
  color: string;
  kind: 'line' | 'bars';
  scale?: 'y' | 'y2';
}

export interface ChartSpec {
  labels: string[];
  series: ChartSeries[];
  formatLeft?: (value: number) => string;
  /** A second scale on the right (a rating from 0 to 5 beside a count). */
  right?: { range: [number, number]; format?: (value: number) => string };
}
