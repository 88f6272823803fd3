import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { loadOnce } from '@/lib/load-once';
import { GoogleSignInFrame, useCredentialSignIn } from './google-sign-in-frame';

type DialogComponent = (typeof import('./sandbox-google-dialog'))['SandboxGoogleDialog'];

/**
 * The dialog (Radix's dialog with its focus trap and scroll lock, and its form) loads when the
 * button is first pointed at, focused or pressed (issue 33): the sign-in page does not carry it.
 * Not `React.lazy`: a lazy component keeps a failed load for good and throws it at the page's
 * error boundary, so a press soon after the page loaded, while its chunks were still coming or
 * the connection wavered, ended on the not-found page or with no dialog. A load that fails is
 * forgotten here, so the next press (or pointing at the button) asks again (decision 062).
 */
export const sandboxDialog = {
  import: () => import('./sandbox-google-dialog'),
  load: loadOnce((): Promise<DialogComponent> =>
    sandboxDialog.import().then((module) => module.SandboxGoogleDialog),
  ),
};

function preload() {
  sandboxDialog.load().catch(() => undefined);
}

/** Google's four-colour mark, as on Google's own button. */
function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5 shrink-0">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59A14.5 14.5 0 0 1 9.5 24c0-1.59.28-3.14.76-4.59l-7.98-6.19A23.9 23.9 0 0 0 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

/**
 * Google sign-in on a server without GOOGLE_CLIENT_ID (outside production): the dialog stands in
 * for Google's window, asking which account to sign in as, and the server's stand-in issues the ID
 * token (apps/api auth/google-sandbox.ts) that then signs in like one from Google.
 */
export function SandboxGoogleSignIn({
  mode,
  onCredential,
}: {
  mode: 'signin' | 'signup';
  onCredential?: ((credential: string) => void) | undefined;
}) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  // Mounted from the first load on, so the dialog keeps what was typed between openings.
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const onLoaded = useCallback(() => setLoaded(true), []);
  const button = useRef<HTMLButtonElement>(null);
  const { signIn, failed, setFailed, reason, pending } = useCredentialSignIn();
  const loading = open && !loaded;

  const press = () => {
    setOpen(true);
    setLoadFailed(false);
    if (Dialog) return;
    sandboxDialog.load().then(
      (component) => setDialog(() => component),
      (error: unknown) => {
        // Said under the button, which stays ready for another press (a new attempt to load).
        console.error('google sign-in: the dialog did not load', error);
        setOpen(false);
        setLoadFailed(true);
      },
    );
  };

  return (
    <GoogleSignInFrame
      failed={(failed && !open) || loadFailed}
      reason={loadFailed ? t('google.sandbox.loadFailed') : reason}
    >
      <Button
        ref={button}
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-busy={loading || undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={press}
      >
        {loading ? <Spinner /> : <GoogleMark />}
        {mode === 'signup' ? t('google.sandbox.signup') : t('google.sandbox.signin')}
      </Button>
      {Dialog && (
        <Dialog
          open={open}
          onOpenChange={setOpen}
          onLoaded={onLoaded}
          returnFocus={() => button.current?.focus()}
          failed={failed}
          reason={reason}
          pending={pending}
          onFailure={() => setFailed(true)}
          onCredential={(credential) => {
            if (onCredential) {
              setOpen(false);
              onCredential(credential);
            } else signIn(credential);
          }}
        />
      )}
    </GoogleSignInFrame>
  );
}
