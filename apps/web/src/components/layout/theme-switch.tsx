import { Moon, Sun } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@/components/theme/theme-provider';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { Theme } from '@/lib/theme';
import { DeferredWidget } from './deferred-widget';
import { THEME_OPTIONS } from './theme-options';

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

/** Inline variant for the mobile menu, where a nested dropdown would be awkward. */
export function ThemeRadioGroup({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const { theme, setTheme } = useTheme();
  return (
    <fieldset className={cn('flex flex-col gap-2', className)}>
      <legend className="mb-2 text-sm font-medium">{t('theme.label')}</legend>
      <div className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
        {THEME_OPTIONS.map(({ value, label, Icon }) => (
          <label
            key={value}
            className="flex min-w-0 cursor-pointer flex-col items-center justify-center gap-1 rounded-md px-1 py-2 text-xs text-muted-foreground has-checked:bg-card has-checked:text-foreground has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-ring"
          >
            <input
              type="radio"
              name="theme"
              value={value}
              checked={theme === value}
              onChange={() => setTheme(value as Theme)}
              className="sr-only"
            />
            <Icon aria-hidden="true" className="size-4" />
            {t(label)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
