import { isValidNipChecksum, normalizeNip, type CompanyLookupDto } from '@substytut/shared';
import { useEffect, useRef, useState } from 'react';
import { api, isApiError } from '@/lib/api-client';

export type CompanyLookup = 'idle' | 'searching' | 'found' | 'notFound' | 'failed';

/** POST /public/nip: the company registered under a NIP (404 company.not_found when unknown). */
export function lookupCompany(nip: string): Promise<CompanyLookupDto> {
  return api.post<CompanyLookupDto>('/public/nip', { nip });
}

/**
 * Looks the company up once a NIP with a valid checksum is typed (each NIP once), and hands it
 * to `onFound` unless the NIP changed meanwhile (`currentNip` reads it then). Used by the
 * client's step 2 and (issue 34) the lawyer's own invoice data. `onFound` must be stable.
 */
export function useCompanyLookup(
  nip: string | undefined,
  currentNip: () => string | undefined,
  onFound: (company: CompanyLookupDto) => void,
): CompanyLookup {
  const [lookup, setLookup] = useState<CompanyLookup>('idle');
  const lookedUp = useRef<string | null>(null);
  useEffect(() => {
    const digits = normalizeNip(nip ?? '');
    if (!isValidNipChecksum(digits)) {
      lookedUp.current = null;
      setLookup('idle');
      return;
    }
    if (lookedUp.current === digits) return;
    lookedUp.current = digits;
    setLookup('searching');
    // No cleanup flag: the answer is dropped below if the NIP changed meanwhile, and a flag would
    // also drop it when StrictMode replays this effect.
    lookupCompany(digits).then(
      (company) => {
        if (normalizeNip(currentNip() ?? '') !== digits) return;
        onFound(company);
        setLookup('found');
      },
      (error: unknown) => {
        if (normalizeNip(currentNip() ?? '') !== digits) return;
        setLookup(isApiError(error) && error.status === 404 ? 'notFound' : 'failed');
      },
    );
  }, [nip, currentNip, onFound]);
  return lookup;
}
