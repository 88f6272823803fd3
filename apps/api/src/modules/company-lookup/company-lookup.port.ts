import type { CompanyLookupDto } from '@substytut/shared';

/**
 * The company-lookup port: a registry that answers a NIP with the company's name and address.
 * Two adapters: the embedded sample registry (default) and GUS REGON BIR1.1 (GUS_API_KEY).
 */
export interface CompanyLookup {
  readonly kind: 'sample' | 'gus';
  /** The company registered under a normalised, checksum-valid NIP; null when there is none. */
  find(nip: string): Promise<CompanyLookupDto | null>;
}

/** The registry could not be asked (down, timed out, refused the key); the client may retry. */
export class CompanyLookupUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CompanyLookupUnavailableError';
  }
}
