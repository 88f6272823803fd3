import { Menu } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { marketingNav, paths, stripLanguage, useLocalizedHref } from '@/config/paths';
import { cn } from '@/lib/cn';
import { AuthButton } from './auth-button';
import { LanguageSwitch } from './language-switch';
import { LogoMark } from './logo';
import { DeferredWidget } from './deferred-widget';
import { NAV_LABELS } from './nav-labels';
import { ThemeSwitch } from './theme-switch';

const loadMobileMenu = () => import('./mobile-menu');

/** The desktop bar has room for the first five; the rest live in the footer and mobile menu. */
const DESKTOP_ITEMS = 5;

export function Header() {
  const { t } = useTranslation('common');
  const href = useLocalizedHref();
  const [open, setOpen] = useState(false);
  // On a phone the dashboard has its own menu (its tabs, the offer form, the theme): one menu
  // button there, not two stacked (issue 25). From md up the dashboard shows its sidebar instead.
  const onDashboard = stripLanguage(useLocation().pathname).startsWith(paths.dashboard.root.path);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-(--container-page) items-center gap-3 px-4 sm:px-6">
        <Link
          to={href(paths.home.getHref())}
          aria-label={t('header.logoLabel')}
          className="mr-auto flex items-center gap-2 rounded-md text-lg font-bold tracking-tight lg:mr-6"
        >
          <LogoMark />
          <span>{t('appName')}</span>
        </Link>

        <nav aria-label={t('nav.label')} className="mr-auto hidden lg:block">
          <ul className="flex items-center gap-1">
            {marketingNav.slice(0, DESKTOP_ITEMS).map((item) => (
              <li key={item.key}>
                <NavLink
                  to={href(item.href)}
                  className={({ isActive }) =>
                    cn(
                      'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
                      isActive ? 'text-foreground' : 'text-muted-foreground',
                    )
                  }
                >
                  {t(NAV_LABELS[item.key])}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <LanguageSwitch />
        <ThemeSwitch className="max-sm:hidden" />
        <AuthButton className="max-sm:hidden" />

        <DeferredWidget
          load={loadMobileMenu}
          trigger={(props) => (
            <Button
              variant="ghost"
              size="icon"
              className={cn('lg:hidden', onDashboard && 'max-md:hidden')}
              aria-label={t('nav.openMenu')}
              {...props}
            >
              <Menu aria-hidden="true" />
            </Button>
          )}
          render={(Widget, trigger) => <Widget open={open} onOpenChange={setOpen} trigger={trigger} />}
          onFirstUse={() => setOpen(true)}
        />
      </div>
    </header>
  );
}
