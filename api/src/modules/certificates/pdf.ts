import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { cleanName } from '../../http/plain-text.js';
import type { CertificateDoc } from './repository.js';

const A4_LANDSCAPE: [number, number] = [842, 595];
const MARGIN = 60;
const INK = rgb(0.12, 0.14, 0.2);
const MUTED = rgb(0.35, 0.38, 0.45);
const ACCENT = rgb(0.15, 0.39, 0.92);

const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** The standard fonts speak WinAnsi only: a character they cannot draw becomes '?', never an error. */
function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.normalize('NFC')].map((c) => (known.has(c.codePointAt(0) ?? 0) ? c : '?')).join('');
}

/** Shrinks the text to fit the line, down to `minSize`; below that it is cut with an ellipsis. */
function fitted(font: PDFFont, text: string, size: number, minSize: number, width: number) {
  let line = drawable(font, text);
  let at = size;
  while (at > minSize && font.widthOfTextAtSize(line, at) > width) at -= 1;
  while (line.length > 1 && font.widthOfTextAtSize(line, at) > width) line = `${line.slice(0, -2)}…`;
  return { line, size: at };
}

/** The certificate as a one-page PDF: who completed which course, taught by whom, when, and its id. */
export async function certificatePdf(doc: CertificateDoc, verifyUrl: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate of completion: ${doc.courseTitle}`);
  pdf.setAuthor('Courseport');
  pdf.setSubject(`${cleanName(doc.studentName)} completed ${doc.courseTitle}`);
  pdf.setCreationDate(doc.completedAt);
  const page = pdf.addPage(A4_LANDSCAPE);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = A4_LANDSCAPE;
  const lineWidth = width - 2 * MARGIN;

  page.drawRectangle({
    x: MARGIN / 2,
    y: MARGIN / 2,
    width: width - MARGIN,
    height: height - MARGIN,
    borderColor: ACCENT,
    borderWidth: 3,
  });
  let y = height - 120;
  const centred = (text: string, font: PDFFont, size: number, color = INK, minSize = size) => {
    const fit = fitted(font, text, size, minSize, lineWidth);
    page.drawText(fit.line, {
      x: (width - font.widthOfTextAtSize(fit.line, fit.size)) / 2,
      y,
      size: fit.size,
      font,
      color,
    });
  };

  centred('Certificate of completion', bold, 34, ACCENT);
  y -= 60;
  centred('This certifies that', regular, 16, MUTED);
  y -= 50;
  centred(cleanName(doc.studentName) || 'Student', bold, 30, INK, 14);
  y -= 45;
  centred('has completed the course', regular, 16, MUTED);
  y -= 45;
  centred(doc.courseTitle, bold, 24, INK, 12);
  y -= 35;
  centred(`taught by ${cleanName(doc.educatorName)}`, regular, 16, MUTED, 10);
  y -= 50;
  centred(`Completed on ${longDate.format(doc.completedAt)}`, regular, 14);
  y = 80;
  centred(`Certificate id: ${doc._id}`, regular, 11, MUTED);
  y -= 18;
  centred(`Verify at ${verifyUrl}`, regular, 11, MUTED, 8);
  return pdf.save();
}
