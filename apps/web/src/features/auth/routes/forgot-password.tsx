import type { ForgotPasswordPayload } from '@substytut/shared/validation/auth';
import { KeyRound, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMeta } from '@/components/seo/page-meta';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { toast } from '@/lib/toast';
import { requestPasswordReset } from '../api/forgot-password';
import { AuthCard } from '../components/auth-card';
import { authErrorText } from '../lib/auth-error';
import { useErrorText } from '@/lib/use-error-text';
import { lazyResolver } from '@/lib/lazy-resolver';

// The rules load with the submit (decision 037).
const resolver = lazyResolver(() => import('../lib/form-rules').then((rules) => rules.forgotPasswordResolver));

export function Component() {
  const { t, i18n } = useTranslation('auth');
  const href = useLocalizedHref();
  const errorText = useErrorText();
  // The address the link went to, once the request succeeded.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordPayload>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((values) =>
    requestPasswordReset({ ...values, locale: i18n.language === 'en' ? 'en' : 'pl' }).then(
      () => setSentTo(values.email),
      (error: unknown) => {
        toast.error(authErrorText(error, t, 'auth:messages.error'));
      },
    ),
  );

  let body;
  if (sentTo !== null) {
    body = (
      <AuthCard
        icon={MailCheck}
        tone="success"
        title={t('forgot.sentTitle')}
        description={t('forgot.sentDescription', { email: sentTo })}
      >
        <LinkButton to={href(paths.auth.root.getHref())} size="lg" className="w-full">
          {t('forgot.back')}
        </LinkButton>
      </AuthCard>
    );
  } else {
    body = (
      <AuthCard icon={KeyRound} title={t('forgot.title')} description={t('forgot.description')}>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('forgot.title')}>
          <FormField label={t('fields.email')} error={errorText(errors.email)} required>
            <Input type="email" autoComplete="email" inputMode="email" aria-required {...register('email')} />
          </FormField>
          <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
            {t('forgot.submit')}
          </Button>
        </form>
        <div className="flex flex-col items-center gap-2 text-sm">
          <Link
            to={href(paths.auth.root.getHref())}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('forgot.backToLogin')}
          </Link>
          <p className="text-muted-foreground">
            {t('forgot.noAccount')}{' '}
            <Link
              to={href(paths.auth.register.getHref())}
              className="font-semibold text-primary underline-offset-4 hover:underline"
            >
              {t('forgot.register')}
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <>
      <PageMeta title={t('meta.forgotTitle')} description={t('meta.forgotDescription')} />
      {/* Persistent live region: the confirmation replaces the form and is read out. */}
      <div aria-live="polite" className="flex flex-1 flex-col">
        {body}
      </div>
    </>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: ['auth', 'errors'] };
