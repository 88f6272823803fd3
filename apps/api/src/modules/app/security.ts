import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { unsupportedMediaType } from './errors.ts';

/**
 * Whether a request says its body is compressed. No client of ours compresses what it sends, and a
 * small compressed body can unpack to gigabytes: such a request is refused with 415 before its body
 * is read, instead of being unpacked on every route (@fastify/compress's request decompression, a
 * hook per request: bench/api, decision 076).
 */
export const compressedBody = (encoding: string | undefined) =>
  encoding !== undefined && encoding.trim().toLowerCase() !== 'identity';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXECUTABLE_TYPE = /\btype\s*=\s*["']?(module|text\/javascript|application\/javascript)["']?/i;

/** CSP hash sources ('sha256-…') of the executable inline scripts in one HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    // Data blocks such as JSON-LD are never executed, so CSP does not need to allow them.
    if (/\btype\s*=/i.test(attributes) && !EXECUTABLE_TYPE.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

function htmlFiles(dir: string, depth = 0): string[] {
  if (depth > 6 || !existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'assets' && depth === 0) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...htmlFiles(full, depth + 1));
    else if (entry.isFile() && entry.name.endsWith('.html')) files.push(full);
  }
  return files;
}

/**
 * Hashes of every inline script in the built web app (index.html and prerendered pages), read
 * once at start: the build happens before the server starts, so the set cannot change under it.
 */
export function collectWebScriptHashes(webDistDir: string): string[] {
  const hashes = new Set<string>();
  for (const file of htmlFiles(webDistDir)) {
    for (const hash of inlineScriptHashes(readFileSync(file, 'utf8'))) hashes.add(hash);
  }
  return [...hashes].sort();
}

export function cspDirectives(config: Config, scriptHashes: string[]) {
  const stripe = config.stripeSecretKey !== null;
  const google = config.googleClientId !== null;
  const turnstile = config.turnstileSiteKey !== null;
  const list = (...items: (string | false)[]) => items.filter((v): v is string => typeof v === 'string');

  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'self'"],
    'script-src': list(
      "'self'",
      ...scriptHashes,
      stripe && 'https://js.stripe.com',
      google && 'https://accounts.google.com',
      turnstile && 'https://challenges.cloudflare.com',
    ),
    'script-src-attr': ["'none'"],
    // Inline styles are allowed: UI libraries (toasts, popovers, the Google button) inject style
    // elements at run time, and styles cannot run code.
    'style-src': list("'self'", "'unsafe-inline'", google && 'https://accounts.google.com'),
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': list(
      "'self'",
      stripe && 'https://checkout.stripe.com',
      google && 'https://accounts.google.com',
      turnstile && 'https://challenges.cloudflare.com',
    ),
    'frame-src': list(
      "'self'",
      stripe && 'https://js.stripe.com',
      stripe && 'https://checkout.stripe.com',
      google && 'https://accounts.google.com',
      turnstile && 'https://challenges.cloudflare.com',
    ),
    'form-action': list("'self'", stripe && 'https://checkout.stripe.com'),
    'manifest-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
  };
  if (config.secureCookies) directives['upgrade-insecure-requests'] = [];
  return directives;
}

type HelmetOptions = Parameters<typeof helmet>[0];

/**
 * The headers helmet sets, worked out once. They are the same for every response (no CSP nonces),
 * and running helmet's twelve middlewares per request, as @fastify/helmet does (it even rebuilds
 * them), cost more than a third of the public profile endpoint's rate (bench/api).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Every answer's request id (`x-request-id`) and security headers, set when its request comes in. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const scriptHashes = collectWebScriptHashes(path.join(config.webBuildDir, 'client'));
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config, scriptHashes) },
    // Google's sign-in popup talks back to the opener window.
    crossOriginOpenerPolicy: {
      policy: config.googleClientId ? 'same-origin-allow-popups' : 'same-origin',
    },
    // HSTS on plain-http localhost would make browsers refuse http://localhost later.
    strictTransportSecurity: config.secureCookies ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const names = Object.keys(headers);
  const values = names.map((name) => headers[name]!);
  // One hook for the headers every answer carries, its request id first (bench/api, decision 067),
  // and for the one check every request passes: its body is not compressed (decision 076).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    for (let i = 0; i < names.length; i += 1) reply.header(names[i]!, values[i]);
    done(compressedBody(request.headers['content-encoding']) ? unsupportedMediaType('request.compressed_body') : undefined);
  });
}
