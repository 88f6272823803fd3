import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { overlayClasses } from '@/components/ui/dialog';
import { marketingNav, paths, useLocalizedHref } from '@/config/paths';
import { AuthButton } from './auth-button';
import { NAV_LABELS } from './nav-labels';
import { ThemeRadioGroup } from './theme-radio-group';

/** The phone menu; loaded on first use (see Header), so pages do not carry the dialog code. */
export default function MobileMenu({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactElement;
}) {
  const { t } = useTranslation('common');
  const href = useLocalizedHref();
  const setOpen = onOpenChange;
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClasses} />
        <DialogPrimitive.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,calc(100vw-3rem))] flex-col gap-6 overflow-y-auto border-l border-border bg-background p-6 shadow-2xl focus:outline-none">
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title className="text-lg font-semibold">
              {t('nav.menuTitle')}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('nav.closeMenu')}>
                <X aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">
            {t('nav.menuDescription')}
          </DialogPrimitive.Description>
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
  );
}
