import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  apiRoot,
  ConfigError,
  exposureWarning,
  isLoopbackAddress,
  loadConfig,
  SETTING_VARIABLES,
} from './config.ts';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected loadConfig to throw');
}

describe('loadConfig', () => {
  it('gives working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    // Outside production only this machine reaches a plain start.
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.pgliteDir).toBe(path.resolve('data', 'pglite'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.mail).toBeNull();
    expect(config.s3).toBeNull();
    expect(config.secureCookies).toBe(false);
    expect(config.bookingUrl).toMatch(/^https:\/\//);
    expect(config.supportEmail).toBe('kontakt@substytut.pl');
    expect(config.webBuildDir.endsWith(path.join('apps', 'web', 'build'))).toBe(true);
    expect(config.migrationsDir.endsWith(path.join('apps', 'api', 'drizzle'))).toBe(true);
    expect(config.sandbox).toEqual({
      active: true,
      payments: true,
      companyLookup: true,
      botCheck: true,
      mail: true,
      googleSignIn: true,
      licenceRegister: true,
      ksef: true,
    });
    expect(config.licenceRegister).toEqual({
      kind: 'sample',
      url: 'https://rejestradwokatow.pl',
      timeoutMs: 10_000,
      pageDelayMs: 10_000,
    });
  });

  it('listens on loopback outside production unless HOST says otherwise; production keeps 0.0.0.0', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
    const production = { NODE_ENV: 'production', ALLOW_SANDBOX_IN_PRODUCTION: 'true' };
    expect(loadConfig(production).host).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });

  it('warns in one line when a non-loopback HOST meets an active sandbox adapter', () => {
    expect(exposureWarning(loadConfig({}))).toBeNull();
    expect(exposureWarning(loadConfig({ HOST: 'localhost' }))).toBeNull();
    expect(exposureWarning(loadConfig({ HOST: '::1' }))).toBeNull();

    const open = exposureWarning(loadConfig({ HOST: '0.0.0.0' }));
    expect(open).toMatch(/^HOST=0\.0\.0\.0 makes this server reachable from other machines/);
    expect(open).toContain('payments, companyLookup, botCheck, mail, googleSignIn, licenceRegister, ksef');
    expect(open).not.toContain('\n');
    // Only the adapters still in the sandbox are named.
    const someReal = exposureWarning(
      loadConfig({
        HOST: '192.168.1.5',
        STRIPE_SECRET_KEY: 'sk_test_x',
        GUS_API_KEY: 'k',
        GOOGLE_CLIENT_ID: 'c',
        LICENCE_REGISTER: 'advocates',
      }),
    );
    expect(someReal).toContain('(botCheck, mail, ksef)');

    const allReal = {
      HOST: '0.0.0.0',
      STRIPE_SECRET_KEY: 'sk_test_x',
      GUS_API_KEY: 'k',
      TURNSTILE_SECRET: 's',
      SMTP_URL: 'smtp://mail.example.com',
      MAIL_FROM: 'a@b.pl',
      GOOGLE_CLIENT_ID: 'c',
      LICENCE_REGISTER: 'advocates',
      KSEF_ENV: 'test',
    };
    expect(exposureWarning(loadConfig(allReal))).toBeNull();
  });

  it.each([
    ['127.0.0.1', true],
    ['127.10.0.3', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['[::1]', true],
    ['localhost', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['128.0.0.1', false],
    ['127.0.0.1.evil.example', false],
    ['', false],
    [undefined, false],
  ])('isLoopbackAddress(%j) is %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });

  it('derives PUBLIC_URL from PORT and treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '4100', PUBLIC_URL: '', DATABASE_URL: '' });
    expect(config.publicUrl).toBe('http://localhost:4100');
    expect(config.databaseUrl).toBeUndefined();
  });

  it('marks cookies secure for an https PUBLIC_URL and strips the trailing slash', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://substytut.pl/' });
    expect(config.publicUrl).toBe('https://substytut.pl');
    expect(config.secureCookies).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://localhost:2525' }, 'MAIL_FROM'],
    [{ S3_BUCKET: 'files' }, 'S3_ENDPOINT'],
    [{ SUPPORT_EMAIL: 'nope' }, 'SUPPORT_EMAIL'],
    [{ ALLOW_SANDBOX_IN_PRODUCTION: 'maybe' }, 'ALLOW_SANDBOX_IN_PRODUCTION'],
  ])('names the bad variable for %j', (env, variable) => {
    const error = errorOf(env);
    expect(error.message).toMatch(/^Invalid environment: /);
    expect(error.message).toContain(`${variable}: `);
    expect(error.variables).toContain(variable);
  });

  it('names every bad variable at once', () => {
    const error = errorOf({ PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(error.variables).toEqual(expect.arrayContaining(['PORT', 'LOG_LEVEL']));
    expect(error.message).toContain('PORT: ');
    expect(error.message).toContain('LOG_LEVEL: ');
  });

  it('lists the missing S3 variables when only some are set', () => {
    const error = errorOf({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'files' });
    expect(error.variables.sort()).toEqual(['S3_ACCESS_KEY_ID', 'S3_REGION', 'S3_SECRET_ACCESS_KEY']);
  });

  it('uses S3 and SMTP when fully configured', () => {
    const config = loadConfig({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Substytut <no-reply@substytut.pl>',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'files',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtp://127.0.0.1:2525',
      from: 'Substytut <no-reply@substytut.pl>',
    });
    expect(config.s3?.bucket).toBe('files');
    expect(config.sandbox.mail).toBe(false);
  });

  it('refuses sandbox adapters in production unless explicitly allowed', () => {
    const error = errorOf({ NODE_ENV: 'production' });
    expect(error.variables).toEqual(['ALLOW_SANDBOX_IN_PRODUCTION']);
    expect(error.message).toContain('STRIPE_SECRET_KEY');

    const allowed = loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_IN_PRODUCTION: 'true' });
    expect(allowed.isProduction).toBe(true);
    expect(allowed.sandbox.active).toBe(true);

    const productionEnv = {
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_y',
      GUS_API_KEY: 'gus',
      TURNSTILE_SECRET: 'ts',
      SMTP_URL: 'smtps://mail.example.com',
      MAIL_FROM: 'no-reply@example.com',
      LICENCE_REGISTER: 'advocates',
      KSEF_ENV: 'production',
    };
    const real = loadConfig(productionEnv);
    // The sample licence register is a sandbox adapter like the others (issue 22).
    expect(errorOf({ ...productionEnv, LICENCE_REGISTER: '' }).message).toContain(
      'LICENCE_REGISTER=advocates',
    );
    expect(real.sandbox.active).toBe(false);
    // Google sign-in is optional in production: without a client id it is off, never the sandbox.
    expect(real.sandbox.googleSignIn).toBe(false);
    expect(real.googleClientId).toBeNull();
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' }).sandbox.googleSignIn).toBe(
      false,
    );
    // Without the payment webhook's secret no payment would ever be confirmed.
    expect(errorOf({ ...productionEnv, STRIPE_WEBHOOK_SECRET: '' }).variables).toEqual([
      'STRIPE_WEBHOOK_SECRET',
    ]);
  });

  it('parses TRUST_PROXY as boolean, hop count or address list', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.2' }).trustProxy).toBe('10.0.0.1,10.0.0.2');
  });
});

describe('KSeF configuration', () => {
  it('defaults to the embedded sandbox and knows the API address of each KSeF 2.0 environment', () => {
    const sandbox = loadConfig({});
    expect(sandbox.ksef).toEqual({
      environment: 'sandbox',
      apiUrl: null,
      platformToken: null,
      sandboxOutage: false,
    });
    expect(sandbox.sandbox.ksef).toBe(true);
    expect(loadConfig({ KSEF_ENV: 'test' }).ksef.apiUrl).toBe('https://api-test.ksef.mf.gov.pl/v2');
    expect(loadConfig({ KSEF_ENV: 'demo' }).ksef.apiUrl).toBe('https://api-demo.ksef.mf.gov.pl/v2');
    const production = loadConfig({ KSEF_ENV: 'production' });
    expect(production.ksef.apiUrl).toBe('https://api.ksef.mf.gov.pl/v2');
    expect(production.sandbox.ksef).toBe(false);
    expect(loadConfig({ KSEF_ENV: 'test', KSEF_API_URL: 'http://127.0.0.1:9/v2/' }).ksef.apiUrl).toBe(
      'http://127.0.0.1:9/v2',
    );
    expect(loadConfig({ KSEF_SANDBOX_OUTAGE: 'true' }).ksef.sandboxOutage).toBe(true);
  });

  it('KSEF_POLL_MS: the KSeF worker looks for due invoices every 5 s unless set (100 ms to 10 min)', () => {
    expect(loadConfig({}).ksefPollMs).toBe(5000);
    expect(loadConfig({ KSEF_POLL_MS: '200' }).ksefPollMs).toBe(200);
    for (const wrong of ['0', '99', '600001', '1.5', 'soon'])
      expect(() => loadConfig({ KSEF_POLL_MS: wrong })).toThrow(/KSEF_POLL_MS/);
  });

  it('names KSEF_ENV when a value is wrong or the sandbox would run in production', () => {
    expect(() => loadConfig({ KSEF_ENV: 'prod' })).toThrow(/KSEF_ENV/);
    expect(errorOf({ NODE_ENV: 'production' }).message).toContain('KSEF_ENV');
  });
});

describe('the settings and their documentation', () => {
  const repoRoot = path.join(apiRoot, '..', '..');
  const example = readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
  const exampleEnv = Object.fromEntries(
    example
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const configuration = readme.slice(
    readme.indexOf('## Configuration'),
    readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
  );
  // Variables the README's section names for the tests and tools, not the server.
  const TEST_ONLY = ['TEST_DATABASE_URL', 'E2E_PORT', 'E2E_WORKERS', 'CHROME_PATH'];

  it('reads each variable once', () => {
    expect(new Set(SETTING_VARIABLES).size).toBe(SETTING_VARIABLES.length);
  });

  it('.env.example lists every variable the server reads, no other, each with its default', () => {
    expect(Object.keys(exampleEnv).sort()).toEqual([...SETTING_VARIABLES].sort());
    expect(loadConfig(exampleEnv)).toEqual(loadConfig({}));
  });

  it("README's configuration section names every variable the server reads, and no other", () => {
    const named = new Set(configuration.match(/`[A-Z][A-Z0-9_]*(?==|`)/g)?.map((name) => name.slice(1)));
    expect(SETTING_VARIABLES.filter((variable) => !named.has(variable))).toEqual([]);
    expect(
      [...named].filter((name) => !SETTING_VARIABLES.includes(name) && !TEST_ONLY.includes(name)),
    ).toEqual([]);
  });
});
