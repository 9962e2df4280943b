import { formatPrice, saveBlob } from '@courseport/shared-ui';

/** One CSV cell: quoted when it holds a comma, a quote or a line break; a formula's lead neutralised. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // A text cell starting like a formula (=, +, -, @) is not run by a spreadsheet (CSV injection).
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A table as CSV text (RFC 4180: CRLF line ends), the header first. */
export function toCsv(header: string[], rows: Array<Array<string | number | null>>): string {
  return `${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Paise as rupees with two decimals for a CSV cell: 35928 → '359.28'. */
export const rupees = (paise: number): string => formatPrice(paise / 100);

/** Saves a table as a CSV file, built here from the data on screen. */
export function downloadCsv(name: string, header: string[], rows: Array<Array<string | number | null>>): void {
  saveBlob(new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), name);
}
