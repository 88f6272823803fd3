import { LayoutDashboard, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ExternalLinkButton, LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { usePublicConfig } from '@/lib/public-config';
import { useSession } from '@/lib/session';

/** 'Panel' for a stored session, otherwise login through the external booking page. */
export function AuthButton({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const { token } = useSession();
  const { bookingUrl } = usePublicConfig();
  const href = useLocalizedHref();

  if (token) {
    return (
      <LinkButton to={href(paths.dashboard.root.getHref())} size="sm" className={className}>
        <LayoutDashboard aria-hidden="true" />
        {t('header.dashboard')}
      </LinkButton>
    );
  }
  return (
    <ExternalLinkButton href={bookingUrl} rel="noopener" size="sm" className={className}>
      <LogIn aria-hidden="true" />
      {t('header.login')}
    </ExternalLinkButton>
  );
}
