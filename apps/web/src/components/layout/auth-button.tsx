import { LayoutDashboard, LogIn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkButton } from '@/components/ui/link-button';
import { paths, useLocalizedHref } from '@/config/paths';
import { useSession } from '@/lib/session';

/**
 * Where the account link leads: 'Panel' for a stored session, otherwise 'Zaloguj się' to /auth.
 * The spec sent the login to the external booking page, which left a returning lawyer no way to
 * sign in (issue 34, decision 038): the booking page stays behind the buttons that create a profile.
 */
function useAccountTarget() {
  const { t } = useTranslation('common');
  const { token } = useSession();
  const href = useLocalizedHref();
  return token
    ? { to: href(paths.dashboard.root.getHref()), label: t('header.dashboard'), Icon: LayoutDashboard }
    : { to: href(paths.auth.root.getHref()), label: t('header.login'), Icon: LogIn };
}

/** The header's and the phone menu's account button. */
export function AuthButton({ className }: { className?: string }) {
  const { to, label, Icon } = useAccountTarget();
  return (
    <LinkButton to={to} size="sm" className={className}>
      <Icon aria-hidden="true" />
      {label}
    </LinkButton>
  );
}

/** The footer's account link: the same target as the header's button, as a text link. */
export function AccountLink({ className }: { className?: string }) {
  const { to, label } = useAccountTarget();
  return (
    <Link to={to} className={className}>
      {label}
    </Link>
  );
}
