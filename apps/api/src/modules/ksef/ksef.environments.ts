/**
 * KSeF API 2.0 per environment (CIRFMF/ksef-docs, srodowiska.md): TEST (release candidates, shared
 * test data), DEMO (production's configuration, for the last check of an integration) and PRD.
 * 'sandbox' is the embedded stand-in (ksef.sandbox.ts) and reaches no server.
 */
export const KSEF_ENVIRONMENTS = ['sandbox', 'test', 'demo', 'production'] as const;
export type KsefEnvironment = (typeof KSEF_ENVIRONMENTS)[number];

export const KSEF_API_URLS: Record<Exclude<KsefEnvironment, 'sandbox'>, string> = {
  test: 'https://api-test.ksef.mf.gov.pl/v2',
  demo: 'https://api-demo.ksef.mf.gov.pl/v2',
  production: 'https://api.ksef.mf.gov.pl/v2',
};
