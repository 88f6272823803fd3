import data from './operator.json';

/**
 * The company that runs the service. The web footer and structured data, the e-mails' footer and
 * the legal PDFs (apps/web/scripts/build-legal-pdfs.mjs reads operator.json itself) all name it
 * from this one file.
 */
export const OPERATOR = data;
