import { companyLookupDtoSchema, nipLookupSchema } from '@substytut/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataOf, ok } from '../app/http.ts';
import { rateLimit } from '../app/rate-limit.ts';
import type { CompanyLookup } from './company-lookup.port.ts';
import { createGusBirLookup } from './gus-bir.ts';
import { lookupCompany } from './company-lookup.service.ts';
import { createSampleRegistry } from './sample-registry.ts';

// The form asks once per typed NIP; this leaves room for corrections while keeping the registry
// (and GUS's per-key quota) from being walked through.
export const NIP_LOOKUP_RATE_LIMIT = { max: 20, timeWindow: '1 minute' } as const;

export function createCompanyLookup(app: FastifyInstance): CompanyLookup {
  const { config } = app;
  return config.gusApiKey
    ? createGusBirLookup({ apiKey: config.gusApiKey, url: config.gusApiUrl, clock: app.clock })
    : createSampleRegistry();
}

/** POST /api/public/nip (spec 7): the company behind a NIP, to prefill the client invoice form. */
export async function companyLookupRoutes(app: FastifyInstance) {
  const deps = { lookup: createCompanyLookup(app), log: app.log };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/public/nip',
    {
      config: rateLimit(NIP_LOOKUP_RATE_LIMIT.max, NIP_LOOKUP_RATE_LIMIT.timeWindow),
      schema: { body: nipLookupSchema, response: { 200: dataOf(companyLookupDtoSchema) } },
    },
    async (request) => ok(await lookupCompany(deps, request.body.nip)),
  );
}
