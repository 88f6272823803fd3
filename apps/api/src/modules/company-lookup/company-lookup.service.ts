import type { CompanyLookupDto } from '@substytut/shared';
import type { FastifyBaseLogger } from 'fastify';
import { companyLookupUnavailable, companyNotFound } from './company-lookup.errors.ts';
import { CompanyLookupUnavailableError, type CompanyLookup } from './company-lookup.port.ts';

export interface CompanyLookupDeps {
  lookup: CompanyLookup;
  log: FastifyBaseLogger;
}

/** POST /public/nip: the company of a normalised, checksum-valid NIP; 404 when unknown. */
export async function lookupCompany(deps: CompanyLookupDeps, nip: string): Promise<CompanyLookupDto> {
  let company: CompanyLookupDto | null;
  try {
    company = await deps.lookup.find(nip);
  } catch (error) {
    if (error instanceof CompanyLookupUnavailableError) {
      deps.log.warn({ err: error }, 'company lookup unavailable');
      throw companyLookupUnavailable();
    }
    throw error;
  }
  if (!company) throw companyNotFound();
  return company;
}
