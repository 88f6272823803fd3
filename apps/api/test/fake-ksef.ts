import {
  constants,
  createDecipheriv,
  createHash,
  createPrivateKey,
  privateDecrypt,
  randomBytes,
  randomUUID,
  X509Certificate,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc8 } from '../src/modules/ksef/ksef.crypto.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
// A key pair made for this fake only (openssl req -x509 -newkey rsa:2048 …): the fake stands in
// for the Ministry and decrypts with it; it guards nothing.
const certificatePem = readFileSync(path.join(fixtures, 'fake-ksef-cert.pem'), 'utf8');
const privateKey = createPrivateKey(readFileSync(path.join(fixtures, 'fake-ksef-key.pem'), 'utf8'));
const certificateDerBase64 = new X509Certificate(certificatePem).raw.toString('base64');

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64');
const ref = (kind: string) => {
  const hex = randomBytes(11).toString('hex').toUpperCase();
  return `20260401-${kind}-${hex.slice(0, 10)}-${hex.slice(10, 20)}-${hex.slice(20, 22)}`;
};

export interface FakeKsefInvoice {
  sessionReference: string;
  invoiceReference: string;
  nip: string;
  /** the decrypted XML, checked against the hashes the client sent */
  xml: string;
  ksefNumber: string | null;
  rejection: { code: number; description: string } | null;
  statusChecks: number;
}

/**
 * A local stand-in for KSeF API 2.0 on 127.0.0.1 that keeps the same contract as the Ministry's
 * (CIRFMF/ksef-docs open-api.json): it hands out its own certificate for both usages, decrypts the
 * KSeF token (RSA-OAEP SHA-256, 'token|timestampMs' with the challenge's timestamp) and the
 * session's AES key with its private key, decrypts each invoice (AES-256-CBC) and checks both
 * hashes and sizes, numbers accepted invoices like KSeF (NIP-date-hex-CRC-8) and answers a second
 * upload of the same seller's invoice number with 440 and the first KSeF number.
 */
export interface FakeKsef {
  url: string;
  /** NIP → the KSeF token valid in its context */
  tokens: Map<string, string>;
  /** the plain tokens the fake decrypted from authentication requests */
  receivedTokens: string[];
  invoices: FakeKsefInvoice[];
  /** every request, method and path */
  calls: string[];
  /** answer every request with 503 (an outage) */
  outage: boolean;
  /** how many status checks answer 150 (still processing) before the verdict */
  processingChecks: number;
  /** authentication status checks that answer 100 before the verdict */
  pendingAuthChecks: number;
  /** reject invoices whose XML contains this text with 450 */
  rejectContaining: string | null;
  /** answer a failed authentication with the decrypted token in the error (a careless server) */
  echoTokenInErrors: boolean;
  /** whether a duplicate's status carries `extensions` (API 2.0 since RC6) or only `details` */
  duplicateExtensions: boolean;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body?: unknown, type = 'application/json') {
  response.statusCode = status;
  if (body === undefined) return response.end();
  response.setHeader('content-type', type);
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

const problem = (status: number, detail: string) => ({
  title: 'Error',
  status,
  detail,
  instance: '',
  timestamp: new Date().toISOString(),
  traceId: randomUUID(),
  errors: [{ code: status, description: detail }],
});

export async function startFakeKsef(): Promise<FakeKsef> {
  const challenges = new Map<string, number>();
  const authOperations = new Map<
    string,
    { nip: string; ok: boolean; reason: string; checks: number; redeemed: boolean }
  >();
  const accessTokens = new Map<string, string>(); // access token → nip
  const sessions = new Map<string, { nip: string; key: Buffer; iv: Buffer; closed: boolean }>();
  const accepted = new Map<string, FakeKsefInvoice>(); // nip + invoice number → first accepted

  const state: FakeKsef = {
    url: '',
    tokens: new Map(),
    receivedTokens: [],
    invoices: [],
    calls: [],
    outage: false,
    processingChecks: 0,
    pendingAuthChecks: 0,
    rejectContaining: null,
    echoTokenInErrors: false,
    duplicateExtensions: true,
    close: async () => undefined,
  };

  const bearer = (request: IncomingMessage) => (request.headers.authorization ?? '').replace(/^Bearer /, '');

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const route = url.pathname.replace(/^\/v2/, '');
    state.calls.push(`${request.method} ${route}`);
    if (state.outage) return send(response, 503, problem(503, 'Service unavailable'));
    const raw = await readBody(request);
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    let match: RegExpExecArray | null;

    if (request.method === 'GET' && route === '/security/public-key-certificates') {
      const cert = (usage: string) => ({
        certificate: certificateDerBase64,
        certificateId: randomUUID(),
        publicKeyId: createHash('sha256').update(usage).digest('base64'),
        validFrom: '2020-01-01T00:00:00Z',
        validTo: '2120-01-01T00:00:00Z',
        usage: [usage],
      });
      return send(response, 200, [cert('KsefTokenEncryption'), cert('SymmetricKeyEncryption')]);
    }
    if (request.method === 'POST' && route === '/auth/challenge') {
      const challenge = randomUUID().replaceAll('-', '').slice(0, 36).padEnd(36, '0');
      const timestampMs = Date.now();
      challenges.set(challenge, timestampMs);
      return send(response, 200, {
        challenge,
        timestamp: new Date(timestampMs).toISOString(),
        timestampMs,
        clientIp: '127.0.0.1',
      });
    }
    if (request.method === 'POST' && route === '/auth/ksef-token') {
      const challenge = String(body.challenge ?? '');
      const timestampMs = challenges.get(challenge);
      challenges.delete(challenge);
      const context = body.contextIdentifier as { type?: string; value?: string } | undefined;
      if (timestampMs === undefined || context?.type !== 'Nip' || !context.value) {
        return send(response, 400, problem(400, 'Bad challenge or context'));
      }
      let plain: string;
      try {
        plain = privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(String(body.encryptedToken), 'base64'),
        ).toString('utf8');
      } catch {
        return send(response, 400, problem(400, 'Invalid token encoding'));
      }
      // A KSeF token itself holds '|' (reference|nip-…|secret): the timestamp is after the last one.
      const cut = plain.lastIndexOf('|');
      const token = plain.slice(0, cut);
      const stamp = plain.slice(cut + 1);
      state.receivedTokens.push(token);
      const ok = stamp === String(timestampMs) && state.tokens.get(context.value) === token;
      const reason = state.echoTokenInErrors ? `Nieprawidłowy token ${token}` : 'Nieprawidłowy token';
      const referenceNumber = ref('AU');
      authOperations.set(referenceNumber, { nip: context.value, ok, reason, checks: 0, redeemed: false });
      return send(response, 202, {
        referenceNumber,
        authenticationToken: {
          token: `auth-${referenceNumber}`,
          validUntil: new Date(Date.now() + 600_000).toISOString(),
        },
      });
    }
    if (request.method === 'GET' && (match = /^\/auth\/([^/]+)$/.exec(route))) {
      const operation = authOperations.get(match[1] ?? '');
      if (!operation || bearer(request) !== `auth-${match[1]}`)
        return send(response, 401, problem(401, 'Unauthorized'));
      operation.checks += 1;
      const pending = operation.checks <= state.pendingAuthChecks;
      const status = pending
        ? { code: 100, description: 'Uwierzytelnianie w toku' }
        : operation.ok
          ? { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' }
          : {
              code: 450,
              description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
              details: [operation.reason],
            };
      return send(response, 200, {
        startDate: new Date().toISOString(),
        authenticationMethod: 'Token',
        status,
      });
    }
    if (request.method === 'POST' && route === '/auth/token/redeem') {
      const operationRef = bearer(request).replace(/^auth-/, '');
      const operation = authOperations.get(operationRef);
      if (!operation?.ok || operation.redeemed) return send(response, 400, problem(400, 'Cannot redeem'));
      operation.redeemed = true;
      const access = `access-${randomBytes(12).toString('hex')}`;
      accessTokens.set(access, operation.nip);
      const validUntil = new Date(Date.now() + 900_000).toISOString();
      return send(response, 200, {
        accessToken: { token: access, validUntil },
        refreshToken: { token: `refresh-${access}`, validUntil },
      });
    }

    const nip = accessTokens.get(bearer(request));
    if (!nip) return send(response, 401, problem(401, 'Unauthorized'));

    if (request.method === 'POST' && route === '/sessions/online') {
      const formCode = body.formCode as
        { systemCode?: string; schemaVersion?: string; value?: string } | undefined;
      const encryption = body.encryption as
        { encryptedSymmetricKey?: string; initializationVector?: string } | undefined;
      if (formCode?.systemCode !== 'FA (3)' || formCode.schemaVersion !== '1-0E' || formCode.value !== 'FA') {
        return send(response, 400, problem(400, 'Unsupported form code'));
      }
      let key: Buffer;
      try {
        key = privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(String(encryption?.encryptedSymmetricKey), 'base64'),
        );
      } catch {
        return send(response, 400, problem(400, 'Błąd odszyfrowania dostarczonego klucza'));
      }
      const iv = Buffer.from(String(encryption?.initializationVector), 'base64');
      if (key.length !== 32 || iv.length !== 16)
        return send(response, 400, problem(400, 'Bad key or IV length'));
      const referenceNumber = ref('SO');
      sessions.set(referenceNumber, { nip, key, iv, closed: false });
      return send(response, 201, {
        referenceNumber,
        validUntil: new Date(Date.now() + 12 * 3600_000).toISOString(),
      });
    }
    if (request.method === 'POST' && (match = /^\/sessions\/online\/([^/]+)\/invoices$/.exec(route))) {
      const sessionReference = match[1] ?? '';
      const session = sessions.get(sessionReference);
      if (!session || session.nip !== nip || session.closed)
        return send(response, 400, problem(400, 'No open session'));
      const encrypted = Buffer.from(String(body.encryptedInvoiceContent), 'base64');
      if (sha256(encrypted) !== body.encryptedInvoiceHash || encrypted.length !== body.encryptedInvoiceSize) {
        return send(response, 400, problem(400, 'Encrypted invoice hash or size mismatch'));
      }
      let plain: Buffer;
      try {
        const decipher = createDecipheriv('aes-256-cbc', session.key, session.iv);
        plain = Buffer.concat([decipher.update(encrypted), decipher.final()]);
      } catch {
        return send(response, 400, problem(400, 'Błąd odszyfrowania pliku'));
      }
      if (sha256(plain) !== body.invoiceHash || plain.length !== body.invoiceSize) {
        return send(response, 400, problem(400, 'Invoice hash or size mismatch'));
      }
      const xml = plain.toString('utf8');
      const invoice: FakeKsefInvoice = {
        sessionReference,
        invoiceReference: ref('EE'),
        nip,
        xml,
        ksefNumber: null,
        rejection: null,
        statusChecks: 0,
      };
      state.invoices.push(invoice);
      return send(response, 202, { referenceNumber: invoice.invoiceReference });
    }
    if (request.method === 'POST' && (match = /^\/sessions\/online\/([^/]+)\/close$/.exec(route))) {
      const session = sessions.get(match[1] ?? '');
      if (!session || session.nip !== nip) return send(response, 400, problem(400, 'No session'));
      session.closed = true;
      return send(response, 204);
    }
    if (
      request.method === 'GET' &&
      (match = /^\/sessions\/([^/]+)\/invoices\/([^/]+)(\/upo)?$/.exec(route))
    ) {
      const invoice = state.invoices.find(
        (i) => i.sessionReference === match?.[1] && i.invoiceReference === match[2],
      );
      if (!invoice || invoice.nip !== nip) return send(response, 404, problem(404, 'Not found'));
      if (match[3]) {
        if (!invoice.ksefNumber) return send(response, 404, problem(404, 'No UPO yet'));
        return send(response, 200, upoXml(invoice), 'application/xml');
      }
      invoice.statusChecks += 1;
      if (invoice.statusChecks <= state.processingChecks) {
        return send(response, 200, {
          ordinalNumber: 1,
          referenceNumber: invoice.invoiceReference,
          status: { code: 150, description: 'Trwa przetwarzanie' },
        });
      }
      const number = /<P_2>([^<]*)<\/P_2>/.exec(invoice.xml)?.[1] ?? '';
      if (!invoice.ksefNumber && !invoice.rejection) {
        const first = accepted.get(`${nip}:${number}`);
        if (state.rejectContaining && invoice.xml.includes(state.rejectContaining)) {
          invoice.rejection = { code: 450, description: 'Błąd weryfikacji semantyki dokumentu faktury' };
        } else if (first) {
          return send(response, 200, {
            ordinalNumber: 1,
            referenceNumber: invoice.invoiceReference,
            invoiceNumber: number,
            status: {
              code: 440,
              description: 'Duplikat faktury',
              details: [
                `Duplikat faktury. Faktura o numerze KSeF: ${first.ksefNumber} została już prawidłowo przesłana do systemu w sesji: ${first.sessionReference}`,
              ],
              ...(state.duplicateExtensions
                ? {
                    extensions: {
                      originalSessionReferenceNumber: first.sessionReference,
                      originalKsefNumber: first.ksefNumber,
                    },
                  }
                : {}),
            },
          });
        } else {
          const body32 = `${nip}-20260401-${randomBytes(6).toString('hex').toUpperCase()}`;
          invoice.ksefNumber = `${body32}-${crc8(body32)}`;
          accepted.set(`${nip}:${number}`, invoice);
        }
      }
      if (invoice.rejection) {
        return send(response, 200, {
          ordinalNumber: 1,
          referenceNumber: invoice.invoiceReference,
          status: { ...invoice.rejection, details: ['cvc-complex-type'] },
        });
      }
      return send(response, 200, {
        ordinalNumber: 1,
        referenceNumber: invoice.invoiceReference,
        ksefNumber: invoice.ksefNumber,
        invoiceNumber: number,
        acquisitionDate: new Date().toISOString(),
        status: { code: 200, description: 'Sukces' },
      });
    }
    if (
      request.method === 'GET' &&
      (match = /^\/sessions\/([^/]+)\/invoices\/ksef\/([^/]+)\/upo$/.exec(route))
    ) {
      const invoice = state.invoices.find(
        (i) => i.sessionReference === match?.[1] && i.ksefNumber === match[2],
      );
      if (!invoice || invoice.nip !== nip) return send(response, 404, problem(404, 'Not found'));
      return send(response, 200, upoXml(invoice), 'application/xml');
    }
    return send(response, 404, problem(404, `No route ${request.method} ${route}`));
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, problem(500, String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}/v2`;
  state.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return state;
}

function upoXml(invoice: FakeKsefInvoice): string {
  return `<?xml version="1.0" encoding="utf-8"?><Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3"><NazwaPodmiotuPrzyjmujacego>Fake KSeF (tests)</NazwaPodmiotuPrzyjmujacego><NumerReferencyjnySesji>${invoice.sessionReference}</NumerReferencyjnySesji><Dokument><NipSprzedawcy>${invoice.nip}</NipSprzedawcy><NumerKSeFDokumentu>${invoice.ksefNumber ?? ''}</NumerKSeFDokumentu><NumerFaktury>${/<P_2>([^<]*)<\/P_2>/.exec(invoice.xml)?.[1] ?? ''}</NumerFaktury><SkrotDokumentu>${sha256(Buffer.from(invoice.xml, 'utf8'))}</SkrotDokumentu></Dokument></Potwierdzenie>`;
}
