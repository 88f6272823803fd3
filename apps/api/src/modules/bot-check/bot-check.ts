import { TURNSTILE_LOCAL_TOKEN } from '@substytut/shared';
import { badRequest } from '../app/errors.ts';

/** The bot-check port: `true` when the form's response token proves a human (or the sandbox). */
export interface BotCheck {
  readonly kind: 'turnstile' | 'local';
  verify(responseToken: string, remoteIp?: string): Promise<boolean>;
}

export interface BotCheckConfig {
  turnstileSecret: string | null;
  turnstileVerifyUrl: string;
}

/** How long siteverify may take; a hanging check must not hang the login form. */
const VERIFY_TIMEOUT_MS = 5000;

/**
 * Embedded default: the forms send the literal 'local' when no real check is configured
 * (spec 5 and 9), so exactly that value passes and anything else is refused.
 */
export function createLocalBotCheck(): BotCheck {
  return { kind: 'local', verify: async (token) => token === TURNSTILE_LOCAL_TOKEN };
}

/**
 * Cloudflare Turnstile siteverify. A network error, a timeout, an unreadable answer or
 * `success: false` all refuse: failing open would make the check worthless.
 */
export function createTurnstileBotCheck(secret: string, verifyUrl: string): BotCheck {
  return {
    kind: 'turnstile',
    async verify(token, remoteIp) {
      if (!token || token.length > 2048) return false;
      const form = new URLSearchParams({ secret, response: token });
      if (remoteIp) form.set('remoteip', remoteIp);
      try {
        const response = await fetch(verifyUrl, {
          method: 'POST',
          body: form,
          signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
        });
        if (!response.ok) return false;
        const body = (await response.json()) as { success?: unknown };
        return body.success === true;
      } catch {
        return false;
      }
    },
  };
}

export function createBotCheck(config: BotCheckConfig): BotCheck {
  return config.turnstileSecret
    ? createTurnstileBotCheck(config.turnstileSecret, config.turnstileVerifyUrl)
    : createLocalBotCheck();
}

/** Throws 400 `auth.bot_check_failed` unless the check passes. */
export async function assertHuman(
  botCheck: BotCheck,
  responseToken: string,
  remoteIp?: string,
): Promise<void> {
  if (!(await botCheck.verify(responseToken, remoteIp))) throw badRequest('auth.bot_check_failed');
}
