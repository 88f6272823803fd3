import { createHash, randomBytes } from 'node:crypto';
import { warsawDate } from '@substytut/shared';
import type { Clock } from '../app/clock.ts';
import type { Storage } from '../storage/index.ts';
import { crc8, newSessionKey, sha256Base64 } from './ksef.crypto.ts';
import { invoiceFacts, xmlEscape } from './ksef.xml.ts';
import {
  KsefAuthError,
  KsefUnavailableError,
  type KsefAuth,
  type KsefInvoiceStatus,
  type KsefPort,
  type KsefSession,
} from './ksef.port.ts';

/** Named in every UPO the sandbox writes, where KSeF names the Ministry: it has no legal effect. */
export const SANDBOX_RECEIVER =
  'SANDBOX Substytut – symulacja KSeF, bez mocy prawnej (nie Ministerstwo Finansów)';

/**
 * The embedded KSeF stand-in (KSEF_ENV=sandbox, the default): it takes the same steps as KSeF API
 * 2.0, accepts every well-formed FA(3) invoice whose seller NIP is the session's, gives it a number
 * shaped like KSeF's (NIP-date-12 hex digits-CRC-8) and a UPO shaped like KSeF's v4-3, both marked
 * as the sandbox's. An invoice number it has already accepted for the NIP answers as KSeF's
 * duplicate check does: status 440 "Duplikat faktury" naming the first invoice's KSeF number and
 * UPO (whose document hash tells the sender whether that was this very file). What it accepted is kept in the storage
 * (private/ksef-sandbox/), so a status asked after a restart still answers.
 * `setOutage(true)` (or KSEF_SANDBOX_OUTAGE) makes every call fail like an unreachable KSeF.
 */
export interface KsefSandbox extends KsefPort {
  setOutage(on: boolean): void;
}

interface SandboxRecord {
  nip: string;
  sessionReference: string;
  invoiceReference: string;
  ksefNumber: string | null;
  upoXml: string | null;
  rejection: { code: number; description: string; details: string[] } | null;
  /** KSeF's 440: the NIP already has an invoice under this number (the first one's number and UPO) */
  duplicate?: boolean;
}

const PREFIX = 'private/ksef-sandbox';

function reference(day: string, kind: 'SO' | 'EE'): string {
  const hex = randomBytes(11).toString('hex').toUpperCase();
  return `${day.replaceAll('-', '')}-${kind}-${hex.slice(0, 10)}-${hex.slice(10, 20)}-${hex.slice(20, 22)}`;
}

export function sandboxKsefNumber(nip: string, day: string, seed: string): string {
  const technical = createHash('sha256').update(seed).digest('hex').slice(0, 12).toUpperCase();
  const body = `${nip}-${day.replaceAll('-', '')}-${technical}`;
  return `${body}-${crc8(body)}`;
}

export function createKsefSandbox(options: {
  storage: Storage;
  clock: Clock;
  outage?: boolean;
}): KsefSandbox {
  const { storage, clock } = options;
  let outage = options.outage ?? false;

  function available(): void {
    if (outage) throw new KsefUnavailableError('KSeF sandbox: simulated outage (KSEF_SANDBOX_OUTAGE)', 503);
  }

  async function readJson<T>(key: string): Promise<T | null> {
    const object = await storage.get(key);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Buffer));
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
  }

  const writeJson = (key: string, value: unknown) =>
    storage.put(key, Buffer.from(JSON.stringify(value)), 'application/json');

  function upo(
    record: { nip: string; sessionReference: string; ksefNumber: string },
    xml: string,
    now: Date,
  ) {
    const facts = invoiceFacts(xml);
    const at = now.toISOString();
    return `<?xml version="1.0" encoding="utf-8"?>
<!-- SANDBOX: written by the embedded KSeF stand-in of Substytut, not by KSeF; no legal effect. -->
<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3">
  <NazwaPodmiotuPrzyjmujacego>${xmlEscape(SANDBOX_RECEIVER)}</NazwaPodmiotuPrzyjmujacego>
  <NumerReferencyjnySesji>${record.sessionReference}</NumerReferencyjnySesji>
  <Uwierzytelnienie>
    <IdKontekstu>
      <Nip>${record.nip}</Nip>
    </IdKontekstu>
  </Uwierzytelnienie>
  <NazwaStrukturyLogicznej>Schemat_FA(3)_v1-0E.xsd</NazwaStrukturyLogicznej>
  <KodFormularza>FA (3)</KodFormularza>
  <Dokument>
    <NipSprzedawcy>${xmlEscape(facts.sellerNip ?? '')}</NipSprzedawcy>
    <NumerKSeFDokumentu>${record.ksefNumber}</NumerKSeFDokumentu>
    <NumerFaktury>${xmlEscape(facts.invoiceNumber ?? '')}</NumerFaktury>
    <DataWystawieniaFaktury>${xmlEscape(facts.issueDate ?? '')}</DataWystawieniaFaktury>
    <DataPrzeslaniaDokumentu>${at}</DataPrzeslaniaDokumentu>
    <DataNadaniaNumeruKSeF>${at}</DataNadaniaNumeruKSeF>
    <SkrotDokumentu>${sha256Base64(Buffer.from(xml, 'utf8'))}</SkrotDokumentu>
    <TrybWysylki>Online</TrybWysylki>
  </Dokument>
</Potwierdzenie>
`;
  }

  return {
    environment: 'sandbox',
    setOutage(on) {
      outage = on;
    },

    async authenticate({ nip, token }): Promise<KsefAuth> {
      available();
      if (!/^\d{10}$/.test(nip))
        throw new KsefAuthError('KSeF sandbox: the context NIP must have 10 digits', 410);
      if (token.trim().length === 0) throw new KsefAuthError('KSeF sandbox: no KSeF token', 450);
      return {
        nip,
        accessToken: `sandbox-${randomBytes(16).toString('hex')}`,
        validUntil: new Date(clock.now().getTime() + 15 * 60_000),
      };
    },

    async openSession(auth): Promise<KsefSession> {
      available();
      return { referenceNumber: reference(warsawDate(clock.now()), 'SO'), auth, ...newSessionKey() };
    },

    async sendInvoice(session, invoice) {
      available();
      const now = clock.now();
      const day = warsawDate(now);
      const invoiceReference = reference(day, 'EE');
      const facts = invoiceFacts(invoice.xml);
      const record: SandboxRecord = {
        nip: session.auth.nip,
        sessionReference: session.referenceNumber,
        invoiceReference,
        ksefNumber: null,
        upoXml: null,
        rejection: null,
      };
      if (!facts.isFa3 || !facts.invoiceNumber) {
        record.rejection = {
          code: 450,
          description: 'Błąd weryfikacji semantyki dokumentu faktury',
          // KSeF's own reasons are Polish, and the lawyer reads them as they are.
          details: ['Dokument nie jest fakturą w schemacie FA(3)'],
        };
      } else if (facts.sellerNip !== session.auth.nip) {
        record.rejection = {
          code: 410,
          description: 'Nieprawidłowy zakres uprawnień',
          details: [
            `NIP sprzedawcy ${facts.sellerNip ?? '(brak)'} nie jest NIP-em kontekstu sesji ${session.auth.nip}`,
          ],
        };
      } else {
        const numberKey = `${PREFIX}/numbers/${session.auth.nip}-${createHash('sha256').update(facts.invoiceNumber).digest('hex').slice(0, 32)}.json`;
        const first = await readJson<{ ksefNumber: string; upoXml: string }>(numberKey);
        if (first) {
          // KSeF's duplicate check (seller NIP and invoice number): 440 with the first one's facts.
          record.ksefNumber = first.ksefNumber;
          record.upoXml = first.upoXml;
          record.duplicate = true;
        } else {
          record.ksefNumber = sandboxKsefNumber(session.auth.nip, day, `${invoiceReference}:${invoice.xml}`);
          record.upoXml = upo(
            {
              nip: session.auth.nip,
              sessionReference: session.referenceNumber,
              ksefNumber: record.ksefNumber,
            },
            invoice.xml,
            now,
          );
          await writeJson(numberKey, { ksefNumber: record.ksefNumber, upoXml: record.upoXml });
        }
      }
      await writeJson(`${PREFIX}/invoices/${invoiceReference}.json`, record);
      return { invoiceReference };
    },

    async invoiceStatus(auth, sessionReference, invoiceReference): Promise<KsefInvoiceStatus> {
      available();
      const record = /^[A-Z0-9-]+$/.test(invoiceReference)
        ? await readJson<SandboxRecord>(`${PREFIX}/invoices/${invoiceReference}.json`)
        : null;
      if (!record || record.nip !== auth.nip || record.sessionReference !== sessionReference) {
        throw new KsefUnavailableError(
          `KSeF sandbox: no invoice ${invoiceReference} in session ${sessionReference}`,
          404,
        );
      }
      if (record.rejection) return { state: 'rejected', ...record.rejection };
      if (record.duplicate) {
        return {
          state: 'duplicate',
          code: 440,
          description: 'Duplikat faktury',
          details: [
            `Duplikat faktury. Faktura o numerze KSeF: ${record.ksefNumber ?? ''} została już prawidłowo przesłana do systemu`,
          ],
          ksefNumber: record.ksefNumber ?? '',
          upoXml: record.upoXml ?? '',
        };
      }
      return {
        state: 'accepted',
        ksefNumber: record.ksefNumber ?? '',
        upoXml: record.upoXml ?? '',
        acquiredAt: null,
      };
    },

    async closeSession() {
      available();
    },
  };
}
