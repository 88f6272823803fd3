import { useMutation } from '@tanstack/react-query';
import type { CompanyLookupDto } from '@substytut/shared';
import { api } from '@/lib/api-client';

/** POST /public/nip: the company registered under a NIP (404 company.not_found when unknown). */
export function lookupCompany(nip: string): Promise<CompanyLookupDto> {
  return api.post<CompanyLookupDto>('/public/nip', { nip });
}

export function useLookupCompany() {
  return useMutation({ mutationFn: lookupCompany });
}
