import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@/components/theme/theme-provider';
import { loadScript } from '@/lib/load-script';

const TURNSTILE_SRC = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileApi {
  render: (
    element: HTMLElement,
    options: {
      sitekey: string;
      theme?: 'light' | 'dark' | 'auto';
      language?: string;
      callback: (token: string) => void;
      'expired-callback'?: () => void;
      'error-callback'?: () => void;
    },
  ) => string;
  remove: (widgetId: string) => void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/**
 * Cloudflare Turnstile, shown only when the server has a site key. Without one the form keeps
 * sending the literal 'local' (spec 9). Used by the sign-in, registration and contact forms. Tokens are single-use: remount (change `key`) after a
 * failed submit to get a fresh one.
 */
export function BotCheck({ siteKey, onToken }: { siteKey: string; onToken: (token: string) => void }) {
  const { t, i18n } = useTranslation('common');
  const { resolvedTheme } = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const tokenHandler = useRef(onToken);
  tokenHandler.current = onToken;

  useEffect(() => {
    let widgetId: string | null = null;
    let cancelled = false;
    loadScript(TURNSTILE_SRC)
      .then(() => {
        if (cancelled || !container.current || !window.turnstile) return;
        widgetId = window.turnstile.render(container.current, {
          sitekey: siteKey,
          theme: resolvedTheme,
          language: i18n.language,
          callback: (token) => tokenHandler.current(token),
          'expired-callback': () => tokenHandler.current(''),
          'error-callback': () => tokenHandler.current(''),
        });
      })
      .catch((error: unknown) => console.error('turnstile', error));
    return () => {
      cancelled = true;
      if (widgetId && window.turnstile) window.turnstile.remove(widgetId);
    };
  }, [siteKey, resolvedTheme, i18n.language]);

  return <div ref={container} aria-label={t('botCheck.label')} role="group" className="min-h-16" />;
}
