import { amountsFromNet, parsePlnToGrosze } from '@substytut/shared';
import { create } from 'xmlbuilder2';
import type { Fa3Party } from './fa3.ts';

/**
 * What a person reads on an invoice, taken back from its stored FA(3) XML: the PDF and a later
 * correction show exactly what was issued, never data that changed since.
 */

export interface InvoiceViewLine {
  title: string;
  /** grosze; negative on a correction's difference */
  net: number;
  vat: number;
  gross: number;
  ratePercent: string;
  /** a correction's line as it was before */
  before: boolean;
}

export interface InvoiceView {
  rodzaj: string;
  number: string;
  issueDate: string;
  /** P_6: the day of payment (an advance) or of the service */
  eventDate: string | null;
  seller: Fa3Party;
  buyer: Fa3Party;
  lines: InvoiceViewLine[];
  lineTitle: string;
  net: number;
  vat: number;
  gross: number;
  paidOn: string | null;
  bankAccount: string | null;
  corrected: { number: string; issueDate: string; ksefNumber: string | null; reason: string | null } | null;
  /** the order value of an advance invoice (WartoscZamowienia) */
  orderGross: number | null;
  footer: string | null;
}

type Node = Record<string, unknown>;

const asNode = (value: unknown): Node => (value && typeof value === 'object' ? (value as Node) : {});
const asList = (value: unknown): Node[] =>
  Array.isArray(value) ? value.map(asNode) : value === undefined ? [] : [asNode(value)];
const text = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const node = asNode(value);
  return typeof node['#'] === 'string' ? node['#'] : '';
};
const optionalText = (value: unknown): string | null => (value === undefined ? null : text(value) || null);

/** A TKwotowy ('-432.10') in grosze. */
function grosze(value: unknown): number {
  const raw = text(value);
  const negative = raw.startsWith('-');
  const parsed = parsePlnToGrosze(negative ? raw.slice(1) : raw);
  if (parsed === null) return 0;
  return negative ? -parsed : parsed;
}

function party(value: unknown): Fa3Party {
  const node = asNode(value);
  const id = asNode(node['DaneIdentyfikacyjne']);
  const address = asNode(node['Adres']);
  const line2 = text(address['AdresL2']);
  const [postcode = '', ...city] = line2.split(' ');
  return {
    nip: text(id['NIP']),
    name: text(id['Nazwa']),
    street: text(address['AdresL1']),
    postcode,
    city: city.join(' '),
    email: optionalText(asNode(node['DaneKontaktowe'])['Email']),
  };
}

export function readInvoiceXml(xml: string): InvoiceView {
  const root = asNode(asNode(create(xml).end({ format: 'object' }))['Faktura']);
  const fa = asNode(root['Fa']);
  const invoiceLines = asList(fa['FaWiersz']).map<InvoiceViewLine>((row) => {
    const net = grosze(row['P_11']);
    const rate = text(row['P_12']);
    // FaWiersz carries no VAT of its own (only the totals do): shown as the rate gives it.
    const vat = rate === '23' ? Math.sign(net) * amountsFromNet(Math.abs(net)).vat : 0;
    return {
      title: text(row['P_7']),
      net,
      vat,
      gross: net + vat,
      ratePercent: rate,
      before: row['StanPrzed'] !== undefined,
    };
  });
  const order = asNode(fa['Zamowienie']);
  const orderLines = asList(order['ZamowienieWiersz']).map<InvoiceViewLine>((row) => {
    const net = grosze(row['P_11NettoZ']);
    const vat = grosze(row['P_11VatZ']);
    return {
      title: text(row['P_7Z']),
      net,
      vat,
      gross: net + vat,
      ratePercent: text(row['P_12Z']),
      before: row['StanPrzedZ'] !== undefined,
    };
  });
  const lines = invoiceLines.length > 0 ? invoiceLines : orderLines;
  const payment = asNode(fa['Platnosc']);
  const correctedRef =
    fa['DaneFaKorygowanej'] === undefined ? null : (asList(fa['DaneFaKorygowanej'])[0] ?? null);
  const stopka = asNode(root['Stopka']);
  return {
    rodzaj: text(fa['RodzajFaktury']),
    number: text(fa['P_2']),
    issueDate: text(fa['P_1']),
    eventDate: optionalText(fa['P_6']),
    seller: party(root['Podmiot1']),
    buyer: party(root['Podmiot2']),
    lines,
    lineTitle: lines.find((l) => !l.before)?.title ?? lines[0]?.title ?? '',
    net: grosze(fa['P_13_1']),
    vat: grosze(fa['P_14_1']),
    gross: grosze(fa['P_15']),
    paidOn: optionalText(payment['DataZaplaty']),
    bankAccount: optionalText(asList(payment['RachunekBankowy'])[0]?.['NrRB']),
    corrected: correctedRef
      ? {
          number: text(correctedRef['NrFaKorygowanej']),
          issueDate: text(correctedRef['DataWystFaKorygowanej']),
          ksefNumber: optionalText(correctedRef['NrKSeFFaKorygowanej']),
          reason: optionalText(fa['PrzyczynaKorekty']),
        }
      : null,
    orderGross: order['WartoscZamowienia'] === undefined ? null : grosze(order['WartoscZamowienia']),
    footer: optionalText(asList(stopka['Informacje'])[0]?.['StopkaFaktury']),
  };
}
