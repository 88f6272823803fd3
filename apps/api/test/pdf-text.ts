import { extractText, getDocumentProxy } from 'unpdf';

/** The text of every page of a PDF, pages joined by a blank line (for assertions in tests). */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  // pdf.js takes ownership of the bytes it is given, so it gets a copy.
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: false });
  return text.join('\n\n');
}

/** The same text with runs of whitespace collapsed to one space: wrapping does not break a match. */
export async function pdfFlatText(pdf: Buffer | Uint8Array): Promise<string> {
  return (await pdfText(pdf)).replace(/\s+/g, ' ').trim();
}
