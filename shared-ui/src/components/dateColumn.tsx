import { formatDate } from '@courseport/contracts';
import type { ReactNode } from 'react';

/**
 * A table column (antd's `columns` entry) that shows one date of each row on a single line:
 * `dateColumn('date', 'Date', (purchase) => purchase.createdAt)`. `format` turns the row's ISO time
 * into text (`formatDate` by default: '15 Mar 2025').
 */
export function dateColumn<T>(
  key: string,
  title: string,
  date: (row: T) => string | null | undefined,
  format: (iso: string | null | undefined) => string = (iso) => (iso ? formatDate(iso) : ''),
) {
  return {
    key,
    title,
    render: (_: unknown, row: T): ReactNode => <span className="cp-nowrap">{format(date(row))}</span>,
  };
}
