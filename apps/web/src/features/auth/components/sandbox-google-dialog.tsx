import type { SandboxGoogleSignInInput } from '@substytut/shared/validation/auth';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useErrorText } from '@/lib/use-error-text';
import { sandboxGoogleCredential } from '../api/login-google';

// The rules load with the first validation (decision 037).
const resolver = lazyResolver(() =>
  import('../lib/form-rules').then((rules) => rules.sandboxGoogleSignInResolver),
);

/**
 * The sandbox's stand-in for Google's window (sandbox-google-sign-in.tsx), loaded when its button
 * is first pressed (issue 33): it asks which account to sign in as and gets the server's
 * stand-in ID token for it.
 */
export function SandboxGoogleDialog({
  open,
  onOpenChange,
  onCredential,
  onFailure,
  onLoaded,
  failed,
  reason,
  pending,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCredential: (credential: string) => void;
  onFailure: () => void;
  onLoaded: () => void;
  failed: boolean;
  reason: string;
  pending: boolean;
  /** The button that opened the dialog, which gets the focus back when it closes. */
  returnFocus: () => void;
}) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SandboxGoogleSignInInput>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', name: '' },
  });
  useEffect(onLoaded, [onLoaded]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      onCredential(await sandboxGoogleCredential(values));
    } catch (error) {
      console.error('google sign-in', error);
      onFailure();
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('google.sandbox.title')}</DialogTitle>
          <DialogDescription>{t('google.sandbox.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('google.sandbox.title')}>
          <FormField label={t('fields.email')} error={errorText(errors.email)} required>
            <Input type="email" autoComplete="email" inputMode="email" aria-required {...register('email')} />
          </FormField>
          <FormField label={t('google.sandbox.name')} error={errorText(errors.name)}>
            <Input autoComplete="name" {...register('name')} />
          </FormField>
          <div role="alert">{failed && <p className="text-sm font-medium text-destructive">{reason}</p>}</div>
          <Button type="submit" size="lg" loading={isSubmitting || pending} className="w-full">
            {t('google.sandbox.submit')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
