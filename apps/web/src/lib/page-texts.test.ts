import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Resource } from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createI18n,
  loadNamespaces,
  PAGE_TEXTS_ID,
  pageTextsJson,
  provideAllResources,
  readPageTexts,
} from './i18n';
import { resources } from './i18n-resources';

/**
 * A page's texts are in its HTML (decision 074): the server writes the namespaces the page names
 * into a JSON data block, and the browser's instance starts with them, so hydration waits for no
 * translation file; a namespace the page did not carry still loads on demand.
 */
describe('the page’s texts in its HTML (decision 074)', () => {
  it('the server writes the page’s namespaces in its language, and nothing else', () => {
    const texts = JSON.parse(pageTextsJson('en', ['common', 'marketing-home', 'common'])) as Resource;
    expect(Object.keys(texts)).toEqual(['en']);
    expect(Object.keys(texts.en ?? {})).toEqual(['common', 'marketing-home']);
    expect(texts.en?.common).toEqual(resources.en?.common);
    expect(texts.en?.['marketing-home']).toEqual(resources.en?.['marketing-home']);
  });

  it('carries the error catalogue where the page names it', () => {
    const texts = JSON.parse(pageTextsJson('pl', ['common', 'errors'])) as Resource;
    expect(texts.pl?.errors).toEqual(resources.pl?.errors);
  });

  it('cannot close its script element or open a comment in the HTML', () => {
    provideAllResources({ pl: { common: { sly: '</script><!--<script>alert(1)</script>' } } });
    try {
      const json = pageTextsJson('pl', ['common']);
      expect(json).not.toMatch(/</);
      expect(JSON.parse(json)).toEqual({ pl: { common: { sly: '</script><!--<script>alert(1)</script>' } } });
    } finally {
      provideAllResources(resources);
    }
  });

  it('the map of every translation file is not in the module every page loads: it loads on first use', () => {
    const source = (file: string) => readFileSync(path.join(import.meta.dirname, file), 'utf8');
    expect(source('i18n.ts')).not.toContain('import.meta.glob');
    expect(source('i18n.ts')).toContain("import('./locale-files')");
    expect(source('locale-files.ts')).toContain(
      "import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json')",
    );
    // The error catalogue, which a form's first check waits for, stays one request away.
    expect(source('i18n.ts')).toContain("import('@substytut/shared/messages/pl')");
    expect(source('locale-files.ts')).not.toContain('@substytut/shared/messages');
  });

  describe('in the browser', () => {
    beforeEach(() => {
      // The browser's build has no bundled translations: it fetches what the page did not carry.
      provideAllResources(null);
    });
    afterEach(() => {
      provideAllResources(resources);
      document.getElementById(PAGE_TEXTS_ID)?.remove();
    });

    it('reads the page’s data block, and nothing when there is none or it is broken', () => {
      expect(readPageTexts(document)).toBeUndefined();
      const block = document.createElement('script');
      block.type = 'application/json';
      block.id = PAGE_TEXTS_ID;
      block.textContent = JSON.stringify({ pl: { common: { skipLink: 'Do treści' } } });
      document.body.append(block);
      expect(readPageTexts(document)).toEqual({ pl: { common: { skipLink: 'Do treści' } } });
      block.textContent = '{"pl":';
      expect(readPageTexts(document)).toBeUndefined();
    });

    it('starts with the page’s texts, fetches none of them, and fetches what the page did not carry', async () => {
      const given: Resource = {
        pl: {
          common: { skipLink: 'Do treści (z HTML)' },
          'marketing-home': { home: { hero: { title: 'Tytuł' } } },
        },
      };
      const i18n = createI18n('pl', given);
      const fetched: string[] = [];
      i18n.services.backendConnector.on('loaded', (loaded: Record<string, Record<string, boolean>>) => {
        for (const [language, namespaces] of Object.entries(loaded))
          for (const namespace of Object.keys(namespaces)) fetched.push(`${language}/${namespace}`);
      });
      await i18n.ready;
      expect(i18n.t('skipLink')).toBe('Do treści (z HTML)');
      expect(i18n.t('home.hero.title', { ns: 'marketing-home' })).toBe('Tytuł');
      expect(i18n.hasLoadedNamespace('marketing-home')).toBe(true);
      await loadNamespaces(['common', 'marketing-home']);
      expect(fetched).toEqual([]);

      await loadNamespaces(['auth', 'errors']);
      expect(fetched.sort()).toEqual(['pl/auth', 'pl/errors']);
      expect(i18n.t('network', { ns: 'errors' })).toBe('Problem z połączeniem internetowym');
      expect(i18n.t('skipLink')).toBe('Do treści (z HTML)');
    });

    it('takes no texts of another language than the page’s', async () => {
      const i18n = createI18n('en', { pl: { common: { skipLink: 'Przejdź do treści' } } });
      await i18n.ready;
      expect(i18n.t('skipLink')).toBe('Skip to content');
    });
  });
});
