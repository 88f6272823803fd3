import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGusCompany {
  nip: string;
  regon: string;
  name: string;
  street: string;
  propertyNumber: string;
  apartmentNumber: string;
  city: string;
  zipCode: string;
}

/**
 * A local stand-in for GUS REGON BIR1.1 (SOAP 1.2 over MTOM, like the real service): Zaloguj
 * hands out a sid, DaneSzukajPodmioty answers by NIP for a known sid (an unknown or expired sid
 * gets an empty result, and GetValue('KomunikatKod') then says 7), not found gets code 4.
 */
export interface FakeGus {
  url: string;
  apiKey: string;
  companies: Map<string, FakeGusCompany>;
  calls: { action: string; sid: string | undefined }[];
  /** forgets every session, as the real service does after an hour idle */
  expireSessions(): void;
  /** delay before answering search calls (a hanging service) */
  searchDelayMs: number;
  close(): Promise<void>;
}

const xmlEscape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function mtom(action: string, inner: string): { type: string; body: string } {
  const boundary = `uuid:${randomBytes(8).toString('hex')}`;
  const envelope = `<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:a="http://www.w3.org/2005/08/addressing"><s:Header><a:Action s:mustUnderstand="1">${action}Response</a:Action></s:Header><s:Body>${inner}</s:Body></s:Envelope>`;
  return {
    type: `multipart/related; type="application/xop+xml"; start="<http://tempuri.org/0>"; boundary="${boundary}"; start-info="application/soap+xml"`,
    body: `--${boundary}\r\nContent-ID: <http://tempuri.org/0>\r\nContent-Transfer-Encoding: 8bit\r\nContent-Type: application/xop+xml;charset=utf-8;type="application/soap+xml"\r\n\r\n${envelope}\r\n--${boundary}--\r\n`,
  };
}

export async function startFakeGus(apiKey = 'abcde12345abcde12345'): Promise<FakeGus> {
  const sessions = new Set<string>();
  const companies = new Map<string, FakeGusCompany>();
  const calls: FakeGus['calls'] = [];
  const state = { searchDelayMs: 0 };
  // The last message code per session, as GetValue reports it.
  const lastCode = new Map<string, string>();

  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const action = /<wsa:Action>([^<]+)<\/wsa:Action>/.exec(body)?.[1] ?? '';
      const sid = request.headers.sid as string | undefined;
      calls.push({ action, sid });
      const reply = (inner: string) => {
        const { type, body: out } = mtom(action, inner);
        response.writeHead(200, { 'content-type': type });
        response.end(out);
      };

      if (action.endsWith('/Zaloguj')) {
        const key = /<ns:pKluczUzytkownika>([^<]*)</.exec(body)?.[1];
        let result = '';
        if (key === apiKey) {
          result = randomBytes(10).toString('hex');
          sessions.add(result);
        }
        return reply(
          `<ZalogujResponse xmlns="http://CIS/BIR/PUBL/2014/07"><ZalogujResult>${result}</ZalogujResult></ZalogujResponse>`,
        );
      }
      if (action.endsWith('/GetValue')) {
        const code = sid && sessions.has(sid) ? (lastCode.get(sid) ?? '0') : '7';
        return reply(
          `<GetValueResponse xmlns="http://CIS/BIR/2014/07"><GetValueResult>${code}</GetValueResult></GetValueResponse>`,
        );
      }
      if (action.endsWith('/DaneSzukajPodmioty')) {
        if (state.searchDelayMs > 0) await new Promise((r) => setTimeout(r, state.searchDelayMs));
        const wrap = (result: string) =>
          `<DaneSzukajPodmiotyResponse xmlns="http://CIS/BIR/PUBL/2014/07"><DaneSzukajPodmiotyResult>${xmlEscape(result)}</DaneSzukajPodmiotyResult></DaneSzukajPodmiotyResponse>`;
        if (!sid || !sessions.has(sid)) return reply(wrap(''));
        const nip = /<dat:Nip>([^<]*)</.exec(body)?.[1] ?? '';
        const company = companies.get(nip);
        if (!company) {
          lastCode.set(sid, '4');
          return reply(wrap(''));
        }
        lastCode.set(sid, '0');
        const c = (value: string) => xmlEscape(value);
        return reply(
          wrap(
            `<root>\r\n  <dane>\r\n    <Regon>${c(company.regon)}</Regon>\r\n    <Nip>${c(company.nip)}</Nip>\r\n    <StatusNip />\r\n    <Nazwa>${c(company.name)}</Nazwa>\r\n    <Wojewodztwo>MAZOWIECKIE</Wojewodztwo>\r\n    <Powiat>Warszawa</Powiat>\r\n    <Gmina>Śródmieście</Gmina>\r\n    <Miejscowosc>${c(company.city)}</Miejscowosc>\r\n    <KodPocztowy>${c(company.zipCode)}</KodPocztowy>\r\n    <Ulica>${c(company.street)}</Ulica>\r\n    <NrNieruchomosci>${c(company.propertyNumber)}</NrNieruchomosci>\r\n    ${company.apartmentNumber ? `<NrLokalu>${c(company.apartmentNumber)}</NrLokalu>` : '<NrLokalu />'}\r\n    <Typ>P</Typ>\r\n    <SilosID>6</SilosID>\r\n    <DataZakonczeniaDzialalnosci />\r\n    <MiejscowoscPoczty>${c(company.city)}</MiejscowoscPoczty>\r\n  </dane>\r\n</root>`,
          ),
        );
      }
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`unknown action ${action}`);
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeGus = {
    url: `http://127.0.0.1:${port}/wsBIR/UslugaBIRzewnPubl.svc`,
    apiKey,
    companies,
    calls,
    expireSessions: () => sessions.clear(),
    get searchDelayMs() {
      return state.searchDelayMs;
    },
    set searchDelayMs(value: number) {
      state.searchDelayMs = value;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
  return fake;
}
