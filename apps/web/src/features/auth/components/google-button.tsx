import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@/components/theme/theme-provider';
import { loadScript } from '@/lib/load-script';
import { GoogleSignInFrame, useCredentialSignIn } from './google-sign-in-frame';

/*
 * Google's own button (Google Identity Services), on a server that names a client id. Loaded only
 * there (google-sign-in.tsx): the sandbox, the development servers and the benchmark's sign-in
 * page do not carry it (decision 062).
 */

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

export function GoogleButton({
  clientId,
  mode,
  onToken,
}: {
  clientId: string;
  mode: 'signin' | 'signup';
  onToken?: ((credential: string) => void) | undefined;
}) {
  const { i18n } = useTranslation('auth');
  const { resolvedTheme } = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const { signIn, failed, setFailed, reason } = useCredentialSignIn();

  // Google keeps the first callback it was given; a ref lets it reach the current render.
  const onCredential = useRef(signIn);
  onCredential.current = onToken
    ? (credential: string | undefined) => (credential ? onToken(credential) : setFailed(true))
    : signIn;

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
  }, [clientId, mode, resolvedTheme, i18n.language, setFailed]);

  return (
    <GoogleSignInFrame failed={failed} reason={reason}>
      <div ref={container} className="flex min-h-11 w-full justify-center" />
    </GoogleSignInFrame>
  );
}
