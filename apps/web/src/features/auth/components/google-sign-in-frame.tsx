import { CircleAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths, useLocalizedHref } from '@/config/paths';
import { loadNamespaces } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { logInWithGoogle } from '../api/login-google';

/**
 * What a Google ID token leads to, whichever button produced it (Google's own or the sandbox's):
 * the sign-in, a greeting and the dashboard, or the error under the button.
 */
export function useCredentialSignIn() {
  const { t, i18n } = useTranslation('auth');
  const language = i18n.language === 'en' ? 'en' : 'pl';
  const navigate = useNavigate();
  const href = useLocalizedHref();
  const [failed, setFailedState] = useState(false);
  // A refusal the visitor can act on (an administrator must use the password) is named; anything
  // else reads as the generic Google error.
  const [reason, setReason] = useState<string | null>(null);
  const setFailed = (value: boolean) => {
    setFailedState(value);
    setReason(null);
  };
  const [pending, setPending] = useState(false);

  const signIn = (credential: string | undefined) => {
    if (!credential) {
      setFailed(true);
      return;
    }
    setFailed(false);
    setPending(true);
    logInWithGoogle({ credential, locale: language })
      .then(
        () => {
          toast.success(t('success.login'));
          void navigate(href(paths.dashboard.root.getHref()));
        },
        async (error: unknown) => {
          console.error('google sign-in', error);
          // The error catalogue and its lookup are not on the sign-in page's first load (decision 062).
          const known = await Promise.all([import('@/lib/api-error'), loadNamespaces(['errors'])]).then(
            ([module]) => module.knownErrorText(error, t),
            () => null,
          );
          setFailed(true);
          if (known !== null) setReason(known);
        },
      )
      .finally(() => setPending(false));
  };
  return { signIn, failed, setFailed, reason: reason ?? t('google.error'), pending };
}

/** The 'or' divider above a Google button and the error below it. */
export function GoogleSignInFrame({
  failed,
  reason,
  children,
}: {
  failed: boolean;
  reason: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs tracking-wide text-muted-foreground uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        {t('google.or')}
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
      </div>
      {children}
      {failed && (
        <p role="alert" className="flex items-center gap-2 text-sm font-medium text-destructive">
          <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
          {reason}
        </p>
      )}
    </div>
  );
}
