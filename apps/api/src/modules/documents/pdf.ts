import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * The one way the API draws a PDF (substitution documents, invoices): A4, Inter embedded as
 * regular and bold so Polish letters render, and fixed metadata so the same input gives the same
 * bytes (no creation date that changes between two runs or a test).
 */

const require = createRequire(import.meta.url);
// Full static TTFs: one file holds Latin and Latin Extended, and Polish needs both.
const FONT_FILES = {
  regular: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  bold: '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
} as const;
export type PdfFont = keyof typeof FONT_FILES;

/** What pdfkit needs of a fontkit font to shape text with it (the rest it reads as it is). */
interface ShapingFont {
  layout(text: string, features?: unknown): unknown;
}
const fontkit = require('fontkit') as { create(data: Buffer): ShapingFont };

/**
 * Figures as every PDF prints them (issue 34): tabular ('tnum'), which Inter sets without its
 * kerning. Its proportional "7" kerns so tightly with a following dot that the dot sits under
 * the 7 and "27.11.2026" reads "2711.2026"; tabular figures keep every figure and dot apart, and
 * line up dates and amounts in columns. pdfkit shapes with the font's defaults unless a call names
 * features, so the font answers with these when none are named.
 */
const FIGURE_FEATURES = ['tnum'];

function withTabularFigures(font: ShapingFont): ShapingFont {
  const layout = font.layout.bind(font);
  font.layout = (text, features) => layout(text, features ?? FIGURE_FEATURES);
  return font;
}

let fontData: Record<PdfFont, ShapingFont> | undefined;
// Read once per process (about 0.6 MB); pdfkit subsets what a document uses.
function fonts(): Record<PdfFont, ShapingFont> {
  fontData ??= {
    regular: withTabularFigures(fontkit.create(readFileSync(require.resolve(FONT_FILES.regular)))),
    bold: withTabularFigures(fontkit.create(readFileSync(require.resolve(FONT_FILES.bold)))),
  };
  return fontData;
}

export const PDF_COLORS = { text: '#111827', muted: '#4b5563', rule: '#9ca3af' } as const;
export const PDF_MARGINS = { top: 64, bottom: 64, left: 64, right: 64 } as const;
const BODY_SIZE = 10.5;
const LINE_GAP = 2.5;

/** A fixed date for the PDF's metadata: a document's own date is printed in its text. */
const FIXED_METADATA_DATE = new Date('2026-01-01T00:00:00Z');

export interface PdfMeta {
  title: string;
  subject?: string;
  author?: string;
  /** BCP 47, e.g. 'pl-PL' */
  lang?: string;
}

export type Pdf = InstanceType<typeof PDFDocument>;

/** A new A4 document with the fonts registered and 'regular' selected. */
export function createPdf(meta: PdfMeta): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { ...PDF_MARGINS },
    pdfVersion: '1.7',
    lang: meta.lang ?? 'pl-PL',
    displayTitle: true,
    autoFirstPage: true,
    info: {
      Title: meta.title,
      ...(meta.subject ? { Subject: meta.subject } : {}),
      Author: meta.author ?? 'Substytut',
      Creator: 'Substytut',
      Producer: 'PDFKit',
      CreationDate: FIXED_METADATA_DATE,
      ModDate: FIXED_METADATA_DATE,
    },
  });
  const data = fonts();
  // pdfkit takes a fontkit font as it takes the file's bytes (anything with a `layout`).
  doc.registerFont('regular', data.regular as unknown as Buffer);
  doc.registerFont('bold', data.bold as unknown as Buffer);
  doc.font('regular').fontSize(BODY_SIZE).fillColor(PDF_COLORS.text);
  return doc;
}

/** Ends the document and resolves with its bytes. */
export function pdfToBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The width between the margins. */
export function contentWidth(doc: Pdf): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

export function heading(
  doc: Pdf,
  text: string,
  options: { size?: number; align?: 'left' | 'center' } = {},
): void {
  doc
    .font('bold')
    .fontSize(options.size ?? 15)
    .fillColor(PDF_COLORS.text)
    .text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc), align: options.align ?? 'left' });
  doc.moveDown(0.5);
  doc.font('regular').fontSize(BODY_SIZE);
}

export function paragraph(
  doc: Pdf,
  text: string,
  options: {
    bold?: boolean;
    muted?: boolean;
    size?: number;
    align?: 'left' | 'center' | 'right' | 'justify';
  } = {},
): void {
  doc
    .font(options.bold ? 'bold' : 'regular')
    .fontSize(options.size ?? BODY_SIZE)
    .fillColor(options.muted ? PDF_COLORS.muted : PDF_COLORS.text)
    .text(text, doc.page.margins.left, doc.y, {
      width: contentWidth(doc),
      align: options.align ?? 'left',
      lineGap: LINE_GAP,
    });
  doc.moveDown(0.5);
  doc.font('regular').fontSize(BODY_SIZE).fillColor(PDF_COLORS.text);
}

/** Label in bold on the left, value beside it; a long value wraps within its column. */
export function labelValue(
  doc: Pdf,
  label: string,
  value: string,
  options: { labelWidth?: number } = {},
): void {
  const left = doc.page.margins.left;
  const labelWidth = options.labelWidth ?? 150;
  const valueWidth = contentWidth(doc) - labelWidth - 8;
  const top = doc.y;
  doc.font('bold').fontSize(BODY_SIZE).fillColor(PDF_COLORS.text);
  const labelHeight = doc.heightOfString(label, { width: labelWidth });
  doc.font('regular');
  const valueHeight = doc.heightOfString(value, { width: valueWidth, lineGap: LINE_GAP });
  if (top + Math.max(labelHeight, valueHeight) > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
  }
  const rowTop = doc.y;
  doc.font('bold').text(label, left, rowTop, { width: labelWidth });
  doc.font('regular').text(value, left + labelWidth + 8, rowTop, { width: valueWidth, lineGap: LINE_GAP });
  doc.x = left;
  doc.y = rowTop + Math.max(labelHeight, valueHeight) + 4;
}

/** A horizontal rule across the content width. */
export function rule(doc: Pdf): void {
  const left = doc.page.margins.left;
  doc.moveDown(0.3);
  doc
    .moveTo(left, doc.y)
    .lineTo(left + contentWidth(doc), doc.y)
    .lineWidth(0.5)
    .strokeColor(PDF_COLORS.rule)
    .stroke();
  doc.moveDown(0.6);
}

/**
 * Dotted signature lines side by side, each with a caption under it (e.g. 'podpis
 * udzielającego'). Kept together on one page.
 */
export function signatureLines(doc: Pdf, captions: string[]): void {
  const left = doc.page.margins.left;
  const gap = 32;
  const width = (contentWidth(doc) - gap * (captions.length - 1)) / Math.max(captions.length, 1);
  const needed = 70;
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const lineY = doc.y + 40;
  captions.forEach((caption, i) => {
    const x = left + i * (width + gap);
    doc
      .moveTo(x, lineY)
      .lineTo(x + width, lineY)
      .dash(1.5, { space: 2 })
      .lineWidth(0.8)
      .strokeColor(PDF_COLORS.text)
      .stroke()
      .undash();
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(PDF_COLORS.muted)
      .text(caption, x, lineY + 4, { width, align: 'center' });
  });
  doc.x = left;
  doc.y = lineY + 24;
  doc.font('regular').fontSize(BODY_SIZE).fillColor(PDF_COLORS.text);
}

/** Answers a PDF download: never cached (it names people), saved under its own name. */
export function sendPdf(
  reply: {
    header(name: string, value: string | number): unknown;
    type(t: string): unknown;
    send(b: Buffer): unknown;
  },
  file: { pdf: Buffer; fileName: string },
) {
  reply.header('cache-control', 'no-store');
  reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
  reply.header('content-length', file.pdf.byteLength);
  reply.type('application/pdf');
  return reply.send(file.pdf);
}
