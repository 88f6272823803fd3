import { companyLookupDtoSchema, nipLookupSchema, type CompanyLookupDto } from '@substytut/shared';
import type { FastifyInstance } from 'fastify';
import { ResponseSerializationError, type ZodTypeProvider } from 'fastify-type-provider-zod';
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

const NIP_PATH = '/api/public/nip';
const nipAnswerSchema = dataOf(companyLookupDtoSchema);

/**
 * The answer's JSON for a company, checked against the route's response schema (what Fastify's
 * serializer would do: a wrong type throws, an unknown field is left out) once per company object.
 * The lookups answer the same object for a NIP while they keep it (the embedded registry always,
 * GUS for its cache's lifetime) and nothing changes it, so a repeated lookup sends the bytes
 * checked the first time (bench/api, decision 063).
 */
export function createNipAnswerJson(): (company: CompanyLookupDto) => string {
  const checked = new WeakMap<CompanyLookupDto, string>();
  return (company) => {
    let json = checked.get(company);
    if (json === undefined) {
      const result = nipAnswerSchema.safeEncode(ok(company));
      if (result.error) throw new ResponseSerializationError('POST', NIP_PATH, { cause: result.error });
      json = JSON.stringify(result.data);
      checked.set(company, json);
    }
    return json;
  };
}

/** POST /api/public/nip (spec 7): the company behind a NIP, to prefill the client invoice form. */
export async function companyLookupRoutes(app: FastifyInstance) {
  const deps = { lookup: createCompanyLookup(app), log: app.log };
  const answerJson = createNipAnswerJson();
  app.withTypeProvider<ZodTypeProvider>().post(
    NIP_PATH,
    {
      config: rateLimit(NIP_LOOKUP_RATE_LIMIT.max, NIP_LOOKUP_RATE_LIMIT.timeWindow),
      schema: { body: nipLookupSchema, response: { 200: nipAnswerSchema } },
    },
    async (request, reply) => {
      const json = answerJson(await lookupCompany(deps, request.body.nip));
      // A string with its content type is sent as it is (already checked and serialized above).
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );
}
