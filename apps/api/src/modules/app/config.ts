import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_BOOKING_URL, DEFAULT_SUPPORT_EMAIL } from '@substytut/shared/public-defaults';

export class ConfigError extends Error {
  constructor(
    message: string,
    readonly variables: string[],
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

// The api package root is found by walking up to its package.json, so the same code works from
// src/ (tsx, vitest) and from the esbuild bundle in dist/.
function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    if (existsSync(candidate)) {
      try {
        const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string };
        if (pkg.name === '@substytut/api') return dir;
      } catch {
        // not our package.json; keep walking
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot locate the @substytut/api package root');
    dir = parent;
  }
}

export const apiRoot = findApiRoot();

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const httpUrl = () => z.url({ protocol: /^https?$/, message: 'expected an http(s) URL' });
const optionalUrl = z.preprocess(emptyToUndefined, httpUrl().optional());

const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
);

// Fastify's trustProxy accepts a boolean, a hop count, or a comma-separated list of addresses.
const trustProxy = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((v): boolean | number | string => {
      if (v === undefined || v === 'false' || v === '0') return false;
      if (v === 'true') return true;
      if (/^\d+$/.test(v)) return Number(v);
      return v;
    }),
);

/**
 * KSeF API 2.0 per environment (CIRFMF/ksef-docs, srodowiska.md): TEST (release candidates, shared
 * test data), DEMO (production's configuration, for the last check of an integration) and PRD.
 * 'sandbox' is the embedded stand-in (modules/ksef/ksef.sandbox.ts) and reaches no server.
 */
export const KSEF_ENVIRONMENTS = ['sandbox', 'test', 'demo', 'production'] as const;
export type KsefEnvironment = (typeof KSEF_ENVIRONMENTS)[number];

export const KSEF_API_URLS: Record<Exclude<KsefEnvironment, 'sandbox'>, string> = {
  test: 'https://api-test.ksef.mf.gov.pl/v2',
  demo: 'https://api-demo.ksef.mf.gov.pl/v2',
  production: 'https://api.ksef.mf.gov.pl/v2',
};

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  // Unset: 127.0.0.1 outside production (the sandbox is for this machine only), 0.0.0.0 in production.
  HOST: optionalString,
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')
      .optional(),
  ),
  MIGRATIONS_DIR: optionalString,
  WEB_BUILD_DIR: optionalString,
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: trustProxy,
  ALLOW_SANDBOX_IN_PRODUCTION: booleanFlag,

  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalString,

  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,

  BOOKING_URL: z.preprocess(emptyToUndefined, httpUrl().default(DEFAULT_BOOKING_URL)),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email().default(DEFAULT_SUPPORT_EMAIL)),

  // Outside services added by later features; read here so the sandbox markers and the CSP know
  // which real providers are configured.
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_JWKS_URL: z.preprocess(
    emptyToUndefined,
    httpUrl().default('https://www.googleapis.com/oauth2/v3/certs'),
  ),
  TURNSTILE_SITE_KEY: optionalString,
  TURNSTILE_SECRET: optionalString,
  TURNSTILE_VERIFY_URL: z.preprocess(
    emptyToUndefined,
    httpUrl().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: z.preprocess(emptyToUndefined, httpUrl().default('https://api.stripe.com')),
  STRIPE_WEBHOOK_SECRET: optionalString,
  GUS_API_KEY: optionalString,
  GUS_API_URL: z.preprocess(
    emptyToUndefined,
    httpUrl().default('https://wyszukiwarkaregon.stat.gov.pl/wsBIR/UslugaBIRzewnPubl.svc'),
  ),
  PLATFORM_FEE_PERCENT: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(100).default(0)),
  ACCEPTANCE_WINDOW_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(90).default(7)),
  RATE_LIMIT_STORE: z.preprocess(emptyToUndefined, z.enum(['memory', 'database']).optional()),
  RATE_LIMIT_SYNC_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).default(20)),
  // Issue 22: which licence register answers (the embedded sample, or rejestradwokatow.pl).
  LICENCE_REGISTER: z.preprocess(emptyToUndefined, z.enum(['sample', 'advocates']).default('sample')),
  LICENCE_REGISTER_URL: z.preprocess(emptyToUndefined, httpUrl().default('https://rejestradwokatow.pl')),
  LICENCE_REGISTER_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(100).max(60_000).default(10_000),
  ),
  // Issue 30: the pause before the entry's own page (its contacts) after a search: the register's
  // crawl delay. Tests against the local fake set 0.
  LICENCE_REGISTER_PAGE_DELAY_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(60_000).default(10_000),
  ),
  // E-invoicing (modules/ksef): the embedded sandbox, or the Ministry's KSeF API 2.0 environment.
  KSEF_ENV: z.preprocess(emptyToUndefined, z.enum(KSEF_ENVIRONMENTS).default('sandbox')),
  // Overrides the environment's API address (a local fake in tests, a proxy).
  KSEF_API_URL: optionalUrl,
  // The operator's KSeF token, for the platform's own fee invoices (seller = the operator).
  KSEF_PLATFORM_TOKEN: optionalString,
  // The sandbox answers like an unreachable KSeF (to see retries and the lawyer's status).
  KSEF_SANDBOX_OUTAGE: booleanFlag,
  // 32 bytes as 64 hex digits: seals secrets the server must read back (lawyers' KSeF tokens).
  SECRETS_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hex digits (openssl rand -hex 32)')
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface SandboxFlags {
  /** true when any sandbox adapter is active */
  active: boolean;
  payments: boolean;
  companyLookup: boolean;
  botCheck: boolean;
  mail: boolean;
  /**
   * Google sign-in without GOOGLE_CLIENT_ID outside production: a local stand-in signs the ID
   * tokens (auth/google-sandbox.ts). Never in production: it signs in as any address.
   */
  googleSignIn: boolean;
  /** the embedded sample licence register instead of rejestradwokatow.pl (issue 22) */
  licenceRegister: boolean;
  /** the embedded KSeF stand-in: its KSeF numbers and UPOs have no legal effect */
  ksef: boolean;
}

export interface Config {
  env: Env;
  nodeEnv: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  /** true when PUBLIC_URL is https, so cookies get the Secure flag */
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** where PGlite keeps its files when DATABASE_URL is unset */
  pgliteDir: string;
  migrationsDir: string;
  /** The web app's build (decision 016): build/client for browsers, build/server for this server. */
  webBuildDir: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean | number | string;
  mail: { smtpUrl: string; from: string } | null;
  s3: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
  } | null;
  storageDir: string;
  bookingUrl: string;
  supportEmail: string;
  googleClientId: string | null;
  /** where Google's signing keys are fetched (a local key set in tests) */
  googleJwksUrl: string;
  turnstileSiteKey: string | null;
  turnstileSecret: string | null;
  turnstileVerifyUrl: string;
  stripeSecretKey: string | null;
  /** signing secret of the Connect webhook endpoint (account events) */
  stripeConnectWebhookSecret: string | null;
  /** Stripe's API address (a local fake in tests) */
  stripeApiUrl: string;
  /** signing secret of the platform webhook endpoint (checkout and charge events) */
  stripeWebhookSecret: string | null;
  gusApiKey: string | null;
  /** GUS REGON BIR1.1 endpoint (a local fake in tests) */
  gusApiUrl: string;
  /** the platform's share of each paid offer, in percent of the gross */
  platformFeePercent: number;
  licenceRegister: {
    kind: 'sample' | 'advocates';
    /** rejestradwokatow.pl (a local fake in tests) */
    url: string;
    timeoutMs: number;
    /** the pause between the search and the entry's page (issue 30) */
    pageDelayMs: number;
  };
  /** days the client has to confirm a done job before it is archived and paid out */
  acceptanceWindowDays: number;
  /**
   * Where the rate limiter counts requests: this process's memory, or the database so that every
   * instance on it shares one count (the default with DATABASE_URL).
   */
  rateLimitStore: 'memory' | 'database';
  /** how often (ms) an instance syncs its rate-limit counts with the database's (decision 031) */
  rateLimitSyncMs: number;
  ksef: {
    environment: KsefEnvironment;
    /** KSeF API 2.0 base address (…/v2); null for the sandbox */
    apiUrl: string | null;
    platformToken: string | null;
    sandboxOutage: boolean;
  };
  /**
   * The key that seals stored secrets (app/secrets-key.ts); null when SECRETS_KEY is unset, and
   * then outside production a key file under DATA_DIR stands in.
   */
  secretsKey: Buffer | null;
  sandbox: SandboxFlags;
}

function formatIssues(issues: z.core.$ZodIssue[]): { message: string; variables: string[] } {
  const variables: string[] = [];
  const lines = issues.map((issue) => {
    const name = String(issue.path[0] ?? '(environment)');
    if (!variables.includes(name)) variables.push(name);
    return `${name}: ${issue.message}`;
  });
  return { message: `Invalid environment: ${lines.join('; ')}`, variables };
}

const S3_VARS = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** Reads and validates the environment once. Throws ConfigError naming every bad variable. */
export function loadConfig(
  source: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env,
): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const { message, variables } = formatIssues(parsed.error.issues);
    throw new ConfigError(message, variables);
  }
  const env = parsed.data;
  const problems: string[] = [];
  const badVars: string[] = [];
  const problem = (name: string, text: string) => {
    problems.push(`${name}: ${text}`);
    badVars.push(name);
  };

  if (env.SMTP_URL && !env.MAIL_FROM) problem('MAIL_FROM', 'required when SMTP_URL is set');
  // Without it no account ever becomes ready; outside production the server only warns.
  if (env.NODE_ENV === 'production' && env.STRIPE_SECRET_KEY && !env.STRIPE_CONNECT_WEBHOOK_SECRET)
    problem('STRIPE_CONNECT_WEBHOOK_SECRET', 'required with STRIPE_SECRET_KEY in production');
  // Without it no payment is ever confirmed.
  if (env.NODE_ENV === 'production' && env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
    problem('STRIPE_WEBHOOK_SECRET', 'required with STRIPE_SECRET_KEY in production');

  const s3Set = S3_VARS.filter((name) => env[name] !== undefined);
  if (s3Set.length > 0 && s3Set.length < S3_VARS.length) {
    for (const name of S3_VARS.filter((n) => env[n] === undefined)) {
      problem(name, `required when ${s3Set.join(', ')} ${s3Set.length === 1 ? 'is' : 'are'} set`);
    }
  }

  const sandbox: SandboxFlags = {
    payments: !env.STRIPE_SECRET_KEY,
    companyLookup: !env.GUS_API_KEY,
    botCheck: !env.TURNSTILE_SECRET,
    mail: !env.SMTP_URL,
    googleSignIn: !env.GOOGLE_CLIENT_ID && env.NODE_ENV !== 'production',
    licenceRegister: env.LICENCE_REGISTER === 'sample',
    ksef: env.KSEF_ENV === 'sandbox',
    active: false,
  };
  sandbox.active =
    sandbox.payments ||
    sandbox.companyLookup ||
    sandbox.botCheck ||
    sandbox.mail ||
    sandbox.googleSignIn ||
    sandbox.licenceRegister ||
    sandbox.ksef;

  if (env.NODE_ENV === 'production' && sandbox.active && !env.ALLOW_SANDBOX_IN_PRODUCTION) {
    const missing = [
      sandbox.payments && 'STRIPE_SECRET_KEY',
      sandbox.companyLookup && 'GUS_API_KEY',
      sandbox.botCheck && 'TURNSTILE_SECRET',
      sandbox.mail && 'SMTP_URL',
      sandbox.licenceRegister && 'LICENCE_REGISTER=advocates',
      sandbox.ksef && 'KSEF_ENV',
    ].filter((v): v is string => typeof v === 'string');
    problem(
      'ALLOW_SANDBOX_IN_PRODUCTION',
      `NODE_ENV=production with sandbox adapters (${missing.join(', ')} unset); set them or ALLOW_SANDBOX_IN_PRODUCTION=true`,
    );
  }

  if (problems.length > 0) {
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`, badVars);
  }

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(env.DATA_DIR);

  return {
    env,
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'pglite'),
    migrationsDir: path.resolve(env.MIGRATIONS_DIR ?? path.join(apiRoot, 'drizzle')),
    webBuildDir: path.resolve(env.WEB_BUILD_DIR ?? path.join(apiRoot, '..', 'web', 'build')),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    mail: env.SMTP_URL && env.MAIL_FROM ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } : null,
    s3:
      env.S3_ENDPOINT && env.S3_BUCKET && env.S3_REGION && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          }
        : null,
    storageDir: path.join(dataDir, 'storage'),
    bookingUrl: env.BOOKING_URL,
    supportEmail: env.SUPPORT_EMAIL,
    googleClientId: env.GOOGLE_CLIENT_ID ?? null,
    googleJwksUrl: env.GOOGLE_JWKS_URL,
    turnstileSiteKey: env.TURNSTILE_SITE_KEY ?? null,
    turnstileSecret: env.TURNSTILE_SECRET ?? null,
    turnstileVerifyUrl: env.TURNSTILE_VERIFY_URL,
    stripeSecretKey: env.STRIPE_SECRET_KEY ?? null,
    stripeConnectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET ?? null,
    stripeApiUrl: env.STRIPE_API_URL,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
    licenceRegister: {
      kind: env.LICENCE_REGISTER,
      url: env.LICENCE_REGISTER_URL.replace(/\/+$/, ''),
      timeoutMs: env.LICENCE_REGISTER_TIMEOUT_MS,
      pageDelayMs: env.LICENCE_REGISTER_PAGE_DELAY_MS,
    },
    gusApiKey: env.GUS_API_KEY ?? null,
    gusApiUrl: env.GUS_API_URL,
    platformFeePercent: env.PLATFORM_FEE_PERCENT,
    acceptanceWindowDays: env.ACCEPTANCE_WINDOW_DAYS,
    rateLimitStore: env.RATE_LIMIT_STORE ?? (env.DATABASE_URL ? 'database' : 'memory'),
    rateLimitSyncMs: env.RATE_LIMIT_SYNC_MS,
    ksef: {
      environment: env.KSEF_ENV,
      apiUrl:
        env.KSEF_ENV === 'sandbox' ? null : (env.KSEF_API_URL ?? KSEF_API_URLS[env.KSEF_ENV]).replace(/\/+$/, ''),
      platformToken: env.KSEF_PLATFORM_TOKEN ?? null,
      sandboxOutage: env.KSEF_SANDBOX_OUTAGE,
    },
    secretsKey: env.SECRETS_KEY ? Buffer.from(env.SECRETS_KEY, 'hex') : null,
    sandbox,
  };
}

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and the name localhost: addresses only this machine reaches. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.trim().toLowerCase().replace(/^\[|\]$/g, '');
  if (bare === 'localhost' || bare === '::1' || bare === '0:0:0:0:0:0:0:1') return true;
  const v4 = bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare;
  return /^127(\.\d{1,3}){3}$/.test(v4);
}

/**
 * The one start-log warning for a server that other machines can reach while a sandbox adapter
 * is active (sandbox sign-in, local mailbox, fake payments…), or null when there is nothing to say.
 */
export function exposureWarning(config: Pick<Config, 'host' | 'sandbox'>): string | null {
  if (!config.sandbox.active || isLoopbackAddress(config.host)) return null;
  const active = (Object.keys(config.sandbox) as (keyof SandboxFlags)[]).filter(
    (name) => name !== 'active' && config.sandbox[name],
  );
  return `HOST=${config.host} makes this server reachable from other machines while sandbox adapters are active (${active.join(', ')}): anyone who reaches it can pay with fake money and use the demo accounts; configure the real services (docs/operations.md) or unset HOST`;
}
