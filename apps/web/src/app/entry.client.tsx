import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { isLanguage } from '@/config/paths';
import { createI18n, handleNamespaces, loadNamespaces, readPageTexts } from '@/lib/i18n';
import { watchLanguageChoices } from '@/lib/language-detection';

/**
 * The browser's start (decision 016): the page's translations, then React 19 hydrates the
 * document concurrently (in slices that yield to input). The texts come with the HTML (its JSON
 * data block, decision 074): no translation file is fetched before hydrating, unless a page's HTML
 * lacks one of its namespaces.
 */
async function start(): Promise<void> {
  watchLanguageChoices(document);
  const lang = document.documentElement.lang;
  const i18n = createI18n(isLanguage(lang) ? lang : 'pl', readPageTexts(document));
  // The route modules of the first page, loaded by the framework's script before this one runs.
  const modules = (window as { __reactRouterRouteModules?: Record<string, { handle?: unknown }> })
    .__reactRouterRouteModules;
  const namespaces = handleNamespaces(Object.values(modules ?? {}).map((module) => module?.handle));
  await Promise.all([i18n.ready, loadNamespaces(namespaces)]);
  // Presses made until the page is live are held by the head script and pressed again then
  // (root.tsx): React 19 drops a press on a tree it cannot hydrate at once (decision 064).
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
      { onRecoverableError: (error) => console.error('hydration', error) },
    );
  });
}

void start();
