import type { LoginInput, LoginPayload } from '@substytut/shared/validation/auth';
import { TURNSTILE_LOCAL_TOKEN } from '@substytut/shared/validation/turnstile';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths, useLocalizedHref } from '@/config/paths';
import { usePublicConfig } from '@/lib/public-config';
import { toast } from '@/lib/toast';
import { logIn } from '../api/login';
import { authErrorTextLater } from '../lib/auth-error-later';
import { useErrorTextWithRules } from '@/lib/use-error-text';
import { loadNamespaces } from '@/lib/i18n';
import { BotCheck } from '@/components/bot-check';
import { GoogleSignIn } from './google-sign-in';
import { PasswordInput } from './password-input';
import { lazyResolver } from '@/lib/lazy-resolver';

// The rules load with the first keystroke or submit (decision 037), the error catalogue with them
// (decision 062): no error shows before they are there.
const resolver = lazyResolver(() =>
  Promise.all([import('../lib/form-rules'), loadNamespaces(['errors'])]).then(
    ([rules]) => rules.loginResolver,
  ),
);

/** Login tab. Validates on every change, but shows a field's error only once it was left (spec 4, 5). */
export function LoginForm({ onSwitch }: { onSwitch: () => void }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorTextWithRules();
  const navigate = useNavigate();
  const href = useLocalizedHref();
  const { turnstileSiteKey } = usePublicConfig();
  const [botCheckKey, setBotCheckKey] = useState(0);

  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = useForm<LoginInput, unknown, LoginPayload>({
    resolver,
    mode: 'onChange',
    defaultValues: { email: '', password: '', 'cf-turnstile-response': TURNSTILE_LOCAL_TOKEN },
  });

  const shown = (name: 'email' | 'password') =>
    touchedFields[name] || isSubmitted ? errorText(errors[name]) : undefined;

  // The send is the submit handler's promise: react-hook-form's `isSubmitting` is its busy state.
  const onSubmit = handleSubmit((values) =>
    logIn(values).then(
      () => {
        toast.success(t('success.login'));
        void navigate(href(paths.dashboard.root.getHref()));
      },
      async (error: unknown) => {
        toast.error(await authErrorTextLater(error, t, 'errors:errors.general'));
        if (turnstileSiteKey) setBotCheckKey((k) => k + 1);
      },
    ),
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <h2 className="text-xl font-semibold tracking-tight">{t('login.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('login.description')}</p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('login.title')}>
        <FormField label={t('fields.email')} error={shown('email')} required>
          <Input type="email" autoComplete="email" inputMode="email" aria-required {...register('email')} />
        </FormField>
        <FormField label={t('fields.password')} error={shown('password')} required>
          <PasswordInput autoComplete="current-password" aria-required {...register('password')} />
        </FormField>
        <Link
          to={href(paths.auth.forgotPassword.getHref())}
          className="-mt-1 self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('login.forgot')}
        </Link>
        <input type="hidden" {...register('cf-turnstile-response')} />
        {turnstileSiteKey && (
          <BotCheck
            key={botCheckKey}
            siteKey={turnstileSiteKey}
            onToken={(token) => setValue('cf-turnstile-response', token, { shouldValidate: isSubmitted })}
          />
        )}
        <Button type="submit" size="lg" loading={isSubmitting} className="mt-1 w-full">
          {t('login.submit')}
        </Button>
      </form>
      <GoogleSignIn mode="signin" />
      <p className="text-center text-sm text-muted-foreground">
        {t('login.switchText')}{' '}
        <Button variant="link" weight="semibold" onClick={onSwitch}>
          {t('login.switchAction')}
        </Button>
      </p>
    </div>
  );
}
