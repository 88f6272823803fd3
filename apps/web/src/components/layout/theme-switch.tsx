import { Moon, Sun } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DeferredWidget } from './deferred-widget';

const loadThemeMenu = () => import('./theme-menu');

/**
 * The header's theme button; its dropdown menu loads on first use (see DeferredWidget). The icon
 * follows the <html> class through CSS, so server and client markup agree.
 */
export function ThemeSwitch({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <DeferredWidget
      load={loadThemeMenu}
      trigger={(props) => (
        <Button variant="ghost" size="icon" className={className} aria-label={t('theme.change')} {...props}>
          <Sun aria-hidden="true" className="dark:hidden" />
          <Moon aria-hidden="true" className="hidden dark:block" />
        </Button>
      )}
      render={(Menu, trigger) => <Menu open={open} onOpenChange={setOpen} trigger={trigger} />}
      onFirstUse={() => setOpen(true)}
    />
  );
}
