import {
  formatDate,
  formatPln,
  POWER_OF_ATTORNEY_STAMP_DUTY_GROSZE,
  professionalTypeLabel,
  substitutionDocumentKind,
  warsawDateTimeParts,
  type SubstitutionDocumentKind,
} from '@substytut/shared';
import {
  createPdf,
  heading,
  labelValue,
  paragraph,
  pdfToBuffer,
  rule,
  signatureLines,
  type Pdf,
} from './pdf.ts';

/**
 * The substitution document of a paid offer (issue 24, decision 021), always in Polish: a
 * "pełnomocnictwo substytucyjne" for an advocate or a legal counsel, an "upoważnienie" for a
 * trainee. Whatever the parties did not give is a dotted line to fill in by hand, so the document
 * is always complete enough to print and sign.
 */

export interface SubstitutionDocumentInput {
  /** The lawyer who took the offer. */
  substitute: { name: string; professionalType: string; licenseNo: string };
  /** The client, when they said in step 2 that they are the lawyer granting it. */
  grantor: { name: string; professionalType: string; licenseNo: string; officeAddress: string } | null;
  hearing: {
    courtName: string | null;
    /** the court's seat: the municipality the stamp duty is paid to */
    courtCity: string | null;
    division: string | null;
    caseNumber: string | null;
    startsAt: Date | null;
    party: string | null;
  } | null;
  /** Place and day of issue; null each when unknown (a line to fill in). */
  issued: { place: string | null; on: Date | null };
  /** The offer's number, printed small so a printout can be traced back. */
  offerId: number;
}

/** A run of dots to write on, long enough for a name or a date by hand. */
export const BLANK = '…………………………………';
const SHORT_BLANK = '……………';

const orBlank = (value: string | null | undefined, blank = BLANK): string =>
  value && value.trim() !== '' ? value : blank;

// Warsaw wall time whatever the server's zone: a hearing at 9:00 is at 9:00 in court.
const day = (instant: Date | null): string => (instant ? formatDate(instant) : SHORT_BLANK);
const hour = (instant: Date | null): string => (instant ? warsawDateTimeParts(instant).time : SHORT_BLANK);

const TITLES: Record<SubstitutionDocumentKind, string> = {
  substitution: 'Pełnomocnictwo substytucyjne',
  authorisation: 'Upoważnienie',
};

/** The file name a download carries. */
export function substitutionDocumentFileName(kind: SubstitutionDocumentKind, offerId: number): string {
  return `${kind === 'substitution' ? 'pelnomocnictwo-substytucyjne' : 'upowazenie'}-${offerId}.pdf`;
}

/** The legal basis, by the substitute's professional type. */
function legalBasis(substituteType: string): string {
  switch (substituteType) {
    case 'aplikant-adwokacki':
      return 'art. 77 ustawy z dnia 26 maja 1982 r. – Prawo o adwokaturze';
    case 'aplikant-radcowski':
      return 'art. 35¹ ustawy z dnia 6 lipca 1982 r. o radcach prawnych';
    default:
      return 'art. 91 pkt 3 ustawy z dnia 17 listopada 1964 r. – Kodeks postępowania cywilnego';
  }
}

function stampDutyNote(kind: SubstitutionDocumentKind, courtCity: string | null): string {
  if (kind === 'authorisation') {
    return 'Opłata skarbowa: nie dotyczy. Upoważnienie aplikanta nie jest pełnomocnictwem, więc od jego złożenia opłata skarbowa nie jest należna.';
  }
  const amount = formatPln(POWER_OF_ATTORNEY_STAMP_DUTY_GROSZE, 'pl');
  // The town in brackets: a municipality's name would need its genitive, which no list here holds.
  const payee = `urzędu gminy (miasta), w której siedzibę ma sąd${courtCity ? ` (${courtCity})` : ''}`;
  return `Opłata skarbowa: ${amount} za złożenie dokumentu stwierdzającego udzielenie pełnomocnictwa (ustawa z dnia 16 listopada 2006 r. o opłacie skarbowej). Wpłać ją na rachunek ${payee}, a pełnomocnictwo złóż w sądzie wraz z dowodem zapłaty.`;
}

function sectionTitle(doc: Pdf, text: string): void {
  doc.moveDown(0.4);
  paragraph(doc, text, { bold: true, size: 11 });
}

/** The document as a PDF; null when the substitute's professional type names no document. */
export async function renderSubstitutionDocument(input: SubstitutionDocumentInput): Promise<Buffer | null> {
  const kind = substitutionDocumentKind(input.substitute.professionalType);
  if (!kind) return null;
  const { grantor, hearing, substitute } = input;
  const title = TITLES[kind];
  const doc = createPdf({ title, subject: `Zlecenie nr ${input.offerId}`, lang: 'pl-PL' });

  // Place and date of issue, top right as on any Polish letter.
  paragraph(doc, `${orBlank(input.issued.place)}, dnia ${day(input.issued.on)} r.`, { align: 'right' });
  doc.moveDown(0.6);
  heading(doc, title.toUpperCase(), { size: 16, align: 'center' });

  const grantorType = grantor ? professionalTypeLabel(grantor.professionalType) : null;
  sectionTitle(doc, kind === 'substitution' ? 'Udzielający substytucji' : 'Upoważniający');
  labelValue(doc, 'Imię i nazwisko', orBlank(grantor?.name));
  labelValue(doc, 'Zawód', orBlank(grantorType, 'adwokat / radca prawny*'));
  labelValue(doc, 'Numer wpisu na listę', orBlank(grantor?.licenseNo));
  labelValue(doc, 'Adres kancelarii', orBlank(grantor?.officeAddress));

  sectionTitle(doc, kind === 'substitution' ? 'Substytut' : 'Upoważniony aplikant');
  labelValue(doc, 'Imię i nazwisko', orBlank(substitute.name));
  labelValue(doc, 'Zawód', orBlank(professionalTypeLabel(substitute.professionalType)));
  labelValue(doc, 'Numer wpisu na listę', orBlank(substitute.licenseNo));

  sectionTitle(doc, 'Sprawa');
  labelValue(doc, 'Sąd', orBlank(hearing?.courtName));
  labelValue(doc, 'Wydział', orBlank(hearing?.division));
  labelValue(doc, 'Sygnatura akt', orBlank(hearing?.caseNumber));
  labelValue(doc, 'Strona reprezentowana', orBlank(hearing?.party));
  const starts = hearing?.startsAt ?? null;
  labelValue(doc, 'Termin rozprawy', `${day(starts)} r., godz. ${hour(starts)}`);

  doc.moveDown(0.6);
  const scope = `na rozprawie (posiedzeniu) wyznaczonej na dzień ${day(starts)} r., godz. ${hour(starts)}, w sprawie wskazanej powyżej`;
  paragraph(
    doc,
    kind === 'substitution'
      ? `Działając jako pełnomocnik procesowy strony reprezentowanej, na podstawie ${legalBasis(substitute.professionalType)}, udzielam substytutowi dalszego pełnomocnictwa procesowego (substytucji) do zastępowania mnie ${scope}, z umocowaniem do dokonywania wszystkich czynności procesowych na tej rozprawie.`
      : `Działając jako pełnomocnik procesowy strony reprezentowanej, na podstawie ${legalBasis(substitute.professionalType)}, upoważniam aplikanta do zastępowania mnie ${scope}, z umocowaniem do dokonywania wszystkich czynności procesowych na tej rozprawie.`,
    { align: 'justify' },
  );
  paragraph(
    doc,
    kind === 'substitution'
      ? 'Substytucja obejmuje wyłącznie wskazaną rozprawę (posiedzenie).'
      : 'Upoważnienie obejmuje wyłącznie wskazaną rozprawę (posiedzenie).',
  );

  signatureLines(
    doc,
    kind === 'substitution'
      ? ['podpis udzielającego substytucji', 'podpis substytuta (przyjęcie substytucji)']
      : ['podpis upoważniającego', 'podpis aplikanta'],
  );

  rule(doc);
  paragraph(doc, stampDutyNote(kind, hearing?.courtCity ?? null), { size: 9 });
  const footnotes = [
    ...(grantorType ? [] : ['* niepotrzebne skreślić.']),
    `Dokument przygotowany w serwisie Substytut do zlecenia nr ${input.offerId} z danych podanych przez strony. Puste pola (wykropkowane) uzupełnij odręcznie przed podpisaniem.`,
  ];
  doc.moveDown(0.2);
  for (const note of footnotes) paragraph(doc, note, { size: 8, muted: true });
  return pdfToBuffer(doc);
}
