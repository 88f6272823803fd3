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

const httpUrl = () => z.url({ protocol: /^https?$/, message: 'expected an http(s) URL' });
const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
/** An optional text as the config holds it: null when unset. */
const orNull = z
  .string()
  .optional()
  .transform((v) => v ?? null);

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

// Fastify's trustProxy accepts a boolean, a hop count, or a comma-separated list of addresses.
const trustProxy = z
  .string()
  .optional()
  .transform((v): boolean | number | string => {
    if (v === undefined || v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    return v;
  });

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

/**
 * One setting: the environment variable it is read from and its zod schema, which says how the
 * text is parsed, its default, and the error a bad value gives ("PORT: …"). An empty value counts
 * as unset.
 */
export interface Setting<T> {
  readonly variable: string;
  readonly schema: z.ZodType<T>;
}

function setting<S extends z.ZodType>(variable: string, schema: S): Setting<z.output<S>> {
  return { variable, schema: z.preprocess(emptyToUndefined, schema) as unknown as z.ZodType<z.output<S>> };
}

type SettingTree = { readonly [name: string]: Setting<unknown> | SettingTree };
type Values<T extends SettingTree> = {
  -readonly [K in keyof T]: T[K] extends Setting<infer V>
    ? V
    : T[K] extends SettingTree
      ? Values<T[K]>
      : never;
};

/**
 * Every setting, once: its place in the Config, its variable, default, parsing and error. A new
 * setting is one line here (and its line in .env.example and README, which config.test.ts checks).
 * A few values are then derived from several settings (deriveConfig below).
 */
export const SETTINGS = {
  nodeEnv: setting('NODE_ENV', z.enum(['development', 'production', 'test']).default('development')),
  port: setting('PORT', z.coerce.number().int().min(0).max(65535).default(3000)),
  // Unset: 127.0.0.1 outside production (the sandbox is for this machine only), 0.0.0.0 in production.
  host: setting('HOST', z.string().optional()),
  /** Unset: http://localhost:$PORT */
  publicUrl: setting('PUBLIC_URL', httpUrl().optional()),
  dataDir: setting(
    'DATA_DIR',
    z
      .string()
      .default('./data')
      .transform((dir) => path.resolve(dir)),
  ),
  databaseUrl: setting(
    'DATABASE_URL',
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')
      .optional(),
  ),
  migrationsDir: setting(
    'MIGRATIONS_DIR',
    z
      .string()
      .optional()
      .transform((dir) => path.resolve(dir ?? path.join(apiRoot, 'drizzle'))),
  ),
  /** The web app's build (decision 016): build/client for browsers, build/server for this server. */
  webBuildDir: setting(
    'WEB_BUILD_DIR',
    z
      .string()
      .optional()
      .transform((dir) => path.resolve(dir ?? path.join(apiRoot, '..', 'web', 'build'))),
  ),
  logLevel: setting(
    'LOG_LEVEL',
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  trustProxy: setting('TRUST_PROXY', trustProxy),
  allowSandboxInProduction: setting('ALLOW_SANDBOX_IN_PRODUCTION', booleanFlag),
  mail: {
    smtpUrl: setting(
      'SMTP_URL',
      z
        .string()
        .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
        .optional(),
    ),
    from: setting('MAIL_FROM', z.string().optional()),
  },
  s3: {
    endpoint: setting('S3_ENDPOINT', httpUrl().optional()),
    bucket: setting('S3_BUCKET', z.string().optional()),
    region: setting('S3_REGION', z.string().optional()),
    accessKeyId: setting('S3_ACCESS_KEY_ID', z.string().optional()),
    secretAccessKey: setting('S3_SECRET_ACCESS_KEY', z.string().optional()),
  },
  bookingUrl: setting('BOOKING_URL', httpUrl().default(DEFAULT_BOOKING_URL)),
  supportEmail: setting('SUPPORT_EMAIL', z.email().default(DEFAULT_SUPPORT_EMAIL)),
  // Outside services: unset, the embedded sandbox stands in (see SandboxFlags).
  googleClientId: setting('GOOGLE_CLIENT_ID', orNull),
  /** where Google's signing keys are fetched (a local key set in tests) */
  googleJwksUrl: setting('GOOGLE_JWKS_URL', httpUrl().default('https://www.googleapis.com/oauth2/v3/certs')),
  turnstileSiteKey: setting('TURNSTILE_SITE_KEY', orNull),
  turnstileSecret: setting('TURNSTILE_SECRET', orNull),
  turnstileVerifyUrl: setting(
    'TURNSTILE_VERIFY_URL',
    httpUrl().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  ),
  stripeSecretKey: setting('STRIPE_SECRET_KEY', orNull),
  /** signing secret of the Connect webhook endpoint (account events) */
  stripeConnectWebhookSecret: setting('STRIPE_CONNECT_WEBHOOK_SECRET', orNull),
  /** Stripe's API address (a local fake in tests) */
  stripeApiUrl: setting('STRIPE_API_URL', httpUrl().default('https://api.stripe.com')),
  /** signing secret of the platform webhook endpoint (checkout and charge events) */
  stripeWebhookSecret: setting('STRIPE_WEBHOOK_SECRET', orNull),
  gusApiKey: setting('GUS_API_KEY', orNull),
  /** GUS REGON BIR1.1 endpoint (a local fake in tests) */
  gusApiUrl: setting(
    'GUS_API_URL',
    httpUrl().default('https://wyszukiwarkaregon.stat.gov.pl/wsBIR/UslugaBIRzewnPubl.svc'),
  ),
  /** the platform's share of each paid offer, in percent of the gross */
  platformFeePercent: setting('PLATFORM_FEE_PERCENT', z.coerce.number().min(0).max(100).default(0)),
  /** days the client has to confirm a done job before it is archived and paid out */
  acceptanceWindowDays: setting('ACCEPTANCE_WINDOW_DAYS', z.coerce.number().int().min(1).max(90).default(7)),
  /** the substitution board's rate limits per client address and hour (issue 32) */
  boardPostsPerHour: setting('BOARD_POSTS_PER_HOUR', z.coerce.number().int().min(1).max(10_000).default(20)),
  boardAnswersPerHour: setting('BOARD_ANSWERS_PER_HOUR', z.coerce.number().int().min(1).max(10_000).default(120)),
  boardReportsPerHour: setting('BOARD_REPORTS_PER_HOUR', z.coerce.number().int().min(1).max(10_000).default(10)),
  /** Unset: 'database' with DATABASE_URL, else 'memory' (deriveConfig). */
  rateLimitStore: setting('RATE_LIMIT_STORE', z.enum(['memory', 'database']).optional()),
  /** how often (ms) an instance syncs its rate-limit counts with the database's (decision 031) */
  rateLimitSyncMs: setting('RATE_LIMIT_SYNC_MS', z.coerce.number().int().min(1).max(1000).default(20)),
  // Issue 22: which licence register answers (the embedded sample, or rejestradwokatow.pl).
  licenceRegister: {
    kind: setting('LICENCE_REGISTER', z.enum(['sample', 'advocates']).default('sample')),
    /** rejestradwokatow.pl (a local fake in tests) */
    url: setting(
      'LICENCE_REGISTER_URL',
      httpUrl().default('https://rejestradwokatow.pl').transform(withoutTrailingSlash),
    ),
    timeoutMs: setting(
      'LICENCE_REGISTER_TIMEOUT_MS',
      z.coerce.number().int().min(100).max(60_000).default(10_000),
    ),
    /**
     * the pause between the search and the entry's page (its contacts): the register's crawl
     * delay (issue 30). Tests against the local fake set 0.
     */
    pageDelayMs: setting(
      'LICENCE_REGISTER_PAGE_DELAY_MS',
      z.coerce.number().int().min(0).max(60_000).default(10_000),
    ),
  },
  /**
   * How often (ms) the KSeF worker looks for invoices due to be sent or asked about. The browser
   * tests' servers set it short, so a journey sees KSeF's verdict without waiting (decision 072).
   */
  ksefPollMs: setting('KSEF_POLL_MS', z.coerce.number().int().min(100).max(600_000).default(5000)),
  // E-invoicing (modules/ksef): the embedded sandbox, or the Ministry's KSeF API 2.0 environment.
  ksef: {
    environment: setting('KSEF_ENV', z.enum(KSEF_ENVIRONMENTS).default('sandbox')),
    /** Overrides the environment's API address (a local fake in tests, a proxy); see deriveConfig. */
    apiUrl: setting('KSEF_API_URL', httpUrl().optional()),
    /** The operator's KSeF token, for the platform's own fee invoices (seller = the operator). */
    platformToken: setting('KSEF_PLATFORM_TOKEN', orNull),
    /** The sandbox answers like an unreachable KSeF (to see retries and the lawyer's status). */
    sandboxOutage: setting('KSEF_SANDBOX_OUTAGE', booleanFlag),
  },
  // Web Push (issue 32): the VAPID key pair; unset, outside production a pair kept in DATA_DIR/vapid.json.
  push: {
    /** base64url of the uncompressed P-256 public key (web-push generate-vapid-keys) */
    vapidPublicKey: setting('VAPID_PUBLIC_KEY', orNull),
    vapidPrivateKey: setting('VAPID_PRIVATE_KEY', orNull),
    /** who the push services may contact: mailto: or https:; unset, mailto:SUPPORT_EMAIL */
    vapidSubject: setting(
      'VAPID_SUBJECT',
      z
        .string()
        .regex(/^(mailto:|https:\/\/)/, 'expected a mailto: or https:// address')
        .optional()
        .transform((v) => v ?? null),
    ),
  },
  /**
   * The key that seals stored secrets (app/secrets-key.ts): 32 bytes as 64 hex digits; null when
   * SECRETS_KEY is unset, and then outside production a key file under DATA_DIR stands in.
   */
  secretsKey: setting(
    'SECRETS_KEY',
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hex digits (openssl rand -hex 32)')
      .optional()
      .transform((hex) => (hex ? Buffer.from(hex, 'hex') : null)),
  ),
} as const satisfies SettingTree;

type SettingValues = Values<typeof SETTINGS>;

function settingsOf(tree: SettingTree): Setting<unknown>[] {
  return Object.values(tree).flatMap((node) =>
    'variable' in node ? [node as Setting<unknown>] : settingsOf(node),
  );
}

/** Every environment variable the server reads, in the order of SETTINGS. */
export const SETTING_VARIABLES: readonly string[] = settingsOf(SETTINGS).map((s) => s.variable);

// The one zod schema of the environment, keyed by variable so each error names its variable.
const envSchema = z.object(Object.fromEntries(settingsOf(SETTINGS).map((s) => [s.variable, s.schema])));

function valuesOf(tree: SettingTree, env: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(tree).map(([name, node]) => [
      name,
      'variable' in node ? env[(node as Setting<unknown>).variable] : valuesOf(node, env),
    ]),
  );
}

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

/** The settings as read, with the values that depend on several of them (deriveConfig). */
export interface Config extends Omit<
  SettingValues,
  'host' | 'publicUrl' | 'mail' | 's3' | 'rateLimitStore' | 'ksef'
> {
  isProduction: boolean;
  host: string;
  publicUrl: string;
  /** true when PUBLIC_URL is https, so cookies get the Secure flag */
  secureCookies: boolean;
  /** where PGlite keeps its files when DATABASE_URL is unset */
  pgliteDir: string;
  storageDir: string;
  mail: { smtpUrl: string; from: string } | null;
  s3: { [K in keyof SettingValues['s3']]: string } | null;
  /**
   * Where the rate limiter counts requests: this process's memory, or the database so that every
   * instance on it shares one count (the default with DATABASE_URL).
   */
  rateLimitStore: 'memory' | 'database';
  ksef: Omit<SettingValues['ksef'], 'apiUrl'> & {
    /** KSeF API 2.0 base address (…/v2); null for the sandbox */
    apiUrl: string | null;
  };
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

/** Reads and validates the environment once. Throws ConfigError naming every bad variable. */
export function loadConfig(
  source: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env,
): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const { message, variables } = formatIssues(parsed.error.issues);
    throw new ConfigError(message, variables);
  }
  return deriveConfig(valuesOf(SETTINGS, parsed.data) as SettingValues);
}

/** The rules between settings, and the values that depend on several of them. */
function deriveConfig(settings: SettingValues): Config {
  const problems: string[] = [];
  const badVars: string[] = [];
  const problem = (name: string, text: string) => {
    problems.push(`${name}: ${text}`);
    badVars.push(name);
  };
  const production = settings.nodeEnv === 'production';
  const { mail, s3, ksef } = settings;

  if (mail.smtpUrl && !mail.from) problem('MAIL_FROM', 'required when SMTP_URL is set');
  if (!settings.push.vapidPublicKey !== !settings.push.vapidPrivateKey)
    problem(
      settings.push.vapidPublicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY',
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
    );
  // Without it no account ever becomes ready; outside production the server only warns.
  if (production && settings.stripeSecretKey && !settings.stripeConnectWebhookSecret)
    problem('STRIPE_CONNECT_WEBHOOK_SECRET', 'required with STRIPE_SECRET_KEY in production');
  // Without it no payment is ever confirmed.
  if (production && settings.stripeSecretKey && !settings.stripeWebhookSecret)
    problem('STRIPE_WEBHOOK_SECRET', 'required with STRIPE_SECRET_KEY in production');

  const s3Settings = Object.entries(SETTINGS.s3).map(([name, { variable }]) => ({
    variable,
    set: s3[name as keyof typeof s3] !== undefined,
  }));
  const s3Set = s3Settings.filter((s) => s.set).map((s) => s.variable);
  if (s3Set.length > 0 && s3Set.length < s3Settings.length) {
    for (const { variable } of s3Settings.filter((s) => !s.set)) {
      problem(variable, `required when ${s3Set.join(', ')} ${s3Set.length === 1 ? 'is' : 'are'} set`);
    }
  }

  const sandbox: SandboxFlags = {
    payments: !settings.stripeSecretKey,
    companyLookup: !settings.gusApiKey,
    botCheck: !settings.turnstileSecret,
    mail: !mail.smtpUrl,
    googleSignIn: !settings.googleClientId && !production,
    licenceRegister: settings.licenceRegister.kind === 'sample',
    ksef: ksef.environment === 'sandbox',
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

  if (production && sandbox.active && !settings.allowSandboxInProduction) {
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

  const publicUrl = withoutTrailingSlash(settings.publicUrl ?? `http://localhost:${settings.port}`);
  return {
    ...settings,
    isProduction: production,
    host: settings.host ?? (production ? '0.0.0.0' : '127.0.0.1'),
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    pgliteDir: path.join(settings.dataDir, 'pglite'),
    storageDir: path.join(settings.dataDir, 'storage'),
    mail: mail.smtpUrl && mail.from ? { smtpUrl: mail.smtpUrl, from: mail.from } : null,
    s3:
      s3.endpoint && s3.bucket && s3.region && s3.accessKeyId && s3.secretAccessKey
        ? {
            endpoint: s3.endpoint,
            bucket: s3.bucket,
            region: s3.region,
            accessKeyId: s3.accessKeyId,
            secretAccessKey: s3.secretAccessKey,
          }
        : null,
    rateLimitStore: settings.rateLimitStore ?? (settings.databaseUrl ? 'database' : 'memory'),
    ksef: {
      ...ksef,
      apiUrl:
        ksef.environment === 'sandbox'
          ? null
          : withoutTrailingSlash(ksef.apiUrl ?? KSEF_API_URLS[ksef.environment]),
    },
    sandbox,
  };
}

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and the name localhost: addresses only this machine reaches. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
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
