import type { RegisterInput, RegisterPayload } from '@substytut/shared/validation/auth';
import { TURNSTILE_LOCAL_TOKEN } from '@substytut/shared/validation/turnstile';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConsentCheckbox } from '@/components/ui/consent-checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths, useLocalizedHref } from '@/config/paths';
import { usePublicConfig } from '@/lib/public-config';
import { toast } from '@/lib/toast';
import { register as registerAccount } from '../api/register';
import { authErrorTextLater } from '../lib/auth-error-later';
import { useErrorTextWithRules } from '@/lib/use-error-text';
import { loadNamespaces } from '@/lib/i18n';
import { BotCheck } from '@/components/bot-check';
import { GoogleSignIn } from './google-sign-in';
import { withPasswordStrength } from '../lib/password-strength';
import { PasswordInput } from './password-input';
import { PasswordStrengthMeter } from './password-strength-meter';
import { lazyResolver } from '@/lib/lazy-resolver';

// The rules load with the first keystroke or submit (decision 037), the strength dictionaries and
// the error catalogue too (decision 062): no error shows before they are there.
const resolver = withPasswordStrength(
  lazyResolver(() =>
    Promise.all([import('../lib/form-rules'), loadNamespaces(['errors'])]).then(
      ([rules]) => rules.registerResolver,
    ),
  ),
);

/**
 * Register tab. Validates on submit, then on every change (spec 4). The spec's checkbox
 * `policyConfirm` is the shared schema's (and the API's) `terms`.
 */
export function RegisterForm({ onSwitch }: { onSwitch: () => void }) {
  const { t, i18n } = useTranslation('auth');
  const errorText = useErrorTextWithRules();
  const navigate = useNavigate();
  const href = useLocalizedHref();
  const { turnstileSiteKey } = usePublicConfig();
  const [botCheckKey, setBotCheckKey] = useState(0);

  const {
    register: field,
    control,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitted, isSubmitting },
  } = useForm<RegisterInput, unknown, RegisterPayload>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // `terms` starts unset: the schema only accepts `true`, so unticked is an error either way.
    defaultValues: { email: '', password: '', 'cf-turnstile-response': TURNSTILE_LOCAL_TOKEN },
  });

  // The send is the submit handler's promise: react-hook-form's `isSubmitting` is its busy state.
  const onSubmit = handleSubmit((values) =>
    registerAccount({ ...values, locale: i18n.language === 'en' ? 'en' : 'pl' }).then(
      () => void navigate(href(paths.auth.registerSuccess.getHref())),
      async (error: unknown) => {
        toast.error(await authErrorTextLater(error, t, 'auth:messages.error'));
        if (turnstileSiteKey) setBotCheckKey((k) => k + 1);
      },
    ),
  );

  const termsError = errorText(errors.terms);
  const strengthId = useId();
  const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <h2 className="text-xl font-semibold tracking-tight">{t('register.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('register.description')}</p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('register.title')}>
        <FormField label={t('fields.email')} error={errorText(errors.email)} required>
          <Input type="email" autoComplete="email" inputMode="email" aria-required {...field('email')} />
        </FormField>
        <FormField
          label={t('fields.password')}
          error={errorText(errors.password)}
          hint={t('register.passwordHint')}
          required
        >
          <PasswordInput
            autoComplete="new-password"
            aria-required
            aria-describedby={strengthId}
            {...field('password')}
          />
        </FormField>
        <PasswordStrengthMeter
          id={strengthId}
          password={watch('password') ?? ''}
          email={watch('email') ?? ''}
        />
        <ConsentCheckbox control={control} name="terms" error={termsError}>
          {t('register.termsBefore')}{' '}
          <a
            href={href(paths.terms.getHref())}
            {...newTab}
            className="font-medium text-primary underline underline-offset-4"
          >
            {t('register.termsLink')}
            <span className="sr-only"> {t('register.newTab')}</span>
          </a>{' '}
          {t('register.termsBetween')}{' '}
          <a
            href={href(paths.privacy.getHref())}
            {...newTab}
            className="font-medium text-primary underline underline-offset-4"
          >
            {t('register.privacyLink')}
            <span className="sr-only"> {t('register.newTab')}</span>
          </a>
        </ConsentCheckbox>
        <input type="hidden" {...field('cf-turnstile-response')} />
        {turnstileSiteKey && (
          <BotCheck
            key={botCheckKey}
            siteKey={turnstileSiteKey}
            onToken={(token) => setValue('cf-turnstile-response', token, { shouldValidate: isSubmitted })}
          />
        )}
        <Button type="submit" size="lg" loading={isSubmitting} className="mt-1 w-full">
          {t('register.submit')}
        </Button>
      </form>
      <GoogleSignIn mode="signup" />
      <p className="text-center text-sm text-muted-foreground">
        {t('register.switchText')}{' '}
        <Button variant="link" weight="semibold" onClick={onSwitch}>
          {t('register.switchAction')}
        </Button>
      </p>
    </div>
  );
}
