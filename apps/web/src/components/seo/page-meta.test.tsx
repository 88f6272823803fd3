import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COMPANY, PRODUCT_NAME } from '@/config/constants';
import { renderApp } from '../../../test/render-app';

function structuredData(): Record<string, unknown> {
  const script = document.querySelector('script[type="application/ld+json"]');
  if (!script?.textContent) throw new Error('no structured data');
  return JSON.parse(script.textContent) as Record<string, unknown>;
}

describe('PageMeta structured data', () => {
  it('names the operator as the page author, an Organization, with read actions in both languages', async () => {
    renderApp('/en/about');
    await waitFor(() => expect(document.querySelector('script[type="application/ld+json"]')).not.toBeNull(), {
      timeout: 10_000,
    });
    const data = structuredData();
    expect(data['@type']).toBe('WebPage');
    expect(data.inLanguage).toBe('en');
    expect(data.author).toMatchObject({ '@type': 'Organization', name: PRODUCT_NAME, legalName: COMPANY.name });
    expect(data.potentialAction).toEqual([
      expect.objectContaining({ '@type': 'ReadAction', inLanguage: 'pl', target: [expect.stringMatching(/\/pl\/about$/)] }),
      expect.objectContaining({ '@type': 'ReadAction', inLanguage: 'en', target: [expect.stringMatching(/\/en\/about$/)] }),
    ]);
  });
});
