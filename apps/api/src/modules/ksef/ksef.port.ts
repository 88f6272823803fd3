/**
 * The e-invoicing port (DESIGN.md section 2): the embedded sandbox (ksef.sandbox.ts) or the
 * Ministry's KSeF API 2.0 (ksef.client.ts), chosen by KSEF_ENV. The steps follow KSeF's online
 * ("interaktywna") session: authenticate with a KSeF token in the seller's NIP context, open a
 * session (a fresh AES key for it), send each invoice encrypted with its hashes, read its status
 * until KSeF gives its number and UPO (or a rejection), close the session.
 */

import type { KsefEnvironment } from '../app/config.ts';

export type { KsefEnvironment } from '../app/config.ts';

/** An access token for one NIP context. Opaque to callers; never logged. */
export interface KsefAuth {
  nip: string;
  accessToken: string;
  /** when KSeF stops accepting the access token */
  validUntil: Date;
}

/** An open online session; the symmetric key lives only in this object, in this process. */
export interface KsefSession {
  referenceNumber: string;
  auth: KsefAuth;
  /** AES-256 key and IV of the session (never leaves the process unencrypted) */
  key: Buffer;
  iv: Buffer;
}

export interface KsefInvoiceToSend {
  /** the FA(3) XML exactly as issued: its bytes are hashed and encrypted */
  xml: string;
}

/**
 * KSeF's verdict on one invoice: still processing, accepted (with its KSeF number and the UPO
 * XML), a duplicate (440: KSeF already holds an invoice with this seller NIP and number; its KSeF
 * number and UPO are given, and only the UPO's document hash tells whether it is this very file,
 * sent before a crash, or another invoice under the same number), or rejected (KSeF's code and
 * description, e.g. a schema error).
 */
export type KsefInvoiceStatus =
  | { state: 'processing' }
  | { state: 'accepted'; ksefNumber: string; upoXml: string; acquiredAt: Date | null }
  | {
      state: 'duplicate';
      code: number;
      description: string;
      details: string[];
      ksefNumber: string;
      upoXml: string;
    }
  | { state: 'rejected'; code: number; description: string; details: string[] };

export interface KsefPort {
  readonly environment: KsefEnvironment;
  /** Challenge → the token encrypted for the Ministry → wait for the verdict → access token. */
  authenticate(input: { nip: string; token: string }): Promise<KsefAuth>;
  openSession(auth: KsefAuth): Promise<KsefSession>;
  /** Returns KSeF's reference of the uploaded invoice; its verification goes on asynchronously. */
  sendInvoice(session: KsefSession, invoice: KsefInvoiceToSend): Promise<{ invoiceReference: string }>;
  /** Works without the session's key, so it also answers after a restart (auth of the same NIP). */
  invoiceStatus(
    auth: KsefAuth,
    sessionReference: string,
    invoiceReference: string,
  ): Promise<KsefInvoiceStatus>;
  closeSession(session: KsefSession): Promise<void>;
}

/**
 * A failure of the call itself (network, 5xx, 429, an expired access token) rather than a verdict
 * on the invoice: the outbox retries it later.
 */
export class KsefUnavailableError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'KsefUnavailableError';
  }
}

/** KSeF refused the credentials (a revoked or wrong token, no permission for the NIP). */
export class KsefAuthError extends Error {
  constructor(
    message: string,
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'KsefAuthError';
  }
}
