import { Mail, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';

type Variant = 'primary' | 'accent';

/** 'Załóż konto': the marketing pages' main call to action, to /auth/register. */
export function RegisterLinkButton({ variant = 'primary' }: { variant?: Variant }) {
  const { t } = useTranslation('common');
  const href = useLocalizedHref();
  return (
    <LinkButton to={href(paths.auth.register.getHref())} variant={variant} size="lg">
      <UserPlus aria-hidden="true" />
      {t('marketing.register')}
    </LinkButton>
  );
}

/** Registration with contact beside it, for the pages that speak to those still deciding. */
export function RegisterAndContactButtons({ variant }: { variant: Variant }) {
  const { t } = useTranslation('common');
  const href = useLocalizedHref();
  return (
    <>
      <RegisterLinkButton variant={variant} />
      <LinkButton to={href(paths.contact.getHref())} variant="outline" size="lg">
        <Mail aria-hidden="true" />
        {t('marketing.contact')}
      </LinkButton>
    </>
  );
}
