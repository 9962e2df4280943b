import { ANALYTICS_DEFAULT_RANGE_DAYS, ANALYTICS_MAX_RANGE_DAYS } from '@courseport/contracts/analytics';

/** A range of UTC calendar days, both ends included (`YYYY-MM-DD`), as the API takes it. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of a time: `YYYY-MM-DD`. */
export const dayOf = (time: Date): string => time.toISOString().slice(0, 10);

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (not 2026-02-30). */
export function isDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const time = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(time.getTime()) && dayOf(time) === value;
}

/** `day` moved by `days` (negative: back). */
export const addDays = (day: string, days: number): string =>
  dayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));

/** How many days a range spans, both ends included. */
export const daysIn = ({ from, to }: DayRange): number =>
  Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS) + 1;

/** The presets: the last 7, 30 and 90 days and the last 12 months, today included. */
export const PRESETS = [
  { id: '7d', label: 'Last 7 days' },
  { id: '30d', label: 'Last 30 days' },
  { id: '90d', label: 'Last 90 days' },
  { id: '12m', label: 'Last 12 months' },
] as const;
export type PresetId = (typeof PRESETS)[number]['id'];

/** A preset's range ending today (UTC). 12 months: from the day after this day a year ago. */
export function presetRange(id: PresetId, now = new Date()): DayRange {
  const to = dayOf(now);
  if (id === '12m') {
    const yearAgo = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), now.getUTCDate()));
    return { from: addDays(dayOf(yearAgo), 1), to };
  }
  const days = { '7d': 7, '30d': 30, '90d': 90 }[id];
  return { from: addDays(to, 1 - days), to };
}

/** The preset a range is, if any (today's). */
export const presetOf = (range: DayRange, now = new Date()): PresetId | null =>
  PRESETS.find(({ id }) => {
    const preset = presetRange(id, now);
    return preset.from === range.from && preset.to === range.to;
  })?.id ?? null;

/** The page's first range: the last 30 days (the contract's default). */
export const defaultRange = (now = new Date()): DayRange => ({
  from: addDays(dayOf(now), 1 - ANALYTICS_DEFAULT_RANGE_DAYS),
  to: dayOf(now),
});

/** Why a range cannot be asked for, or null when it can. */
export function rangeProblem(range: DayRange): string | null {
  if (!isDay(range.from) || !isDay(range.to)) return 'Enter both dates.';
  if (range.from > range.to) return 'The start date must be on or before the end date.';
  if (daysIn(range) > ANALYTICS_MAX_RANGE_DAYS) return `Choose at most ${ANALYTICS_MAX_RANGE_DAYS} days.`;
  return null;
}

/** The range the URL names (`?from=&to=`), or the default one when it names none or a wrong one. */
export function rangeFromParams(params: URLSearchParams, now = new Date()): DayRange {
  const range = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  return rangeProblem(range) === null ? range : defaultRange(now);
}

/** `2026-11-03` as '3 Nov 2026' (in UTC: the day the API counted). */
export const dayLabel = (day: string): string =>
  new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
