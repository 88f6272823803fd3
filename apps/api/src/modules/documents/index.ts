// The face of documents: the PDF toolkit (invoices, the substitution document) and sending a PDF.
export {
  contentWidth,
  createPdf,
  heading,
  paragraph,
  pdfToBuffer,
  PDF_COLORS,
  rule,
  sendPdf,
  type Pdf,
  type PdfMeta,
} from './pdf.ts';
export {
  renderSubstitutionDocument,
  substitutionDocumentFileName,
  type SubstitutionDocumentInput,
} from './substitution-document.ts';
