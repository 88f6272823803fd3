import { TURNSTILE_LOCAL_TOKEN } from '@substytut/shared';

// Stop-gap until the shared bot-check port (modules/bot-check) lands; then this file goes and
// the route uses that port. Same rule as DESIGN.md: without TURNSTILE_SECRET only the literal
// 'local' passes; with it, Cloudflare's siteverify decides.

const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export async function passesBotCheck(
  token: string,
  options: { secret: string | null; remoteIp?: string | null; timeoutMs?: number },
): Promise<boolean> {
  if (!options.secret) return token === TURNSTILE_LOCAL_TOKEN;
  if (!token || token === TURNSTILE_LOCAL_TOKEN) return false;
  const body = new URLSearchParams({ secret: options.secret, response: token });
  if (options.remoteIp) body.set('remoteip', options.remoteIp);
  try {
    const response = await fetch(SITEVERIFY_URL, {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    });
    if (!response.ok) return false;
    const result = (await response.json()) as { success?: unknown };
    return result.success === true;
  } catch {
    return false;
  }
}
