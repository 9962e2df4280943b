import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { LedgerEntryDoc } from './repository.js';
import { statementTotals } from './statement.js';

const A4: [number, number] = [595, 842];
const MARGIN = 48;
const INK = rgb(0.12, 0.14, 0.2);
const MUTED = rgb(0.35, 0.38, 0.45);
const KIND: Record<LedgerEntryDoc['kind'], string> = {
  sale: 'Sale',
  refund: 'Refund',
  payout: 'Payout',
  adjustment: 'Adjustment',
};

const money = (paise: number) => `${paise < 0 ? '-' : ''}INR ${(Math.abs(paise) / 100).toFixed(2)}`;

/** The standard fonts speak WinAnsi only: a character they cannot draw becomes '?', never an error. */
function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.normalize('NFC')].map((c) => (known.has(c.codePointAt(0) ?? 0) ? c : '?')).join('');
}

/** Cut with an ellipsis to fit `width`. */
function fitted(font: PDFFont, text: string, size: number, width: number): string {
  let line = drawable(font, text);
  while (line.length > 1 && font.widthOfTextAtSize(line, size) > width) line = `${line.slice(0, -2)}…`;
  return line;
}

/**
 * The month's statement as a PDF (#36): the totals (sales, refunds, fees, adjustments, net,
 * payouts), then every entry of the month, as many A4 pages as it takes. Text people wrote (course
 * titles, reasons) is drawn as text, never interpreted.
 */
export async function statementPdf(
  month: string,
  entries: readonly LedgerEntryDoc[],
  titles: ReadonlyMap<string, string>,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Courseport statement ${month}`);
  pdf.setAuthor('Courseport');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = A4;
  let page: PDFPage = pdf.addPage(A4);
  let y = height - MARGIN;
  const line = (text: string, x: number, font = regular, size = 10, color = INK, maxWidth = width - x - MARGIN) =>
    page.drawText(fitted(font, text, size, maxWidth), { x, y, size, font, color });
  const right = (text: string, edge: number, font = regular, size = 10) =>
    page.drawText(text, { x: edge - font.widthOfTextAtSize(text, size), y, size, font, color: INK });
  const next = (step: number) => {
    y -= step;
    if (y < MARGIN) {
      page = pdf.addPage(A4);
      y = height - MARGIN;
    }
  };

  line(`Courseport statement: ${month}`, MARGIN, bold, 18);
  next(18);
  line(
    'Amounts in Indian rupees. Sales are what students paid; the platform fee is taken from them.',
    MARGIN,
    regular,
    9,
    MUTED,
  );
  next(28);
  const totals = statementTotals(entries);
  for (const [label, value] of [
    ['Sales', totals.sales],
    ['Refunds', totals.refunds],
    ['Platform fees', totals.fees],
    ['Adjustments', totals.adjustments],
    ['Net', totals.net],
    ['Payouts', totals.payouts],
  ] as const) {
    line(label, MARGIN, label === 'Net' ? bold : regular, 11);
    right(money(value), MARGIN + 260, label === 'Net' ? bold : regular, 11);
    next(16);
  }
  next(16);
  const columns = { date: MARGIN, kind: MARGIN + 70, course: MARGIN + 140, net: width - MARGIN };
  const header = () => {
    line('Date', columns.date, bold, 9, MUTED);
    line('Type', columns.kind, bold, 9, MUTED);
    line('Course or reason', columns.course, bold, 9, MUTED);
    right('Net', columns.net, bold, 9);
    next(14);
  };
  header();
  if (entries.length === 0) line('No entries this month.', MARGIN, regular, 10, MUTED);
  for (const entry of entries) {
    const course = entry.courseId ? (titles.get(entry.courseId) ?? 'Deleted course') : '';
    line(new Date(entry.createdAt).toISOString().slice(0, 10), columns.date);
    line(KIND[entry.kind], columns.kind);
    line(entry.kind === 'adjustment' ? (entry.reason ?? '') : course, columns.course, regular, 10, INK, 250);
    right(money(entry.amount), columns.net);
    next(14);
  }
  return pdf.save();
}
