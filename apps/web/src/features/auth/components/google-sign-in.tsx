import { CircleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTheme } from '@/components/theme/theme-provider';
import { paths, useLocalizedHref } from '@/config/paths';
import { usePublicConfig } from '@/lib/public-config';
import { toast } from '@/lib/toast';
import { useLoginWithGoogle } from '../api/login-google';
import { loadScript } from '@/lib/load-script';

const GSI_SRC = 'https://accounts.google.com/gsi/client';

interface GoogleIdApi {
  initialize: (options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: 'popup' | 'redirect';
    context?: 'signin' | 'signup' | 'use';
  }) => void;
  renderButton: (
    element: HTMLElement,
    options: {
      type?: 'standard' | 'icon';
      theme?: 'outline' | 'filled_blue' | 'filled_black';
      size?: 'large' | 'medium' | 'small';
      text?: 'signin_with' | 'signup_with' | 'continue_with';
      shape?: 'rectangular' | 'pill';
      width?: number;
      locale?: string;
    },
  ) => void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdApi } };
  }
}

/**
 * Google Identity Services button. Rendered only when the server names a client id; the script
 * is loaded only then, so visitors of a server without Google sign-in never contact Google.
 */
export function GoogleSignIn({ mode }: { mode: 'signin' | 'signup' }) {
  const { googleClientId } = usePublicConfig();
  if (!googleClientId) return null;
  return <GoogleButton clientId={googleClientId} mode={mode} />;
}

function GoogleButton({ clientId, mode }: { clientId: string; mode: 'signin' | 'signup' }) {
  const { t, i18n } = useTranslation('auth');
  const language = i18n.language === 'en' ? 'en' : 'pl';
  const { resolvedTheme } = useTheme();
  const navigate = useNavigate();
  const href = useLocalizedHref();
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const { mutate } = useLoginWithGoogle();

  // Google keeps the first callback it was given; a ref lets it reach the current render.
  const onCredential = useRef<(credential: string | undefined) => void>(() => undefined);
  onCredential.current = (credential) => {
    if (!credential) {
      setFailed(true);
      return;
    }
    setFailed(false);
    mutate(
      { credential, locale: language },
      {
        onSuccess: () => {
          toast.success(t('success.login'));
          void navigate(href(paths.dashboard.root.getHref()));
        },
        onError: (error) => {
          console.error('google sign-in', error);
          setFailed(true);
        },
      },
    );
  };

  useEffect(() => {
    let cancelled = false;
    loadScript(GSI_SRC)
      .then(() => {
        const id = window.google?.accounts?.id;
        const element = container.current;
        if (cancelled || !element) return;
        if (!id) throw new Error('Google Identity Services did not initialise');
        id.initialize({
          client_id: clientId,
          callback: (response) => onCredential.current(response.credential),
          ux_mode: 'popup',
          context: mode,
        });
        id.renderButton(element, {
          type: 'standard',
          theme: resolvedTheme === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          text: mode === 'signup' ? 'signup_with' : 'signin_with',
          shape: 'rectangular',
          width: Math.min(400, Math.max(200, element.clientWidth)),
          locale: i18n.language,
        });
      })
      .catch((error: unknown) => {
        console.error('google sign-in', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, mode, resolvedTheme, i18n.language]);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs tracking-wide text-muted-foreground uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        {t('google.or')}
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
      </div>
      <div ref={container} className="flex min-h-11 w-full justify-center" />
      {failed && (
        <p role="alert" className="flex items-center gap-2 text-sm font-medium text-destructive">
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          {t('google.error')}
        </p>
      )}
    </div>
  );
}
