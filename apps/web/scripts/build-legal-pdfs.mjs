#!/usr/bin/env node
// Renders the legal documents (apps/web/legal/*.md) into the PDFs served under /legal/.
// Usage: node scripts/build-legal-pdfs.mjs [--out <dir>]   (default: public/legal)
//
// The output is byte-for-byte reproducible (fixed dates, no random IDs), so a test can rebuild
// the PDFs into a temporary folder and compare them with the committed files.
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const here = dirname(fileURLToPath(import.meta.url));
const webRoot = resolve(here, '..');
const legalDir = join(webRoot, 'legal');
const operatorFile = resolve(webRoot, '../../packages/shared/src/operator.json');
const require = createRequire(import.meta.url);

// Full static TTFs: the fontsource files split Latin and Latin Extended into separate subsets,
// and Polish needs both in one font.
const interDir = dirname(require.resolve('@expo-google-fonts/inter/package.json'));
const FONTS = {
  regular: join(interDir, '400Regular/Inter_400Regular.ttf'),
  semibold: join(interDir, '600SemiBold/Inter_600SemiBold.ttf'),
  bold: join(interDir, '700Bold/Inter_700Bold.ttf'),
};

export const SOURCES = [
  'regulamin.pl.md',
  'terms.en.md',
  'polityka-prywatnosci.pl.md',
  'privacy-policy.en.md',
];

const UI = {
  pl: {
    page: (n, total) => `Strona ${n} z ${total}`,
    keywords: 'Substytut, regulamin, RODO, zastępstwa procesowe',
  },
  en: {
    page: (n, total) => `Page ${n} of ${total}`,
    keywords: 'Substytut, terms, GDPR, court substitutions',
  },
};

const COLORS = { text: '#1f2937', muted: '#6b7280', accent: '#1e3a8a', rule: '#d1d5db' };
const PAGE = { size: 'A4', margins: { top: 76, bottom: 78, left: 62, right: 62 } };
const BODY_SIZE = 9.6;
const LINE_GAP = 2.2;

export function loadOperator() {
  return JSON.parse(readFileSync(operatorFile, 'utf8'));
}

function operatorValues(operator, lang) {
  const pick = (value) => (typeof value === 'string' ? value : value[lang]);
  return {
    name: operator.name,
    address: `${operator.street}, ${operator.postcode} ${pick(operator.city)}`,
    email: operator.email,
    website: operator.website,
    krs: operator.krs,
    nip: operator.nip,
    regon: operator.regon,
    shareCapital: pick(operator.shareCapital),
    registryCourt: pick(operator.registryCourt),
  };
}

function fillPlaceholders(text, values, where) {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key) => {
    if (!(key in values)) throw new Error(`${where}: unknown placeholder {{${key}}}`);
    return values[key];
  });
}

/**
 * Parses the small Markdown subset the legal sources use: a front-matter block, `## ` section
 * headings, `N. ` numbered paragraphs, `- ` bullets, indented `- ` or `a) ` sub-items, plain
 * paragraphs and `**bold**` inline. Anything else is a mistake in the source, so it throws.
 */
export function parseLegalSource(source, fileName, operator) {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!match) throw new Error(`${fileName}: missing front matter`);
  const meta = {};
  for (const line of match[1].split('\n')) {
    const pair = /^(\w+):\s*(.+)$/.exec(line);
    if (!pair) throw new Error(`${fileName}: bad front-matter line "${line}"`);
    meta[pair[1]] = pair[2].trim();
  }
  for (const key of ['title', 'subject', 'lang', 'date', 'dateLabel', 'file']) {
    if (!meta[key]) throw new Error(`${fileName}: front matter lacks "${key}"`);
  }
  meta.language = meta.lang.slice(0, 2);
  if (!(meta.language in UI)) throw new Error(`${fileName}: unsupported language ${meta.lang}`);

  const values = operatorValues(operator, meta.language);
  const body = fillPlaceholders(source.slice(match[0].length), values, fileName);
  if (meta.note) meta.note = fillPlaceholders(meta.note, values, fileName);

  const blocks = [];
  for (const raw of body.split('\n')) {
    if (raw.trim() === '') continue;
    let m;
    if ((m = /^## (.+)$/.exec(raw))) blocks.push({ type: 'heading', text: m[1].trim() });
    else if (raw.startsWith('#')) throw new Error(`${fileName}: only "## " headings are allowed`);
    else if ((m = /^(\d+)\. (.+)$/.exec(raw))) blocks.push({ type: 'item', label: `${m[1]}.`, text: m[2] });
    else if ((m = /^- (.+)$/.exec(raw))) blocks.push({ type: 'item', label: '•', text: m[1] });
    else if ((m = /^\s+(?:([a-z])\)|-) (.+)$/.exec(raw)))
      blocks.push({ type: 'subitem', label: m[1] ? `${m[1]})` : '•', text: m[2] });
    else if (/^\s/.test(raw)) throw new Error(`${fileName}: unexpected indented line "${raw.trim()}"`);
    else blocks.push({ type: 'paragraph', text: raw.trim() });
  }
  return { meta, blocks, operator: values };
}

const NBSP = '\u00a0';
const GLUE_AFTER = /(^|[\s(])([a-zA-Z]|lit\.|art\.|ust\.|pkt|§|nr|No\.) (?=\S)/g;
const GLUE_NUMBER = /(\d) (?=\d|zł|dni|lat|r\.|days|years)/g;

/**
 * Polish typesetting rule: a one-letter word, a "§"/"art." marker or a number never ends a line
 * apart from what follows it, so those spaces become non-breaking.
 */
export function glue(text) {
  let previous;
  let current = text;
  do {
    previous = current;
    current = current.replace(GLUE_AFTER, `$1$2${NBSP}`).replace(GLUE_NUMBER, `$1${NBSP}`);
  } while (current !== previous);
  return current;
}

const EMAIL = /[\w.+-]+@[\w-]+\.[\w.]+\w/g;

/** Splits text into runs: `**bold**` spans and e-mail addresses (made into mailto links). */
function toRuns(text) {
  const runs = [];
  const parts = glue(text).split(/(\*\*[^*]+\*\*)/);
  for (const part of parts) {
    if (part === '') continue;
    if (part.startsWith('**') && part.endsWith('**')) {
      runs.push({ text: part.slice(2, -2), bold: true });
      continue;
    }
    let last = 0;
    for (const found of part.matchAll(EMAIL)) {
      if (found.index > last) runs.push({ text: part.slice(last, found.index) });
      runs.push({ text: found[0], link: `mailto:${found[0]}` });
      last = found.index + found[0].length;
    }
    if (last < part.length) runs.push({ text: part.slice(last) });
  }
  if (runs.some((run) => run.text.includes('*'))) throw new Error(`Unbalanced ** in "${text}"`);
  // pdfkit may break a line between two runs. Punctuation that follows a run (the ")" after a
  // bold term) moves onto that run so it can never start a line; a space that starts a run moves
  // back too, so it is never lost at a line start.
  for (let i = 1; i < runs.length; i += 1) {
    const run = runs[i];
    const previous = runs[i - 1];
    if (!run || !previous) continue;
    const lead = /^[).,;:]*\s?/.exec(run.text)?.[0] ?? '';
    if (lead !== '') {
      previous.text += lead;
      run.text = run.text.slice(lead.length);
    }
  }
  return runs.filter((run) => run.text !== '');
}

function writeRuns(doc, runs, x, y, width) {
  runs.forEach((run, index) => {
    const last = index === runs.length - 1;
    doc.font(run.bold ? 'semibold' : 'regular').fillColor(run.link ? COLORS.accent : COLORS.text);
    const options = {
      width,
      align: 'left',
      lineGap: LINE_GAP,
      continued: !last,
      link: run.link ?? null,
      underline: false,
    };
    if (index === 0) doc.text(run.text, x, y, options);
    else doc.text(run.text, options);
  });
}

function plainText(runs) {
  return runs.map((run) => run.text).join('');
}

/** Starts a new page when fewer than `needed` points are left, so blocks never start orphaned. */
function ensureSpace(doc, needed) {
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function renderTitle(doc, parsed) {
  const { meta, operator } = parsed;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc
    .font('bold')
    .fontSize(21)
    .fillColor(COLORS.accent)
    .text(meta.title, left, doc.page.margins.top, { width });
  doc.moveDown(0.25);
  doc
    .font('regular')
    .fontSize(10.5)
    .fillColor(COLORS.muted)
    .text(`${meta.dateLabel}: ${meta.date}`, { width });
  doc.moveDown(0.6);
  const boxTop = doc.y;
  const lines = [
    operator.name,
    operator.address,
    `KRS ${operator.krs} · NIP ${operator.nip} · REGON ${operator.regon}`,
    operator.email,
  ];
  doc.font('regular').fontSize(8.8).fillColor(COLORS.text);
  const boxHeight = lines.length * doc.currentLineHeight(true) + 16;
  doc.save().roundedRect(left, boxTop, width, boxHeight, 4).fillAndStroke('#f3f4f6', COLORS.rule).restore();
  doc.fillColor(COLORS.text);
  lines.forEach((line, index) => {
    doc
      .font(index === 0 ? 'semibold' : 'regular')
      .text(line, left + 12, boxTop + 8 + index * doc.currentLineHeight(true), {
        width: width - 24,
        lineBreak: false,
      });
  });
  doc.y = boxTop + boxHeight + 12;
  if (meta.note) {
    doc
      .font('regular')
      .fontSize(8.8)
      .fillColor(COLORS.muted)
      .text(meta.note, left, doc.y, { width, oblique: true });
    doc.moveDown(0.6);
  }
}

function renderBlocks(doc, parsed) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const itemIndent = 20;
  const subIndent = 16;
  doc.fontSize(BODY_SIZE);

  parsed.blocks.forEach((block, index) => {
    const runs = toRuns(block.text);
    if (block.type === 'heading') {
      // Keep a heading together with at least the first lines of its text.
      const next = parsed.blocks[index + 1];
      doc.font('regular').fontSize(BODY_SIZE);
      const nextHeight = next ? Math.min(doc.heightOfString(next.text, { width, lineGap: LINE_GAP }), 40) : 0;
      doc.moveDown(0.7);
      ensureSpace(doc, 30 + nextHeight);
      doc.outline.addItem(block.text);
      doc.font('bold').fontSize(11.5).fillColor(COLORS.accent).text(block.text, left, doc.y, { width });
      doc.moveDown(0.35);
      doc.fontSize(BODY_SIZE);
      return;
    }

    const indent = block.type === 'subitem' ? itemIndent : 0;
    const labelWidth = block.type === 'paragraph' ? 0 : block.type === 'subitem' ? subIndent : itemIndent;
    const textX = left + indent + labelWidth;
    const textWidth = width - indent - labelWidth;
    doc.font('regular').fontSize(BODY_SIZE);
    ensureSpace(doc, doc.currentLineHeight(true) * 2);
    const y = doc.y;
    if (labelWidth > 0) {
      doc
        .font('regular')
        .fillColor(COLORS.text)
        .text(block.label, left + indent, y, { width: labelWidth, lineBreak: false });
    }
    writeRuns(doc, runs, textX, y, textWidth);
    doc.moveDown(block.type === 'subitem' ? 0.2 : 0.4);
    if (plainText(runs).trim() === '') throw new Error('Empty block');
  });
}

/** Draws the running header and footer on every buffered page once the page count is known. */
function renderPageFurniture(doc, parsed) {
  const { meta, operator } = parsed;
  const range = doc.bufferedPageRange();
  const ui = UI[meta.language];
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const { left, right, bottom } = doc.page.margins;
    const width = doc.page.width - left - right;
    // Writing inside the bottom margin would otherwise make pdfkit open a new page.
    doc.page.margins.bottom = 0;

    doc
      .font('bold')
      .fontSize(9)
      .fillColor(COLORS.accent)
      .text('Substytut', left, 36, { width, lineBreak: false });
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text(`${meta.title} · ${meta.date}`, left, 37, { width, align: 'right', lineBreak: false });
    doc
      .save()
      .moveTo(left, 52)
      .lineTo(left + width, 52)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke()
      .restore();

    const footerTop = doc.page.height - 56;
    doc
      .save()
      .moveTo(left, footerTop - 8)
      .lineTo(left + width, footerTop - 8)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke()
      .restore();
    doc.font('regular').fontSize(7.3).fillColor(COLORS.muted);
    doc.text(`${operator.name}, ${operator.address} · ${operator.email}`, left, footerTop, {
      width: width - 70,
      lineBreak: false,
    });
    doc.text(`KRS ${operator.krs} · NIP ${operator.nip} · REGON ${operator.regon}`, left, footerTop + 10, {
      width: width - 70,
      lineBreak: false,
    });
    doc.text(ui.page(i - range.start + 1, range.count), left, footerTop + 5, {
      width,
      align: 'right',
      lineBreak: false,
    });

    doc.page.margins.bottom = bottom;
  }
}

export function renderPdf(parsed, outPath) {
  const { meta } = parsed;
  const [day, month, year] = meta.date.split('.');
  // Fixed timestamps keep the output reproducible; the document date is what matters here.
  const documentDate = new Date(`${year}-${month}-${day}T00:00:00Z`);
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: PAGE.margins,
    bufferPages: true,
    pdfVersion: '1.7',
    lang: meta.lang,
    displayTitle: true,
    autoFirstPage: true,
    info: {
      Title: meta.title,
      Author: parsed.operator.name,
      Subject: meta.subject,
      Keywords: UI[meta.language].keywords,
      Creator: 'Substytut (scripts/build-legal-pdfs.mjs)',
      Producer: 'PDFKit',
      CreationDate: documentDate,
      ModDate: documentDate,
    },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('semibold', FONTS.semibold);
  doc.registerFont('bold', FONTS.bold);

  const done = new Promise((resolvePromise, reject) => {
    const stream = createWriteStream(outPath);
    stream.on('finish', resolvePromise);
    stream.on('error', reject);
    doc.pipe(stream);
  });

  renderTitle(doc, parsed);
  renderBlocks(doc, parsed);
  renderPageFurniture(doc, parsed);
  doc.end();
  return done;
}

export async function buildLegalPdfs(outDir) {
  mkdirSync(outDir, { recursive: true });
  const operator = loadOperator();
  const written = [];
  for (const fileName of SOURCES) {
    const parsed = parseLegalSource(readFileSync(join(legalDir, fileName), 'utf8'), fileName, operator);
    const outPath = join(outDir, parsed.meta.file);
    await renderPdf(parsed, outPath);
    written.push(outPath);
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outFlag = process.argv.indexOf('--out');
  const outDir =
    outFlag > -1 && process.argv[outFlag + 1]
      ? resolve(process.argv[outFlag + 1])
      : join(webRoot, 'public/legal');
  const written = await buildLegalPdfs(outDir);
  for (const path of written) console.log(`wrote ${path}`);
}
