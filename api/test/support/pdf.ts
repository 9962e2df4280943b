import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream } from 'pdf-lib';

/** Loads a PDF (it must parse) and gives every text it draws, as the hex strings pdf-lib writes for the standard fonts, decoded. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  let text = '';
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = inflateSync(Buffer.from(object.contents)).toString('latin1');
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
      text += `${Buffer.from(hex ?? '', 'hex').toString('latin1')}\n`;
  }
  return text;
}
