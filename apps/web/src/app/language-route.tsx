import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RootLayout } from '@/components/layout/root-layout';
import type { Language } from '@/config/paths';
import { detectBrowserLanguage } from '@/lib/language-detection';

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Parent of every page. A /pl or /en prefix fixes the language; an unprefixed address uses the
 * stored choice, then the browser's languages (see detectLanguage).
 */
export function LanguageRoute({ language }: { language: Language | null }) {
  const { i18n } = useTranslation();
  const target: Language = language ?? (typeof window === 'undefined' ? (i18n.language as Language) : detectBrowserLanguage('/'));

  // Before paint, so a language switch never shows a frame of the old language.
  useIsomorphicLayoutEffect(() => {
    if (i18n.language !== target) void i18n.changeLanguage(target);
    document.documentElement.lang = target;
  }, [i18n, target]);

  return <RootLayout />;
}
