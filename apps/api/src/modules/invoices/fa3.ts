import { createHash } from 'node:crypto';
import { groszeToDecimalString, VAT_RATE_PERCENT, type InvoiceAmounts } from '@substytut/shared';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';

/**
 * The FA(3) e-invoice (schema http://crd.gov.pl/wzor/2025/06/25/13775/, shipped unmodified in
 * ./xsd). Element order follows the XSD's sequences exactly; fa3.test.ts validates every kind
 * against it. What each kind carries is decided in docs/decisions/022-invoices-advance-and-settlement.md.
 */

export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';

export interface Fa3Party {
  nip: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
  email?: string | null;
}

export interface Fa3Line {
  /** P_7: what was sold */
  title: string;
  amounts: InvoiceAmounts;
}

/** An invoice this one refers to (the advance a settlement accounts for, the one a KOR corrects). */
export interface Fa3Reference {
  number: string;
  issueDate: string;
  ksefNumber: string | null;
}

interface Fa3Common {
  number: string;
  /** P_1, the Warsaw calendar day of issue */
  issueDate: string;
  /** DataWytworzeniaFa */
  createdAt: Date;
  seller: Fa3Party;
  buyer: Fa3Party;
  /** P_1M */
  place?: string | null;
  /** the seller's account for the record (Platnosc/RachunekBankowy), 'PL' + 26 digits */
  bankAccount?: string | null;
  /** Stopka/Rejestry of a company seller (the operator) */
  registry?: { fullName: string; krs: string; regon: string } | null;
  /** Stopka/Informacje: a free line, e.g. the offer's reference */
  footer?: string | null;
}

/** ZAL: the whole price received before the service (art. 106b ust. 1 pkt 4, art. 106f). */
export interface Fa3Advance extends Fa3Common {
  kind: 'ZAL';
  /** the day the money was received (P_6 when it differs from P_1) */
  paidOn: string;
  /** the order the advance is for (Zamowienie): here the whole offer */
  order: Fa3Line;
  /** what this invoice documents: the payment received */
  amounts: InvoiceAmounts;
}

/** ROZ: after the service, the rest above the advances (art. 106f ust. 3). */
export interface Fa3Settlement extends Fa3Common {
  kind: 'ROZ';
  /** P_6: the day the service was completed */
  completedOn: string;
  line: Fa3Line;
  advances: Fa3Reference[];
  /** the total less the advances */
  amounts: InvoiceAmounts;
}

/** VAT: an ordinary invoice (the platform's fee to the lawyer). */
export interface Fa3Basic extends Fa3Common {
  kind: 'VAT';
  /** P_6: the day the service was completed */
  completedOn: string;
  line: Fa3Line;
  /** paid already (set off against the payout): Platnosc/Zaplacono */
  paidOn: string | null;
}

/** KOR / KOR_ZAL: a correction after a refund (art. 106j ust. 1 pkt 3 for an advance). */
export interface Fa3Correction extends Fa3Common {
  kind: 'KOR';
  corrected: Fa3Reference & { kind: 'ZAL' | 'VAT' };
  reason: string;
  /** the corrected invoice's line before and after the correction */
  before: Fa3Line;
  after: Fa3Line;
}

export type Fa3Invoice = Fa3Advance | Fa3Settlement | Fa3Basic | Fa3Correction;

const amount = (grosze: number): string => groszeToDecimalString(grosze);

/** TDataCzas allows no fraction of a second beyond what KSeF shows; whole seconds, UTC. */
const dateTime = (date: Date): string => `${date.toISOString().slice(0, 19)}Z`;

function party(parent: XMLBuilder, name: 'Podmiot1' | 'Podmiot2', p: Fa3Party): void {
  const node = parent.ele(name);
  const id = node.ele('DaneIdentyfikacyjne');
  // A buyer without a NIP (a private person) is marked as having no tax identifier.
  if (p.nip || name === 'Podmiot1') id.ele('NIP').txt(p.nip);
  else id.ele('BrakID').txt('1');
  id.ele('Nazwa').txt(p.name);
  const address = node.ele('Adres');
  address.ele('KodKraju').txt('PL');
  address.ele('AdresL1').txt(p.street);
  address.ele('AdresL2').txt(`${p.postcode} ${p.city}`);
  if (p.email) node.ele('DaneKontaktowe').ele('Email').txt(p.email);
  if (name === 'Podmiot2') {
    // Not a subordinate unit of local government (JST) nor a member of a VAT group (GV): 2 = no.
    node.ele('JST').txt('2');
    node.ele('GV').txt('2');
  }
}

function totals(fa: XMLBuilder, amounts: InvoiceAmounts): void {
  // Legal services are taxed at the basic rate (23 %); no exemption (art. 113 ust. 13 pkt 2 lit. a).
  fa.ele('P_13_1').txt(amount(amounts.net));
  fa.ele('P_14_1').txt(amount(amounts.vat));
  fa.ele('P_15').txt(amount(amounts.gross));
}

function annotations(fa: XMLBuilder): void {
  const a = fa.ele('Adnotacje');
  a.ele('P_16').txt('2'); // no cash accounting
  a.ele('P_17').txt('2'); // not self-billing
  a.ele('P_18').txt('2'); // no reverse charge
  a.ele('P_18A').txt('2'); // no mandatory split payment (legal services are not in annex 15)
  a.ele('Zwolnienie').ele('P_19N').txt('1');
  a.ele('NoweSrodkiTransportu').ele('P_22N').txt('1');
  a.ele('P_23').txt('2');
  a.ele('PMarzy').ele('P_PMarzyN').txt('1');
}

function invoiceLine(fa: XMLBuilder, index: number, line: Fa3Line, options: { before?: boolean } = {}): void {
  const row = fa.ele('FaWiersz');
  row.ele('NrWierszaFa').txt(String(index));
  row.ele('P_7').txt(line.title);
  row.ele('P_8A').txt('usł.');
  row.ele('P_8B').txt('1');
  row.ele('P_9A').txt(amount(line.amounts.net));
  row.ele('P_11').txt(amount(line.amounts.net));
  row.ele('P_12').txt(String(VAT_RATE_PERCENT));
  if (options.before) row.ele('StanPrzed').txt('1');
}

function orderLine(
  order: XMLBuilder,
  index: number,
  line: Fa3Line,
  options: { before?: boolean } = {},
): void {
  const row = order.ele('ZamowienieWiersz');
  row.ele('NrWierszaZam').txt(String(index));
  row.ele('P_7Z').txt(line.title);
  row.ele('P_8AZ').txt('usł.');
  row.ele('P_8BZ').txt('1');
  row.ele('P_9AZ').txt(amount(line.amounts.net));
  row.ele('P_11NettoZ').txt(amount(line.amounts.net));
  row.ele('P_11VatZ').txt(amount(line.amounts.vat));
  row.ele('P_12Z').txt(String(VAT_RATE_PERCENT));
  if (options.before) row.ele('StanPrzedZ').txt('1');
}

function paid(fa: XMLBuilder, on: string, bankAccount: string | null | undefined): void {
  const p = fa.ele('Platnosc');
  p.ele('Zaplacono').txt('1');
  p.ele('DataZaplaty').txt(on);
  if (bankAccount) p.ele('RachunekBankowy').ele('NrRB').txt(bankAccount.replace(/^PL/, ''));
}

function footer(root: XMLBuilder, invoice: Fa3Common): void {
  if (!invoice.footer && !invoice.registry) return;
  const stopka = root.ele('Stopka');
  if (invoice.footer) stopka.ele('Informacje').ele('StopkaFaktury').txt(invoice.footer);
  if (invoice.registry) {
    const r = stopka.ele('Rejestry');
    r.ele('PelnaNazwa').txt(invoice.registry.fullName);
    r.ele('KRS').txt(invoice.registry.krs);
    r.ele('REGON').txt(invoice.registry.regon);
  }
}

/** The RodzajFaktury a stored kind becomes: a correction of an advance invoice is KOR_ZAL. */
export function rodzajFaktury(invoice: Fa3Invoice): string {
  if (invoice.kind === 'KOR') return invoice.corrected.kind === 'ZAL' ? 'KOR_ZAL' : 'KOR';
  return invoice.kind;
}

/** The FA(3) XML text of an invoice, UTF-8, ready to be hashed, stored and sent as it is. */
export function buildFa3Xml(invoice: Fa3Invoice): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(FA3_NAMESPACE, 'Faktura');
  const header = root.ele('Naglowek');
  header.ele('KodFormularza', { kodSystemowy: 'FA (3)', wersjaSchemy: '1-0E' }).txt('FA');
  header.ele('WariantFormularza').txt('3');
  header.ele('DataWytworzeniaFa').txt(dateTime(invoice.createdAt));
  header.ele('SystemInfo').txt('Substytut');
  party(root, 'Podmiot1', invoice.seller);
  party(root, 'Podmiot2', invoice.buyer);

  const fa = root.ele('Fa');
  fa.ele('KodWaluty').txt('PLN');
  fa.ele('P_1').txt(invoice.issueDate);
  if (invoice.place) fa.ele('P_1M').txt(invoice.place);
  fa.ele('P_2').txt(invoice.number);

  switch (invoice.kind) {
    case 'ZAL': {
      // P_6 of an advance is the day the money came in, given only when it differs from P_1.
      if (invoice.paidOn !== invoice.issueDate) fa.ele('P_6').txt(invoice.paidOn);
      totals(fa, invoice.amounts);
      annotations(fa);
      fa.ele('RodzajFaktury').txt('ZAL');
      paid(fa, invoice.paidOn, invoice.bankAccount);
      const order = fa.ele('Zamowienie');
      order.ele('WartoscZamowienia').txt(amount(invoice.order.amounts.gross));
      orderLine(order, 1, invoice.order);
      break;
    }
    case 'ROZ': {
      fa.ele('P_6').txt(invoice.completedOn);
      totals(fa, invoice.amounts);
      annotations(fa);
      fa.ele('RodzajFaktury').txt('ROZ');
      for (const advance of invoice.advances) {
        const ref = fa.ele('FakturaZaliczkowa');
        if (advance.ksefNumber) ref.ele('NrKSeFFaZaliczkowej').txt(advance.ksefNumber);
        else {
          ref.ele('NrKSeFZN').txt('1');
          ref.ele('NrFaZaliczkowej').txt(advance.number);
        }
      }
      invoiceLine(fa, 1, invoice.line);
      break;
    }
    case 'VAT': {
      fa.ele('P_6').txt(invoice.completedOn);
      totals(fa, invoice.line.amounts);
      annotations(fa);
      fa.ele('RodzajFaktury').txt('VAT');
      invoiceLine(fa, 1, invoice.line);
      if (invoice.paidOn) paid(fa, invoice.paidOn, invoice.bankAccount);
      break;
    }
    case 'KOR': {
      const difference: InvoiceAmounts = {
        net: invoice.after.amounts.net - invoice.before.amounts.net,
        vat: invoice.after.amounts.vat - invoice.before.amounts.vat,
        gross: invoice.after.amounts.gross - invoice.before.amounts.gross,
      };
      totals(fa, difference);
      annotations(fa);
      fa.ele('RodzajFaktury').txt(rodzajFaktury(invoice));
      fa.ele('PrzyczynaKorekty').txt(invoice.reason);
      // A refund lowers the tax base in the period of the correction (art. 29a ust. 13).
      fa.ele('TypKorekty').txt('2');
      const ref = fa.ele('DaneFaKorygowanej');
      ref.ele('DataWystFaKorygowanej').txt(invoice.corrected.issueDate);
      ref.ele('NrFaKorygowanej').txt(invoice.corrected.number);
      if (invoice.corrected.ksefNumber) {
        ref.ele('NrKSeF').txt('1');
        ref.ele('NrKSeFFaKorygowanej').txt(invoice.corrected.ksefNumber);
      } else {
        ref.ele('NrKSeFN').txt('1');
      }
      if (invoice.corrected.kind === 'ZAL') {
        // The advance's amount before the correction; its order lines before and after.
        fa.ele('P_15ZK').txt(amount(invoice.before.amounts.gross));
        const order = fa.ele('Zamowienie');
        order.ele('WartoscZamowienia').txt(amount(invoice.after.amounts.gross));
        orderLine(order, 1, invoice.before, { before: true });
        orderLine(order, 2, invoice.after);
      } else {
        invoiceLine(fa, 1, invoice.before, { before: true });
        invoiceLine(fa, 2, invoice.after);
      }
      break;
    }
  }
  footer(root, invoice);
  return root.end({ prettyPrint: true });
}

/** The invoice file's SHA-256 ("skrót pliku faktury"): hex for storage, base64url for KOD I. */
export function xmlDigest(xml: string): { hex: string; base64url: string } {
  const digest = createHash('sha256').update(xml, 'utf8').digest();
  return { hex: digest.toString('hex'), base64url: digest.toString('base64url') };
}
