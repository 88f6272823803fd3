import type { KeyObject } from 'node:crypto';
import type { KsefEnvironment } from '../app/config.ts';
import {
  encryptedInvoicePayload,
  encryptKsefToken,
  newSessionKey,
  publicKeyOfCertificate,
  rsaOaepEncrypt,
} from './ksef.crypto.ts';
import {
  KsefAuthError,
  KsefUnavailableError,
  type KsefAuth,
  type KsefInvoiceStatus,
  type KsefPort,
  type KsefSession,
} from './ksef.port.ts';

/**
 * The Ministry of Finance's KSeF API 2.0 (CIRFMF/ksef-docs, open-api.json), online session with
 * KSeF-token authentication:
 *   POST /auth/challenge → POST /auth/ksef-token (the token and the challenge's timestamp,
 *   RSA-OAEP for the Ministry) → GET /auth/{ref} until 200 → POST /auth/token/redeem (access token)
 *   → POST /sessions/online (the session's AES key, RSA-OAEP for the Ministry) → POST
 *   /sessions/online/{ref}/invoices (AES-256-CBC invoice with both hashes) → GET
 *   /sessions/{ref}/invoices/{invoiceRef} until 200 → GET …/upo → POST /sessions/online/{ref}/close.
 */
export interface KsefClientOptions {
  environment: Exclude<KsefEnvironment, 'sandbox'>;
  /** …/v2, no trailing slash */
  apiUrl: string;
  fetch?: typeof fetch;
  /** per request */
  timeoutMs?: number;
  /** between checks of a pending authentication */
  sleep?: (ms: number) => Promise<void>;
  authPollIntervalMs?: number;
  authPollAttempts?: number;
  clock?: { now(): Date };
}

/** FA(3), the schema of the invoices module's XML (the only one the product writes). */
const FORM_CODE = { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' };

type CertificateUsage = 'KsefTokenEncryption' | 'SymmetricKeyEncryption';

interface PublicKeyCertificate {
  certificate: string;
  publicKeyId?: string;
  validFrom: string;
  validTo: string;
  usage: CertificateUsage[];
}

interface StatusInfo {
  code: number;
  description: string;
  details?: string[] | null;
  extensions?: Record<string, string | null> | null;
}

/** KSeF's error bodies: the classic ExceptionResponse or RFC 7807 problem details. */
function errorText(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const b = body as {
    exception?: { exceptionDetailList?: { exceptionCode?: number; exceptionDescription?: string }[] };
    errors?: { code?: number; description?: string; details?: string[] }[];
    detail?: string;
    title?: string;
    status?: { description?: string; details?: string[] };
  };
  const parts = [
    ...(b.exception?.exceptionDetailList ?? []).map(
      (e) => `${e.exceptionCode ?? ''} ${e.exceptionDescription ?? ''}`,
    ),
    ...(b.errors ?? []).map((e) => `${e.code ?? ''} ${e.description ?? ''}`),
    b.detail ?? b.title ?? '',
    b.status?.description ?? '',
  ];
  return parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join('; ')
    .slice(0, 500);
}

export function createKsefClient(options: KsefClientOptions): KsefPort {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
  const authPollIntervalMs = options.authPollIntervalMs ?? 1000;
  const authPollAttempts = options.authPollAttempts ?? 30;
  const clock = options.clock ?? { now: () => new Date() };
  let certificates: { fetchedAt: number; list: PublicKeyCertificate[] } | undefined;

  async function call(
    method: 'GET' | 'POST',
    path: string,
    init: { bearer?: string; body?: unknown; accept?: 'json' | 'xml' } = {},
  ): Promise<{ status: number; json: unknown; text: string }> {
    const headers: Record<string, string> = {
      accept: init.accept === 'xml' ? 'application/xml' : 'application/json',
      'x-error-format': 'problem-details',
    };
    if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(`${options.apiUrl}${path}`, {
        method,
        headers,
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // The path names no secret; the reference numbers in it are not secret either.
      throw new KsefUnavailableError(`KSeF ${method} ${path}: ${reason}`, null, { cause: error });
    }
    const text = await response.text();
    let json: unknown = null;
    if (text && (response.headers.get('content-type') ?? '').includes('json')) {
      try {
        json = JSON.parse(text);
      } catch {
        json = null;
      }
    }
    if (response.status >= 500 || response.status === 429 || response.status === 408) {
      throw new KsefUnavailableError(
        `KSeF ${method} ${path}: HTTP ${response.status} ${errorText(json)}`.trim(),
        response.status,
      );
    }
    return { status: response.status, json, text };
  }

  function expect2xx(result: { status: number; json: unknown }, what: string): unknown {
    if (result.status === 401 || result.status === 403) {
      throw new KsefAuthError(
        `KSeF ${what}: HTTP ${result.status} ${errorText(result.json)}`.trim(),
        result.status,
      );
    }
    if (result.status < 200 || result.status >= 300) {
      throw new KsefUnavailableError(
        `KSeF ${what}: HTTP ${result.status} ${errorText(result.json)}`.trim(),
        result.status,
      );
    }
    return result.json;
  }

  async function publicKey(usage: CertificateUsage): Promise<{ key: KeyObject; publicKeyId?: string }> {
    const now = clock.now().getTime();
    // Cached for a day: the Ministry publishes a new certificate long before the old one ends.
    if (!certificates || now - certificates.fetchedAt > 24 * 3600_000) {
      const list = expect2xx(await call('GET', '/security/public-key-certificates'), 'public keys');
      if (!Array.isArray(list)) throw new KsefUnavailableError('KSeF public keys: not a list');
      certificates = { fetchedAt: now, list: list as PublicKeyCertificate[] };
    }
    const valid = certificates.list
      .filter((c) => c.usage.includes(usage))
      .filter((c) => Date.parse(c.validFrom) <= now && now <= Date.parse(c.validTo))
      .sort((a, b) => Date.parse(b.validFrom) - Date.parse(a.validFrom))[0];
    if (!valid) throw new KsefUnavailableError(`KSeF public keys: no valid certificate for ${usage}`);
    return {
      key: publicKeyOfCertificate(valid.certificate),
      ...(valid.publicKeyId ? { publicKeyId: valid.publicKeyId } : {}),
    };
  }

  async function authenticate({ nip, token }: { nip: string; token: string }): Promise<KsefAuth> {
    const challenge = expect2xx(await call('POST', '/auth/challenge'), 'challenge') as {
      challenge: string;
      timestampMs: number;
    };
    const { key } = await publicKey('KsefTokenEncryption');
    const init = await call('POST', '/auth/ksef-token', {
      body: {
        challenge: challenge.challenge,
        contextIdentifier: { type: 'Nip', value: nip },
        encryptedToken: encryptKsefToken(key, token, challenge.timestampMs),
      },
    });
    if (init.status === 400)
      throw new KsefAuthError(`KSeF token authentication: ${errorText(init.json)}`, 400);
    const started = expect2xx(init, 'token authentication') as {
      referenceNumber: string;
      authenticationToken: { token: string };
    };
    const authToken = started.authenticationToken.token;

    for (let attempt = 0; ; attempt += 1) {
      const state = expect2xx(
        await call('GET', `/auth/${encodeURIComponent(started.referenceNumber)}`, { bearer: authToken }),
        'authentication status',
      ) as { status: StatusInfo };
      if (state.status.code === 200) break;
      if (state.status.code >= 400) {
        throw new KsefAuthError(
          `KSeF authentication ${state.status.code} ${state.status.description}${state.status.details?.length ? `: ${state.status.details.join('; ')}` : ''}`,
          state.status.code,
        );
      }
      if (attempt + 1 >= authPollAttempts)
        throw new KsefUnavailableError('KSeF authentication still pending');
      await sleep(authPollIntervalMs);
    }

    const tokens = expect2xx(
      await call('POST', '/auth/token/redeem', { bearer: authToken }),
      'token redeem',
    ) as {
      accessToken: { token: string; validUntil: string };
    };
    return {
      nip,
      accessToken: tokens.accessToken.token,
      validUntil: new Date(tokens.accessToken.validUntil),
    };
  }

  async function openSession(auth: KsefAuth): Promise<KsefSession> {
    const { key: publicKeyObject, publicKeyId } = await publicKey('SymmetricKeyEncryption');
    const { key, iv } = newSessionKey();
    const opened = expect2xx(
      await call('POST', '/sessions/online', {
        bearer: auth.accessToken,
        body: {
          formCode: FORM_CODE,
          encryption: {
            encryptedSymmetricKey: rsaOaepEncrypt(publicKeyObject, key).toString('base64'),
            initializationVector: iv.toString('base64'),
            ...(publicKeyId ? { publicKeyId } : {}),
          },
        },
      }),
      'open session',
    ) as { referenceNumber: string };
    return { referenceNumber: opened.referenceNumber, auth, key, iv };
  }

  async function sendInvoice(session: KsefSession, invoice: { xml: string }) {
    const sent = expect2xx(
      await call('POST', `/sessions/online/${encodeURIComponent(session.referenceNumber)}/invoices`, {
        bearer: session.auth.accessToken,
        body: encryptedInvoicePayload(invoice.xml, session.key, session.iv),
      }),
      'send invoice',
    ) as { referenceNumber: string };
    return { invoiceReference: sent.referenceNumber };
  }

  async function upo(auth: KsefAuth, path: string): Promise<string> {
    const result = await call('GET', path, { bearer: auth.accessToken, accept: 'xml' });
    expect2xx(result, 'UPO');
    return result.text;
  }

  async function invoiceStatus(
    auth: KsefAuth,
    sessionReference: string,
    invoiceReference: string,
  ): Promise<KsefInvoiceStatus> {
    const base = `/sessions/${encodeURIComponent(sessionReference)}/invoices/${encodeURIComponent(invoiceReference)}`;
    const state = expect2xx(await call('GET', base, { bearer: auth.accessToken }), 'invoice status') as {
      ksefNumber?: string | null;
      acquisitionDate?: string | null;
      status: StatusInfo;
    };
    const { code, description } = state.status;
    if (code === 200 && state.ksefNumber) {
      return {
        state: 'accepted',
        ksefNumber: state.ksefNumber,
        upoXml: await upo(auth, `${base}/upo`),
        acquiredAt: state.acquisitionDate ? new Date(state.acquisitionDate) : null,
      };
    }
    // 440: KSeF already holds an invoice with this seller NIP and number: this very file (sent
    // before a crash, or by a second sender) or another invoice under the same number. The
    // original's UPO names its document hash; the worker compares it with this file (issue 30).
    // Before `extensions` (API 2.0 RC6) the same facts were only in the text of `details`.
    const detailText = (state.status.details ?? []).join(' ');
    const original =
      state.status.extensions?.originalKsefNumber ??
      /\b(\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2})\b/.exec(detailText)?.[1];
    const originalSession =
      state.status.extensions?.originalSessionReferenceNumber ??
      /sesji:?\s*([0-9A-Z-]{36})/.exec(detailText)?.[1];
    if (code === 440 && original && originalSession) {
      return {
        state: 'duplicate',
        code,
        description,
        details: state.status.details ?? [],
        ksefNumber: original,
        upoXml: await upo(
          auth,
          `/sessions/${encodeURIComponent(originalSession)}/invoices/ksef/${encodeURIComponent(original)}/upo`,
        ),
      };
    }
    if (code < 200 || code === 200) return { state: 'processing' };
    return { state: 'rejected', code, description, details: state.status.details ?? [] };
  }

  async function closeSession(session: KsefSession): Promise<void> {
    expect2xx(
      await call('POST', `/sessions/online/${encodeURIComponent(session.referenceNumber)}/close`, {
        bearer: session.auth.accessToken,
      }),
      'close session',
    );
  }

  return {
    environment: options.environment,
    authenticate,
    openSession,
    sendInvoice,
    invoiceStatus,
    closeSession,
  };
}
