import { useMatches } from 'react-router';
import type { Language } from '@/config/paths';
import { handleNamespaces, LAYOUT_NAMESPACES, PAGE_TEXTS_ID, pageTextsJson } from '@/lib/i18n';

/** The namespaces a page uses: the layout's and those its routes name in `handle.i18n`. */
export function pageNamespaces(handles: readonly unknown[]): string[] {
  return [...new Set([...LAYOUT_NAMESPACES, ...handleNamespaces(handles)])];
}

/**
 * The page's texts in its HTML (decision 074): a JSON data block with the namespaces the page uses,
 * in its language, which entry.client.tsx hands to the browser's i18next before hydrating, so the
 * first render fetches no translation file. Only the server writes it (prerender and rendering on
 * request); React does not rewrite a hydrated script's text, so the browser renders it empty and
 * its bundle leaves the serialising out, as with the head script (decision 064). Before the
 * framework's module script (which is `async`), so the block is parsed when the entry reads it.
 */
export function PageTexts({ language }: { language: Language }) {
  const matches = useMatches();
  const json = import.meta.env.SSR
    ? pageTextsJson(language, pageNamespaces(matches.map((match) => match.handle)))
    : '';
  return (
    <script
      type="application/json"
      id={PAGE_TEXTS_ID}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
