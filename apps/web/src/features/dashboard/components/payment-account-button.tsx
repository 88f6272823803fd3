import { CreditCard, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useLanguage } from '@/lib/use-language';
import { createPaymentAccountLink, paymentDashboardLink, usePaymentRedirect } from '../api/payment-account';

interface PaymentAccountButtonProps extends Pick<ButtonProps, 'variant' | 'size' | 'className'> {
  /** connect: POST stripe/createaccount (onboarding); dashboard: POST stripe/login. */
  kind: 'connect' | 'dashboard';
  label?: string;
}

/** Goes to the payment provider; a failure shows 'Wystąpił błąd' and enables the button again. */
export function PaymentAccountButton({ kind, label, variant, size, className }: PaymentAccountButtonProps) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const redirect = usePaymentRedirect(
    () => (kind === 'connect' ? createPaymentAccountLink : paymentDashboardLink)(language),
    (error) => {
      console.error('payment account link failed', error);
      toast.error(t('toasts.error'));
    },
  );
  const Icon = kind === 'connect' ? CreditCard : ExternalLink;
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      loading={redirect.isPending}
      onClick={() => redirect.mutate()}
    >
      {!redirect.isPending && <Icon aria-hidden="true" />}
      {label ?? (kind === 'connect' ? t('payment.connect') : t('payment.dashboard'))}
    </Button>
  );
}
