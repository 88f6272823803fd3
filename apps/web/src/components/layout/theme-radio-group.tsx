import { useTranslation } from 'react-i18next';
import { useTheme } from '@/components/theme/theme-provider';
import { cn } from '@/lib/cn';
import type { Theme } from '@/lib/theme';
import { THEME_OPTIONS } from './theme-options';

/**
 * The theme choice inline, for the mobile menu and the dashboard's, where a nested dropdown would be
 * awkward. A module of its own: the header's button (theme-switch.tsx) is on every page, this is not
 * (decision 070).
 */
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
