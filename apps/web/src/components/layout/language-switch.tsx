import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LANGUAGES, switchLanguageHref } from '@/config/paths';
import { cn } from '@/lib/cn';
import { languageChoiceProps } from '@/lib/language-detection';

const LABELS = { pl: 'language.pl', en: 'language.en' } as const;

/**
 * Visible PL / EN switch; it keeps the current page and swaps (or adds) the prefix. The choice is
 * remembered by the entry script's listener (watchLanguageChoices).
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const { pathname, search, hash } = useLocation();
  const current = `${pathname}${search}${hash}`;
  return (
    <nav aria-label={t('language.label')} className={cn('flex items-center rounded-md border border-border p-0.5', className)}>
      {LANGUAGES.map((language) => {
        const active = i18n.language === language;
        return (
          <Link
            key={language}
            to={switchLanguageHref(current, language)}
            hrefLang={language}
            lang={language}
            aria-current={active ? 'true' : undefined}
            aria-label={`${language.toUpperCase()} – ${t(LABELS[language])}`}
            {...languageChoiceProps}
            className={cn(
              'rounded-sm px-2 py-1 text-xs font-semibold tracking-wide uppercase transition-colors',
              active ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
            )}
          >
            {language}
          </Link>
        );
      })}
    </nav>
  );
}
