import { zodResolver } from '@hookform/resolvers/zod';
import {
  resetLinkSchema,
  resetPasswordSchema,
  type ResetPasswordInput,
  type ResetPasswordPayload,
} from '@substytut/shared/validation/auth';
import { KeyRound, LinkIcon } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/seo/page-meta';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { toast } from '@/lib/toast';
import { resetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { PasswordInput } from '../components/password-input';
import { PasswordStrengthMeter } from '../components/password-strength-meter';
import { authErrorText } from '../lib/auth-error';
import { withPasswordStrength } from '../lib/password-strength';
import { useErrorText } from '@/lib/use-error-text';

/**
 * /auth/reset/{token}?email=…: one new-password field (spec 2). The shared schema wants a
 * matching confirmation, and the screen has none, so the confirmation is the same value; the
 * show-password switch lets the visitor check what they typed instead.
 */
export function Component() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const email = search.get('email') ?? '';
  const complete = resetLinkSchema.safeParse({ token, email }).success;
  const meta = <PageMeta title={t('meta.resetTitle')} noindex />;

  if (!complete) {
    return (
      <>
        {meta}
        <InvalidLink />
      </>
    );
  }
  return (
    <>
      {meta}
      <ResetForm token={token} email={email} />
    </>
  );
}

function InvalidLink() {
  const { t } = useTranslation('auth');
  const href = useLocalizedHref();
  return (
    <AuthCard
      icon={LinkIcon}
      tone="error"
      title={t('reset.invalidTitle')}
      description={t('reset.invalidDescription')}
    >
      <LinkButton to={href(paths.auth.forgotPassword.getHref())} size="lg" className="w-full">
        {t('reset.requestNew')}
      </LinkButton>
    </AuthCard>
  );
}

function ResetForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('auth');
  const href = useLocalizedHref();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const strengthId = useId();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
    watch,
  } = useForm<ResetPasswordInput, unknown, ResetPasswordPayload>({
    resolver: withPasswordStrength(zodResolver(resetPasswordSchema)),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { token, email, password: '', password_confirmation: '' },
  });

  const password = register('password', {
    onChange: (event: { target: { value: string } }) => setValue('password_confirmation', event.target.value),
  });

  const onSubmit = handleSubmit((values) =>
    resetPassword(values).then(
      () => {
        toast.success(t('success.passwordReset'));
        void navigate(href(paths.auth.root.getHref()));
      },
      (error: unknown) => {
        toast.error(authErrorText(error, t, 'errors:errors.general'));
      },
    ),
  );

  return (
    <AuthCard icon={KeyRound} title={t('reset.title')} description={t('reset.description', { email })}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('reset.title')}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <FormField
          label={t('fields.newPassword')}
          error={errorText(errors.password)}
          hint={t('register.passwordHint')}
          required
        >
          <PasswordInput
            autoComplete="new-password"
            aria-required
            aria-describedby={strengthId}
            {...password}
          />
        </FormField>
        <PasswordStrengthMeter id={strengthId} password={watch('password') ?? ''} email={email} />
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
          {t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}

export default Component;

/** The translation namespaces the page needs before it renders (decision 016). */
export const handle = { i18n: ['auth', 'errors'] };
