import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { readStoredLanguage, watchLanguageChoices } from './language-detection';
import { LANGUAGE_STORAGE_KEY } from './storage-keys';

describe('watchLanguageChoices', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  });

  it("keeps the language of a clicked switch link, whether or not the app runs, and nothing else's", () => {
    document.body.innerHTML = [
      '<nav><a data-language-choice href="/en/about" hreflang="en"><span>EN</span></a></nav>',
      '<a href="/en/faq" hreflang="en">FAQ</a>',
      '<a data-language-choice href="/de" hreflang="de">DE</a>',
    ].join('');
    // Plain links until the app runs: the listener must not need React, and it must not stop them.
    for (const link of document.querySelectorAll('a')) link.addEventListener('click', (e) => e.preventDefault());
    watchLanguageChoices(document);

    document.querySelector<HTMLElement>('a[href="/en/faq"]')!.click();
    document.querySelector<HTMLElement>('a[href="/de"]')!.click();
    expect(readStoredLanguage()).toBeNull();

    document.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(readStoredLanguage()).toBe('en');
  });
});

describe('createI18n', () => {
  it('translates synchronously in the requested language with Polish as fallback', () => {
    const en = createI18n('en');
    expect(en.language).toBe('en');
    expect(en.t('skipLink')).toBe('Skip to content');
    expect(en.t('errors.general', { ns: 'errors' })).toBe('Something went wrong. Please try again later');
    const pl = createI18n('pl');
    expect(pl.t('skipLink')).toBe('Przejdź do treści');
    expect(pl.t('network', { ns: 'errors' })).toBe('Problem z połączeniem internetowym');
  });
});
