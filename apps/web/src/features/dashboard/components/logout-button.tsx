import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { paths } from '@/config/paths';
import { useLogout } from '@/lib/logout';
import { cn } from '@/lib/cn';

/** Spec 2: logs out and goes to /auth/login (a failed call is only logged; see useLogout). */
export function LogoutButton({ collapsed = false, className }: { collapsed?: boolean; className?: string }) {
  const { t } = useTranslation('dashboard');
  const { logout, isPending } = useLogout();
  const button = (
    <Button
      variant="ghost"
      size={collapsed ? 'icon-sm' : 'sm'}
      align={collapsed ? 'center' : 'start'}
      loading={isPending}
      aria-label={collapsed ? t('sidebar.logout') : undefined}
      onClick={() => void logout(paths.auth.login.getHref())}
      className={cn(!collapsed && 'w-full', className)}
    >
      {!isPending && <LogOut aria-hidden="true" />}
      {!collapsed && t('sidebar.logout')}
    </Button>
  );
  if (!collapsed) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right">{t('sidebar.logout')}</TooltipContent>
    </Tooltip>
  );
}
