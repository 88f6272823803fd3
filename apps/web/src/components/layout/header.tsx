import { Menu, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { overlayClasses } from '@/components/ui/dialog';
import { marketingNav, paths, useLocalizedHref } from '@/config/paths';
import { cn } from '@/lib/cn';
import { AuthButton } from './auth-button';
import { LanguageSwitch } from './language-switch';
import { LogoMark } from './logo';
import { ThemeRadioGroup, ThemeSwitch } from './theme-switch';

const NAV_LABELS = {
  features: 'nav.features',
  forLawyers: 'nav.forLawyers',
  forLawFirms: 'nav.forLawFirms',
  pricing: 'nav.pricing',
  faq: 'nav.faq',
  about: 'nav.about',
  contact: 'nav.contact',
} as const;

/** The desktop bar has room for the first five; the rest live in the footer and mobile menu. */
const DESKTOP_ITEMS = 5;

export function Header() {
  const { t } = useTranslation('common');
  const href = useLocalizedHref();
  const [open, setOpen] = useState(false);

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
        <ThemeSwitch className="hidden sm:inline-flex" />
        <AuthButton className="hidden sm:inline-flex" />

        <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
          <DialogPrimitive.Trigger asChild>
            <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t('nav.openMenu')}>
              <Menu aria-hidden="true" />
            </Button>
          </DialogPrimitive.Trigger>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className={overlayClasses} />
            <DialogPrimitive.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,calc(100vw-3rem))] flex-col gap-6 overflow-y-auto border-l border-border bg-background p-6 shadow-2xl focus:outline-none">
              <div className="flex items-center justify-between">
                <DialogPrimitive.Title className="text-lg font-semibold">{t('nav.menuTitle')}</DialogPrimitive.Title>
                <DialogPrimitive.Close asChild>
                  <Button variant="ghost" size="icon" aria-label={t('nav.closeMenu')}>
                    <X aria-hidden="true" />
                  </Button>
                </DialogPrimitive.Close>
              </div>
              <DialogPrimitive.Description className="sr-only">{t('nav.menuDescription')}</DialogPrimitive.Description>
              <nav aria-label={t('nav.label')}>
                <ul className="flex flex-col gap-1">
                  <li>
                    <NavLink
                      to={href(paths.home.getHref())}
                      end
                      onClick={() => setOpen(false)}
                      className="block rounded-md px-3 py-2.5 font-medium hover:bg-muted aria-[current=page]:bg-muted"
                    >
                      {t('nav.home')}
                    </NavLink>
                  </li>
                  {marketingNav.map((item) => (
                    <li key={item.key}>
                      <NavLink
                        to={href(item.href)}
                        onClick={() => setOpen(false)}
                        className="block rounded-md px-3 py-2.5 font-medium hover:bg-muted aria-[current=page]:bg-muted"
                      >
                        {t(NAV_LABELS[item.key])}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
              <ThemeRadioGroup />
              <AuthButton className="w-full" />
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>
      </div>
    </header>
  );
}
