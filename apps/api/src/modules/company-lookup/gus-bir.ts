import type { CompanyLookupDto } from '@substytut/shared';
import type { Clock } from '../app/clock.ts';
import { CompanyLookupUnavailableError, type CompanyLookup } from './company-lookup.port.ts';

export const GUS_PRODUCTION_URL = 'https://wyszukiwarkaregon.stat.gov.pl/wsBIR/UslugaBIRzewnPubl.svc';

const NS_PUBL = 'http://CIS/BIR/PUBL/2014/07';
const ACTION_LOGIN = `${NS_PUBL}/IUslugaBIRzewnPubl/Zaloguj`;
const ACTION_SEARCH = `${NS_PUBL}/IUslugaBIRzewnPubl/DaneSzukajPodmioty`;
const ACTION_GET_VALUE = 'http://CIS/BIR/2014/07/IUslugaBIR/GetValue';

// GetValue('KomunikatKod') after an empty answer: 4 = no entity found, 7 = no (valid) session.
const CODE_NOT_FOUND = '4';
const CODE_NO_SESSION = '7';

const FOUND_TTL_MS = 24 * 60 * 60 * 1000;
// A company registered today should not stay "unknown" for a whole day.
const NOT_FOUND_TTL_MS = 60 * 60 * 1000;
const MAX_CACHE_ENTRIES = 10_000;

export interface GusBirOptions {
  apiKey: string;
  /** the service endpoint (GUS_API_URL); a local fake in tests */
  url: string;
  clock: Clock;
  /** per HTTP call */
  timeoutMs?: number;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);

/** The text of the first <name> element (any namespace prefix), decoded; null when absent. */
function elementText(xml: string, name: string): string | null {
  const match = new RegExp(
    `<(?:[\\w-]+:)?${name}(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</(?:[\\w-]+:)?${name}>)`,
  ).exec(xml);
  if (!match) return null;
  return decodeXmlEntities(match[1] ?? '');
}

function envelope(url: string, action: string, body: string): string {
  return `<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" xmlns:ns="${NS_PUBL}" xmlns:dat="${NS_PUBL}/DataContract"><soap:Header xmlns:wsa="http://www.w3.org/2005/08/addressing"><wsa:To>${escapeXml(url)}</wsa:To><wsa:Action>${action}</wsa:Action></soap:Header><soap:Body>${body}</soap:Body></soap:Envelope>`;
}

/** The fields of spec 3's company lookup result from one <dane> record of DaneSzukajPodmioty. */
export function companyFromDane(dane: string): CompanyLookupDto {
  const field = (name: string) => (elementText(dane, name) ?? '').trim();
  const street = field('Ulica');
  return {
    name: field('Nazwa'),
    // Places without streets are addressed by the locality and a number.
    street,
    propertyNumber: field('NrNieruchomosci'),
    apartmentNumber: field('NrLokalu'),
    city: field('Miejscowosc') || field('MiejscowoscPoczty'),
    zipCode: field('KodPocztowy'),
  };
}

/**
 * GUS REGON BIR1.1 (the public "wyszukiwarka REGON" SOAP 1.2 service). One session id (`sid`)
 * is kept and reused; when the service no longer knows it (sessions end after an hour idle) the
 * adapter logs in again once. Answers, found or not, are cached for a while: the registry changes
 * slowly and GUS limits the number of calls per key.
 */
export function createGusBirLookup(options: GusBirOptions): CompanyLookup & { clearCache(): void } {
  const timeoutMs = options.timeoutMs ?? 5000;
  let sid: string | null = null;
  let login: Promise<string> | null = null;
  const cache = new Map<string, { value: CompanyLookupDto | null; expiresAt: number }>();
  const inFlight = new Map<string, Promise<CompanyLookupDto | null>>();

  async function call(action: string, body: string, session: string | null): Promise<string> {
    let response: Response;
    try {
      response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': `application/soap+xml; charset=utf-8; action="${action}"`,
          ...(session ? { sid: session } : {}),
        },
        body: envelope(options.url, action, body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new CompanyLookupUnavailableError('GUS BIR: the service did not answer', { cause: error });
    }
    // The service answers MTOM (multipart/related); the envelope is plain text inside it.
    const text = await response.text().catch((error: unknown) => {
      throw new CompanyLookupUnavailableError('GUS BIR: the answer was cut off', { cause: error });
    });
    if (!response.ok) throw new CompanyLookupUnavailableError(`GUS BIR: HTTP ${response.status}`);
    return text;
  }

  async function newSession(): Promise<string> {
    login ??= (async () => {
      const answer = await call(
        ACTION_LOGIN,
        `<ns:Zaloguj><ns:pKluczUzytkownika>${escapeXml(options.apiKey)}</ns:pKluczUzytkownika></ns:Zaloguj>`,
        null,
      );
      const value = (elementText(answer, 'ZalogujResult') ?? '').trim();
      // An empty sid means the key was refused.
      if (value === '') throw new CompanyLookupUnavailableError('GUS BIR: login refused');
      sid = value;
      return value;
    })().finally(() => {
      login = null;
    });
    return login;
  }

  async function messageCode(session: string): Promise<string> {
    const answer = await call(
      ACTION_GET_VALUE,
      '<ns2:GetValue xmlns:ns2="http://CIS/BIR/2014/07"><ns2:pNazwaParametru>KomunikatKod</ns2:pNazwaParametru></ns2:GetValue>',
      session,
    );
    return (elementText(answer, 'GetValueResult') ?? '').trim();
  }

  async function search(nip: string, session: string): Promise<{ result: string; session: string }> {
    const answer = await call(
      ACTION_SEARCH,
      `<ns:DaneSzukajPodmioty><ns:pParametryWyszukiwania><dat:Nip>${escapeXml(nip)}</dat:Nip></ns:pParametryWyszukiwania></ns:DaneSzukajPodmioty>`,
      session,
    );
    return { result: (elementText(answer, 'DaneSzukajPodmiotyResult') ?? '').trim(), session };
  }

  async function lookup(nip: string): Promise<CompanyLookupDto | null> {
    let { result, session } = await search(nip, sid ?? (await newSession()));
    if (result === '') {
      // Empty: either nothing found or the session is gone; GUS tells which through GetValue.
      let code = await messageCode(session);
      if (code === CODE_NO_SESSION || code === '') {
        ({ result, session } = await search(nip, await newSession()));
        if (result === '') code = await messageCode(session);
      }
      if (result === '') {
        if (code === CODE_NOT_FOUND) return null;
        throw new CompanyLookupUnavailableError(`GUS BIR: empty answer (KomunikatKod ${code || 'none'})`);
      }
    }
    const dane = /<dane>[\s\S]*?<\/dane>/.exec(result)?.[0];
    if (!dane) throw new CompanyLookupUnavailableError('GUS BIR: unexpected answer');
    // Some versions report "not found" inside the data instead of through GetValue.
    if (elementText(dane, 'ErrorCode') !== null) {
      if ((elementText(dane, 'ErrorCode') ?? '').trim() === CODE_NOT_FOUND) return null;
      throw new CompanyLookupUnavailableError(`GUS BIR: error ${elementText(dane, 'ErrorCode')}`);
    }
    return companyFromDane(dane);
  }

  return {
    kind: 'gus',
    async find(nip) {
      const now = options.clock.now().getTime();
      const cached = cache.get(nip);
      if (cached && cached.expiresAt > now) return cached.value;
      const pending = inFlight.get(nip);
      if (pending) return pending;
      const promise = lookup(nip)
        .then((value) => {
          if (cache.size >= MAX_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
          cache.set(nip, { value, expiresAt: now + (value ? FOUND_TTL_MS : NOT_FOUND_TTL_MS) });
          return value;
        })
        .finally(() => inFlight.delete(nip));
      inFlight.set(nip, promise);
      return promise;
    },
    clearCache() {
      cache.clear();
    },
  };
}
